import { unavailable } from './errors';

/** The longest a call waits for its turn before it is refused: the queue's bound. */
const MAX_WAIT_MS = 5_000;

/** What `take` gives back: called once the provider's answer has come (or the call failed). */
export type Answered = () => void;

/**
 * Holds outgoing calls to a provider under its rate (SOLANA_RPC_RPS, JUPITER_RPS): each call
 * takes its turn, spaced 1/rate s apart, and goes only while the calls counted over the last
 * second leave room for it. A call counts from when it is sent until a second after its answer
 * came: the provider counts it on arrival, which is between the two, so whatever its
 * network's delays, any second of arrivals the provider counts holds no more calls than this
 * gate allowed (counting from the sending alone, batches that a late timer or a slow socket
 * held up arrived inside the next second: 1–3 × 429 in ~700 calls, bench/README.md
 * "Dependencies that fail"). A call waits for its turn rather than fail, up to MAX_WAIT_MS;
 * beyond that the queue is full and it is refused with 503 `service_unavailable` and a
 * Retry-After of when a turn would come. Without a rate, every call goes at once.
 */
export class RateGate {
  /** When the next turn is free, in ms (performance.now()). */
  private next = 0;
  /** When the answers of the calls answered in the last second came, oldest first. */
  private readonly answered: number[] = [];
  /** Calls sent and not yet answered. */
  private inFlight = 0;
  /** Calls waiting for room, woken when an answer comes. */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly perSecond: number | undefined,
    /** What the provider is, for the 503. */
    private readonly name: string,
  ) {}

  /**
   * Resolves when `calls` calls may go (a batch takes one turn per call), or throws 503. The
   * caller calls what it resolves with once the answer has come, or the call failed.
   */
  async take(calls = 1): Promise<Answered> {
    if (!this.perSecond) return NOTHING;
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
      while (this.answered.length && this.answered[0] <= now - 1000) this.answered.shift();
      const counted = this.inFlight + this.answered.length;
      const excess = counted + calls - this.perSecond;
      // A batch larger than the rate never fits: it goes once nothing else counts.
      if (excess <= 0 || counted === 0) break;
      // Room comes as answers turn a second old; calls in flight must be answered first.
      await this.roomOrAnswer(excess <= this.answered.length ? this.answered[excess - 1] + 1000 - now : undefined);
    }
    this.inFlight += calls;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight -= calls;
      const at = performance.now();
      for (let i = 0; i < calls; i++) this.answered.push(at);
      for (const wake of this.waiting) wake();
    };
  }

  /** Resolves after `ms`, or at the next answer when no time is given. */
  private roomOrAnswer(ms: number | undefined): Promise<void> {
    if (ms !== undefined) return sleep(ms);
    return new Promise((resolve) => {
      const wake = () => {
        this.waiting.delete(wake);
        resolve();
      };
      this.waiting.add(wake);
    });
  }
}

const NOTHING: Answered = () => undefined;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
