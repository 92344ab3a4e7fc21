import WebSocket from 'ws';

/**
 * A bare graphql-transport-ws client for tests: every message and the close code are visible,
 * which a full client (graphql-ws's createClient) would hide behind retries.
 */
export interface ProtocolMessage {
  id?: string;
  type: string;
  payload?: any;
}

export class WsTestClient {
  private readonly byId = new Map<string, { queue: ProtocolMessage[]; waiting: Array<(message: ProtocolMessage) => void> }>();
  private nextId = 1;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly acked: Promise<ProtocolMessage>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    let ack: (message: ProtocolMessage) => void;
    this.acked = new Promise((resolve) => (ack = resolve));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ProtocolMessage;
      if (message.type === 'connection_ack') return ack(message);
      if (message.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
      if (!message.id) return;
      const entry = this.entry(message.id);
      const waiter = entry.waiting.shift();
      if (waiter) waiter(message);
      else entry.queue.push(message);
    });
  }

  /** Opens a socket to `<url>/graphql` and sends connection_init with `payload` (unless undefined). */
  static async open(url: string, payload?: Record<string, unknown>, protocol = 'graphql-transport-ws'): Promise<WsTestClient> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, protocol);
    const client = new WsTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    if (payload !== undefined) socket.send(JSON.stringify({ type: 'connection_init', payload }));
    return client;
  }

  /** Opens and waits for the ack (fails if the socket closes first). */
  static async connect(url: string, key: string): Promise<WsTestClient> {
    const client = await WsTestClient.open(url, { authorization: `Bearer ${key}` });
    const outcome = await Promise.race([client.acked.then(() => 'ack'), client.closed.then((c) => `closed ${c.code} ${c.reason}`)]);
    if (outcome !== 'ack') throw new Error(`connection refused: ${outcome}`);
    return client;
  }

  private entry(id: string) {
    let entry = this.byId.get(id);
    if (!entry) this.byId.set(id, (entry = { queue: [], waiting: [] }));
    return entry;
  }

  subscribe(query: string, variables?: Record<string, unknown>): Subscription {
    const id = String(this.nextId++);
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
    return new Subscription(id, this);
  }

  /** The next message of operation `id` (next, error or complete), or a timeout error. */
  receive(id: string, timeoutMs = 10_000): Promise<ProtocolMessage> {
    const entry = this.entry(id);
    const queued = entry.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        entry.waiting.splice(entry.waiting.indexOf(waiter), 1);
        reject(new Error(`no message for subscription ${id} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = (message: ProtocolMessage) => {
        clearTimeout(timer);
        resolve(message);
      };
      entry.waiting.push(waiter);
    });
  }

  /** Messages of operation `id` already received and not yet read. */
  pending(id: string): ProtocolMessage[] {
    return [...this.entry(id).queue];
  }

  close(): void {
    this.socket.close();
  }
}

export class Subscription {
  constructor(
    readonly id: string,
    private readonly client: WsTestClient,
  ) {}

  receive(timeoutMs?: number): Promise<ProtocolMessage> {
    return this.client.receive(this.id, timeoutMs);
  }

  pending(): ProtocolMessage[] {
    return this.client.pending(this.id);
  }

  complete(): void {
    this.client.socket.send(JSON.stringify({ id: this.id, type: 'complete' }));
  }
}

/** Waits until `condition` holds, polling every 10 ms (up to `timeoutMs`). */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
