import { unavailable } from './errors';

/** The longest a call waits for its turn before it is refused: the queue's bound. */
const MAX_WAIT_MS = 5_000;

/**
 * Holds outgoing calls to a provider under its rate (SOLANA_RPC_RPS, JUPITER_RPS): each call
 * takes its turn, spaced 1/rate s apart, and goes only while the last second of calls as
 * actually sent leaves room for it, so no second ever carries more than the rate, even when a
 * timer fires late (a busy event loop would otherwise let turns bunch: 3 × 429 in 724 calls from
 * a node allowing 60/s to a gate of 50/s, bench/README.md "Dependencies that fail"). A call waits
 * for its turn rather than fail, up to MAX_WAIT_MS; beyond that the queue is full and it is
 * refused with 503 `service_unavailable` and a Retry-After of when a turn would come. Without a
 * rate, every call goes at once.
 */
export class RateGate {
  /** When the next turn is free, in ms (performance.now()). */
  private next = 0;
  /** When the calls of the last second were sent, oldest first. */
  private readonly sent: number[] = [];

  constructor(
    private readonly perSecond: number | undefined,
    /** What the provider is, for the 503. */
    private readonly name: string,
  ) {}

  /** Resolves when `calls` calls may go (a batch takes one turn per call), or throws 503. */
  async take(calls = 1): Promise<void> {
    if (!this.perSecond) return;
    const interval = 1000 / this.perSecond;
    const now = performance.now();
    // A batch goes at its last call's turn: its calls arrive together, none ahead of its turn.
    const at = Math.max(now, this.next) + (calls - 1) * interval;
    const wait = at - now;
    if (wait > MAX_WAIT_MS) {
      throw unavailable(`Too many calls are waiting for ${this.name}; retry shortly`, { retryAfter: wait / 1000 });
    }
    this.next = at + interval;
    if (wait > 0) await sleep(wait);
    for (;;) {
      const now = performance.now();
      while (this.sent.length && this.sent[0] <= now - 1000) this.sent.shift();
      const excess = this.sent.length + calls - this.perSecond;
      // A batch larger than the rate never fits: it goes once the second before it is empty.
      if (excess <= 0 || this.sent.length === 0) break;
      await sleep(this.sent[Math.min(excess, this.sent.length) - 1] + 1000 - now);
    }
    for (let i = 0; i < calls; i++) this.sent.push(performance.now());
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
