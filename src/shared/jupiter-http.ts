/** Where and how to reach Jupiter's APIs (JUPITER_API_URL, JUPITER_API_KEY). */
export interface JupiterEndpoint {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

/**
 * One request to a Jupiter API: JSON in and out, the API key header when one is configured,
 * and a timeout. Each caller reads the status its own way (prices and quotes differ).
 */
export function jupiterFetch(endpoint: JupiterEndpoint, path: string, body?: unknown, defaultTimeoutMs = 10_000): Promise<Response> {
  return fetch(`${endpoint.baseUrl.replace(/\/$/, '')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(endpoint.apiKey && { 'x-api-key': endpoint.apiKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(endpoint.timeoutMs ?? defaultTimeoutMs),
  });
}
