import { DomainError, retryAfterOf, unavailable } from './errors';
import type { RateGate } from './rate-gate';

/** Where and how to reach Jupiter's APIs (JUPITER_API_URL, JUPITER_API_KEY, JUPITER_RPS). */
export interface JupiterEndpoint {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Holds calls under JUPITER_RPS; shared by prices and quotes, which count against one key. */
  gate?: RateGate;
}

/** Jupiter could not be reached, did not answer in time, refused the call (429) or failed (5xx). */
class JupiterUnavailable extends Error {
  constructor(
    message: string,
    /** Jupiter's Retry-After, in seconds. */
    readonly retryAfter?: number,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/**
 * One request to a Jupiter API: JSON in and out, the API key header when one is configured,
 * a timeout, and its turn under JUPITER_RPS. Jupiter out of reach, refusing (429) or failing
 * (5xx) throws (see `jupiterUnavailable`); any other status is the caller's to read (prices and
 * quotes differ).
 */
export async function jupiterFetch(endpoint: JupiterEndpoint, path: string, body?: unknown, defaultTimeoutMs = 10_000): Promise<Response> {
  const answered = await endpoint.gate?.take();
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/$/, '')}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(endpoint.apiKey && { 'x-api-key': endpoint.apiKey }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? defaultTimeoutMs),
    });
  } catch (error) {
    throw new JupiterUnavailable('is unreachable', undefined, error);
  } finally {
    answered?.();
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new JupiterUnavailable(`answered ${response.status}`, retryAfterOf(response.headers.get('retry-after')));
  }
  return response;
}

/** The 503 for a failed call to Jupiter's `service` (prices, quotes), with Jupiter's Retry-After where it gave one. */
export function jupiterUnavailable(service: string, error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const reason = error instanceof JupiterUnavailable ? error : undefined;
  return unavailable(`The ${service} (Jupiter) ${reason?.message ?? 'is unreachable'}; retry shortly`, { retryAfter: reason?.retryAfter, cause: error });
}
