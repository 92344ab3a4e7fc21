import DataLoader from 'dataloader';
import { DomainError } from '../shared/errors';

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
  /** Attempts per batch when the node cannot be reached (default 3, backing off 100 ms, 200 ms, …). */
  attempts?: number;
  /** What the node is, for the 503 that says it cannot be reached. */
  name: string;
}

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
 * HTTP, batches time out, are retried with backoff while the node cannot be reached, and then
 * fail as 503 `service_unavailable`; an error the node answers fails its own call only, as a
 * JsonRpcError.
 */
export class JsonRpcClient {
  private readonly batches: DataLoader<Call, unknown>;
  private nextId = 0;

  constructor(
    private readonly node: JsonRpcNode,
    private readonly options: JsonRpcOptions,
  ) {
    // A batch is sent at the event loop's check phase, not at the end of the tick: the reads of
    // requests that arrived together go as one batch (bench/README.md#kept-speed-tricks).
    this.batches = new DataLoader((calls) => this.send(calls), { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (send) => setImmediate(send) });
  }

  call<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.batches.load({ method, params }) as Promise<T>;
  }

  private async send(calls: readonly Call[]): Promise<Array<unknown>> {
    const first = this.nextId;
    this.nextId += calls.length;
    const requests = calls.map(({ method, params }, i): JsonRpcRequest => ({ jsonrpc: '2.0', id: first + i, method, params }));
    const answers = typeof this.node === 'string' ? await this.post(this.node, JSON.stringify(requests), calls[0].method) : this.node.answer(requests);
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return calls.map(({ method }, i) => {
      const answer = byId.get(first + i);
      if (!answer) return new JsonRpcError(-32603, `The node did not answer ${method}`);
      if (answer.error) return new JsonRpcError(answer.error.code, answer.error.message, answer.error.data);
      return answer.result;
    });
  }

  private async post(url: string, body: string, method: string): Promise<JsonRpcAnswer[]> {
    const attempts = this.options.attempts ?? 3;
    let last: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
        if (response.status === 502 || response.status === 503 || response.status === 504) throw new Error(`HTTP ${response.status}`);
        const payload: unknown = await response.json();
        if (Array.isArray(payload)) return payload as JsonRpcAnswer[];
        // A node that refuses the whole batch answers one error object.
        const refused = payload as JsonRpcAnswer;
        throw new JsonRpcError(refused?.error?.code ?? -32603, refused?.error?.message ?? `HTTP ${response.status}`, refused?.error?.data);
      } catch (error) {
        if (error instanceof JsonRpcError) throw error;
        last = error;
        if (attempt < attempts - 1) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
    throw new DomainError('service_unavailable', `The ${this.options.name} RPC node is unreachable (${method})`, { cause: last });
  }
}
