// Parley's GraphQL API as one widget uses it: queries and mutations over HTTP (POST /graphql),
// subscriptions over one WebSocket (graphql-transport-ws, the graphql-ws client), both with the
// widget's Bearer token. A token Parley refuses (HTTP 401, the socket closed with 4403) is
// renewed through the page's tokenProvider once, and the request or the socket tried again.
import { createClient } from 'graphql-ws';

/** What went wrong, in Parley's terms: `code` is the API's error code (or the widget's own). */
export class ParleyError extends Error {
  constructor(message, { code, status, details } = {}) {
    super(message);
    this.name = 'ParleyError';
    this.code = code ?? 'internal_error';
    this.status = status;
    this.details = details;
  }
}

// Closed by Parley when `connection_init` carries no usable token, or the token stopped working.
const CLOSE_FORBIDDEN = 4403;

/**
 * The API of one widget at `endpoint` (Parley's base URL). `credentials` is the widget's
 * Credentials. Lives until `close()`, which the widget calls when it leaves the page.
 */
export function createApi(endpoint, credentials) {
  const url = `${endpoint.replace(/\/+$/, '')}/graphql`;

  async function post(query, variables, token) {
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
    } catch {
      // The browser tells no more: offline, or CORS refused (this page's origin is not listed).
      throw new ParleyError(`Parley cannot be reached at ${endpoint}: offline, or this page's origin is not among the token's allowed origins`, {
        code: 'network_error',
      });
    }
    const body = await response.json().catch(() => ({}));
    const [first] = body.errors ?? [];
    if (first) {
      const { code, details } = first.extensions ?? {};
      throw new ParleyError(first.message, { code, status: response.status, details });
    }
    if (!response.ok || !body.data) throw new ParleyError(`Parley answered ${response.status}`, { code: 'internal_error', status: response.status });
    return body.data;
  }

  /** Runs a query or mutation; resolves with its `data`, or rejects with a ParleyError. */
  async function request(query, variables) {
    const token = await credentials.current();
    try {
      return await post(query, variables, token);
    } catch (error) {
      if (error.status !== 401 || !credentials.expire(token)) throw error;
      return post(query, variables, await credentials.current());
    }
  }

  let socket = null;
  let socketToken = null;
  function live() {
    socket ??= createClient({
      url: url.replace(/^http/, 'ws'),
      connectionParams: async () => {
        socketToken = await credentials.current();
        return { authorization: `Bearer ${socketToken}` };
      },
      retryAttempts: 3,
      // A refused token is worth a retry only with a new one; other closes are retried as is.
      shouldRetry: (event) => event?.code !== CLOSE_FORBIDDEN || credentials.expire(socketToken),
    });
    return socket;
  }

  /**
   * Calls `onData` with each result of a subscription. `finished` resolves when it completes
   * and rejects with a ParleyError when it fails; `stop()` ends it early. The socket opens on
   * the first subscription.
   */
  function subscribe(query, variables, onData) {
    let stop;
    const finished = new Promise((resolve, reject) => {
      const unsubscribe = live().subscribe(
        { query, variables },
        {
          next: (result) => {
            const [first] = result.errors ?? [];
            if (first) reject(new ParleyError(first.message, { code: first.extensions?.code, details: first.extensions?.details }));
            else onData(result.data);
          },
          error: (error) => reject(socketError(error)),
          complete: resolve,
        },
      );
      stop = () => {
        unsubscribe();
        resolve();
      };
    });
    return { finished, stop };
  }

  return {
    request,
    subscribe,
    close: () => socket?.dispose(),
  };
}

/** graphql-ws rejects with a close event, an Error, or the errors of a refused operation. */
function socketError(error) {
  if (error instanceof Error) return new ParleyError(error.message, { code: 'network_error' });
  if (Array.isArray(error)) return new ParleyError(error[0]?.message ?? 'Parley refused the subscription', { code: error[0]?.extensions?.code });
  if (error?.code === CLOSE_FORBIDDEN) return new ParleyError('Parley refused the token for live updates', { code: 'unauthorized', status: 401 });
  return new ParleyError(`The live connection to Parley closed${error?.code ? ` (${error.code}${error.reason ? `: ${error.reason}` : ''})` : ''}`, { code: 'network_error' });
}
