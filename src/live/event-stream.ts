import { DomainError } from '../shared/errors';

/** Events a slow subscriber may have waiting before its subscription is ended. */
export const MAX_QUEUED_EVENTS = 1_000;

/**
 * The events of one subscription as an async iterator, for graphql-js's `subscribe`.
 * Written by hand rather than as an async generator: a generator's `return()` waits for the
 * `next()` in progress, so a client's `complete` (or a closed socket) would leave a
 * subscription that hears nothing listening forever. Here `return()` stops at once, ends a
 * pending `next()` and calls `onStop`. Lives as long as the subscription.
 */
export class EventStream<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | null = null;
  private failWaiting: ((error: unknown) => void) | null = null;
  /** No more events will be queued; the queue is still read to its end. */
  private ended = false;
  private failure: unknown = null;
  private stopped = false;

  constructor(private readonly onStop: () => void) {}

  /** Queues an event, or hands it to the reader waiting for one. */
  push(value: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = null;
      resolve({ value, done: false });
      return;
    }
    if (this.queue.length >= MAX_QUEUED_EVENTS) {
      this.fail(new DomainError('rate_limit_exceeded', `The subscriber fell ${MAX_QUEUED_EVENTS} events behind; subscribe again`));
      return;
    }
    this.queue.push(value);
  }

  /** No more events: the reader gets what is queued, then the end. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.release();
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = null;
      resolve({ value: undefined, done: true });
    }
  }

  /** Ends with an error, after what is queued. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = error;
    this.ended = true;
    this.release();
    if (this.failWaiting) {
      const reject = this.failWaiting;
      this.waiting = this.failWaiting = null;
      reject(error);
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.queue.length) return Promise.resolve({ value: this.queue.shift()!, done: false });
    if (this.failure !== null) {
      const error = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  async return(): Promise<IteratorResult<T>> {
    this.queue.length = 0;
    this.failure = null;
    this.end();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<T>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private release(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.onStop();
  }
}
