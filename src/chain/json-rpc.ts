import DataLoader from 'dataloader';
import { retryAfterOf, unavailable } from '../shared/errors';
import { RateGate } from '../shared/rate-gate';

/** An error the node answered (https://www.jsonrpc.org/specification#error_object): not retried. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface JsonRpcOptions {
  timeoutMs?: number;
  /** Attempts per batch when the node cannot be reached, refuses or fails (default 3, backing off 100 ms, 200 ms, …; not after a timeout). */
  attempts?: number;
  /** What the node is, for the 503 that says it cannot be reached. */
  name: string;
  /** Calls per second the node allows (SOLANA_RPC_RPS): batches wait their turn under it. */
  callsPerSecond?: number;
}

/** A batch the node answered with 429 or 5xx, or did not answer in time: tried again, then 503. */
class NodeUnavailable extends Error {
  constructor(
    message: string,
    /** The node's Retry-After, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The longest a Retry-After of the node is waited before trying again; a longer one fails the call at once. */
const MAX_RETRY_WAIT_S = 1;

/** A call as JSON-RPC 2.0 sends it (https://www.jsonrpc.org/specification#request_object). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number | string | null;
  method: string;
  params: unknown[];
}

/** A call's answer (https://www.jsonrpc.org/specification#response_object): a result or an error. */
export interface JsonRpcAnswer {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * Where the client sends its requests: a node's HTTP URL, or a node in this process that
 * answers a batch of requests with their answers (the embedded ledger): the same messages,
 * without a loopback socket or their JSON text.
 */
export type JsonRpcNode = string | { answer(batch: JsonRpcRequest[]): JsonRpcAnswer[] };

interface Call {
  method: string;
  params: unknown[];
}

/** The most calls sent in one batch; public RPC providers accept at least this many. */
const MAX_BATCH = 50;

/**
 * JSON-RPC 2.0 to a Solana node, over HTTP POST or to a node in this process. Calls made before
 * the event loop next checks for immediates go out as one batch request (DataLoader), so a
 * message's independent reads, and those of concurrent requests, cost one round trip. Over
 * HTTP, batches wait their turn under `callsPerSecond`, time out, are retried with backoff while
 * the node cannot be reached, refuses them (429) or fails (5xx), and then fail as 503
 * `service_unavailable` with the node's Retry-After where it gave one; an error the node
 * answers fails its own call only, as a JsonRpcError.
 */
export class JsonRpcClient {
  private readonly batches: DataLoader<Call, unknown>;
  private readonly gate: RateGate;
  private nextId = 0;
  /** Batches of calls waiting for the check phase, and the gatherers (`beforeBatch`) that run first. */
  private readonly sends: Array<() => void> = [];
  private readonly gatherers: Array<() => void> = [];
  private scheduled = false;

  constructor(
    private readonly node: JsonRpcNode,
    private readonly options: JsonRpcOptions,
  ) {
    this.gate = new RateGate(options.callsPerSecond, `the ${options.name} RPC node`);
    // A batch is sent at the event loop's check phase, not at the end of the tick: the reads of
    // requests that arrived together go as one batch (bench/README.md#kept-speed-tricks).
    this.batches = new DataLoader((calls) => this.send(calls), { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (send) => this.schedule(this.sends, send) });
  }

  /**
   * A DataLoader `batchScheduleFn` for loaders whose batches make calls of this client (the
   * accounts read together as one getMultipleAccounts): they run at the check phase just before
   * this client's batch is sent, so their calls go in the same request.
   */
  readonly beforeBatch = (gather: () => void): void => this.schedule(this.gatherers, gather);

  private schedule(queue: Array<() => void>, run: () => void): void {
    queue.push(run);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      for (const gather of this.gatherers.splice(0)) gather();
      for (const send of this.sends.splice(0)) send();
    });
  }

  call<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.batches.load({ method, params }) as Promise<T>;
  }

  private async send(calls: readonly Call[]): Promise<Array<unknown>> {
    const first = this.nextId;
    this.nextId += calls.length;
    const requests = calls.map(({ method, params }, i): JsonRpcRequest => ({ jsonrpc: '2.0', id: first + i, method, params }));
    const answers = typeof this.node === 'string' ? await this.post(this.node, JSON.stringify(requests), calls) : this.node.answer(requests);
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return calls.map(({ method }, i) => {
      const answer = byId.get(first + i);
      if (!answer) return new JsonRpcError(-32603, `The node did not answer ${method}`);
      if (answer.error) return new JsonRpcError(answer.error.code, answer.error.message, answer.error.data);
      return answer.result;
    });
  }

  private async post(url: string, body: string, calls: readonly Call[]): Promise<JsonRpcAnswer[]> {
    const attempts = this.options.attempts ?? 3;
    let last: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const answered = await this.gate.take(calls.length);
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        }).finally(answered);
        if (response.status === 429 || response.status >= 500) {
          await response.body?.cancel();
          throw new NodeUnavailable(`HTTP ${response.status}`, retryAfterOf(response.headers.get('retry-after')));
        }
        const payload: unknown = await response.json();
        if (Array.isArray(payload)) return payload as JsonRpcAnswer[];
        // A node that refuses the whole batch answers one error object.
        const refused = payload as JsonRpcAnswer;
        throw new JsonRpcError(refused?.error?.code ?? -32603, refused?.error?.message ?? `HTTP ${response.status}`, refused?.error?.data);
      } catch (error) {
        if (error instanceof JsonRpcError || (error as { code?: unknown }).code === 'service_unavailable') throw error;
        last = error;
        const asked = error instanceof NodeUnavailable ? error.retryAfter : undefined;
        // A node that took the whole timeout is not asked again: the caller has waited long enough.
        const timedOut = (error as { name?: unknown }).name === 'TimeoutError';
        if (attempt === attempts - 1 || timedOut || (asked ?? 0) > MAX_RETRY_WAIT_S) break;
        await new Promise((resolve) => setTimeout(resolve, Math.max(100 * 2 ** attempt, (asked ?? 0) * 1000)));
      }
    }
    const what = last instanceof NodeUnavailable ? `answered ${last.message}` : 'is unreachable';
    throw unavailable(`The ${this.options.name} RPC node ${what} (${calls[0].method}); retry shortly`, {
      retryAfter: last instanceof NodeUnavailable ? last.retryAfter : undefined,
      cause: last,
    });
  }
}
