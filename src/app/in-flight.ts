import type { ServerResponse } from 'node:http';

/**
 * The requests the app has started and not yet answered, including those whose client has gone:
 * the HTTP server forgets a request when its connection closes, but the app is still working on
 * it (a query queued for a pooled connection, a quote on its way). A stopping service waits
 * for them before it closes the database under them.
 */
export class InFlightRequests {
  private count = 0;
  private onIdle: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  /** A request has come in. */
  started(): void {
    this.count++;
  }

  /**
   * Its response has closed: either answered, or its client went away first, in which case it
   * stays in flight until the app ends the response (every path of the app does).
   */
  closed(res: ServerResponse): void {
    if (res.writableEnded) return this.answered();
    const end = res.end;
    res.end = ((...args: Parameters<typeof end>) => {
      this.answered();
      return end.apply(res, args);
    }) as typeof end;
  }

  /** Resolves once no request is in flight, or after `timeoutMs` at the latest; true when drained. */
  drain(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.onIdle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private answered(): void {
    if (--this.count > 0) return;
    const waiting = this.onIdle;
    this.onIdle = [];
    for (const resolve of waiting) resolve();
  }
}
