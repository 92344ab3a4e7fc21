/**
 * The time source. Services take a clock instead of calling `Date.now()` so that tests can
 * move time forward (key rotation grace periods, session expiry, daily limits).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The next UTC midnight after `at`: when daily counters reset. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

// The last day formatted: every request asks (its daily counters' keys), and days change seldom.
let lastDay = { index: NaN, text: '' };

/** `YYYY-MM-DD` of `at` in UTC. */
export function utcDay(at: Date): string {
  const index = Math.floor(at.getTime() / DAY_MS);
  if (index !== lastDay.index) lastDay = { index, text: at.toISOString().slice(0, 10) };
  return lastDay.text;
}
