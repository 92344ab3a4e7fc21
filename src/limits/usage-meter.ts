import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TIERS, type Tier } from '../accounts/account.entity';
import type { Principal } from '../auth/principal';
import { DAY_MS, nextUtcMidnight, utcDay } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { TEST_KEY_REQUESTS_PER_DAY, type TierLimits } from './tier-limits';

/** What the X-RateLimit-* headers report: the caller's per-minute window. */
export interface RequestAllowance {
  limit: number;
  remaining: number;
  /** Epoch seconds at which the current minute window ends. */
  resetAt: number;
}

export interface UsageFigures {
  requestsToday: number;
  transactionsToday: number;
  requestsThisMinute: number;
}

const MINUTE_MS = 60_000;
// A counter that never refuses: rate-limiter-flexible used as an atomic counter with expiry.
const UNLIMITED = Number.MAX_SAFE_INTEGER;
// Windows are part of the key, so a counter only has to outlive its own window.
const MINUTE_TTL_S = 60 + 5;
const DAY_TTL_S = DAY_MS / 1000 + 60;
/** The account's daily request and transaction counters are kept a month: usage's daily series reads the last 30 days. */
export const DAILY_HISTORY_DAYS = 30;
const HISTORY_TTL_S = (DAILY_HISTORY_DAYS + 1) * (DAY_MS / 1000);
const MAX_TIMER_MS = 2 ** 31 - 1;

type LimiterFactory = (name: string, points: number, durationSeconds: number) => RateLimiterAbstract;

/**
 * Counts requests and transactions and enforces the tier limits, exactly under concurrency:
 * in Redis when the service has REDIS_URL (shared by every app node), else in this process.
 *
 * Windows are fixed and aligned: a minute window is a calendar minute, a day is a UTC day,
 * so `X-RateLimit-Reset` and `resetAt` are the same for every node. A refused request is
 * given back to the counters it was taken from, so the counters report served requests only.
 *
 * One instance lives as long as the service; `close` releases the Redis client it was given.
 */
export class UsageMeter {
  private readonly perMinute: Record<Tier, RateLimiterAbstract>;
  private readonly transactionsPerDay: Record<Tier, RateLimiterAbstract>;
  private readonly testKeyPerDay: RateLimiterAbstract;
  private readonly requestsPerDay: RateLimiterAbstract;
  private readonly clientTokenPerMinute: RateLimiterAbstract;

  constructor(
    private readonly limits: Record<Tier, TierLimits> & { clientTokenRequestsPerMinute: number },
    private readonly store: { redis?: Redis; prefix: string },
    /** Told of every refusal, for the rejection metrics. */
    private readonly onRejection: (code: 'rate_limit_exceeded' | 'transaction_limit_exceeded') => void = () => undefined,
  ) {
    const make: LimiterFactory = (name, points, duration) => {
      const options = { keyPrefix: `${store.prefix}:${name}`, points, duration };
      if (store.redis) return new RateLimiterRedis({ ...options, storeClient: store.redis });
      // In memory, expiry is a timer, and Node fires a timer over ~24.8 days at once: such
      // counters (one per account and day) are kept for the process's life instead (duration 0).
      return new RateLimiterMemory({ ...options, duration: duration * 1000 > MAX_TIMER_MS ? 0 : duration });
    };
    this.perMinute = byTier((tier) => make(`rpm:${tier}`, limits[tier].requestsPerMinute, MINUTE_TTL_S));
    this.transactionsPerDay = byTier((tier) => make(`tpd:${tier}`, limits[tier].transactionsPerDay ?? UNLIMITED, HISTORY_TTL_S));
    this.testKeyPerDay = make('test-rpd', TEST_KEY_REQUESTS_PER_DAY, DAY_TTL_S);
    this.requestsPerDay = make('rpd', UNLIMITED, HISTORY_TTL_S);
    this.clientTokenPerMinute = make('ct-rpm', limits.clientTokenRequestsPerMinute, MINUTE_TTL_S);
  }

  limitsFor(principal: Principal): TierLimits & { requestsPerDay: number | null } {
    return {
      ...this.limits[principal.tier],
      requestsPerDay: principal.environment === 'test' ? TEST_KEY_REQUESTS_PER_DAY : null,
    };
  }

  /**
   * Takes one request from the caller's allowances, or throws 429 `rate_limit_exceeded`. The
   * counters are taken together (one round trip to Redis, not one per counter); a refused
   * request gives back what it took. A client token also has a per-minute budget of its own
   * (CLIENT_TOKEN_REQUESTS_PER_MINUTE), so that one visitor cannot spend the account's; its
   * allowance is then the one reported.
   */
  async admitRequest(principal: Principal, now: Date): Promise<RequestAllowance> {
    // In memory the counters answer at once, so each request would run to its response before
    // the next one is read; from the check phase, the requests read together go on together and
    // their responses leave in one burst, as they do after Redis answers them (bench/README.md).
    if (!this.store.redis) await new Promise(setImmediate);
    const limit = this.limits[principal.tier].requestsPerMinute;
    const minute = minuteWindow(principal, now);
    const resetAt = minute.endsAt / 1000;
    const day = utcDay(now);
    const testKey = principal.environment === 'test';
    const token = principal.clientToken;
    const taken: Array<[RateLimiterAbstract, string]> = [];
    const settled = await Promise.allSettled([
      take(this.perMinute[principal.tier], minute.key, taken),
      take(this.requestsPerDay, `${principal.accountId}:${day}`, taken),
      testKey ? take(this.testKeyPerDay, `${principal.keyId}:${day}`, taken) : null,
      token ? take(this.clientTokenPerMinute, `${token.tokenId}:${minute.index}`, taken) : null,
    ]);
    const refuse = async (error: unknown) => {
      await giveBack(taken);
      return error;
    };
    const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failure) throw await refuse(failure.reason);
    const [used, , testKeyUsed, tokenUsed] = settled.map((outcome) => (outcome as PromiseFulfilledResult<RateLimiterRes | null>).value);
    if (!used) {
      this.onRejection('rate_limit_exceeded');
      throw await refuse(rateLimited('rate_limit_exceeded', `Rate limit of ${limit} requests per minute exceeded`, limit, resetAt, now));
    }
    if (testKey && !testKeyUsed) {
      this.onRejection('rate_limit_exceeded');
      const midnight = nextUtcMidnight(now).getTime() / 1000;
      throw await refuse(
        rateLimited('rate_limit_exceeded', `Test keys are limited to ${TEST_KEY_REQUESTS_PER_DAY} requests per day`, TEST_KEY_REQUESTS_PER_DAY, midnight, now),
      );
    }
    if (token) {
      const tokenLimit = this.limits.clientTokenRequestsPerMinute;
      if (!tokenUsed) {
        this.onRejection('rate_limit_exceeded');
        throw await refuse(rateLimited('rate_limit_exceeded', `Rate limit of ${tokenLimit} requests per minute for a client token exceeded`, tokenLimit, resetAt, now));
      }
      return { limit: tokenLimit, remaining: Math.max(0, tokenLimit - tokenUsed.consumedPoints), resetAt };
    }
    return { limit, remaining: Math.max(0, limit - used.consumedPoints), resetAt };
  }

  /**
   * Counts one built transaction against the tier's daily allowance, or throws 429. A refused
   * one gives back the request it came in, as every refused request does.
   */
  async admitTransaction(principal: Principal, now: Date): Promise<void> {
    const taken: Array<[RateLimiterAbstract, string]> = [];
    const perDay = this.limits[principal.tier].transactionsPerDay;
    const day = utcDay(now);
    const used = await take(this.transactionsPerDay[principal.tier], `${principal.accountId}:${day}`, taken);
    if (!used) {
      taken.push([this.perMinute[principal.tier], minuteWindow(principal, now).key], [this.requestsPerDay, `${principal.accountId}:${day}`]);
      if (principal.environment === 'test') taken.push([this.testKeyPerDay, `${principal.keyId}:${day}`]);
      await giveBack(taken);
      this.onRejection('transaction_limit_exceeded');
      throw rateLimited(
        'transaction_limit_exceeded',
        `Daily limit of ${perDay} transactions for the ${principal.tier} tier reached`,
        perDay ?? UNLIMITED,
        nextUtcMidnight(now).getTime() / 1000,
        now,
      );
    }
  }

  /** Requests and transactions of the account per UTC day over the last DAILY_HISTORY_DAYS days, oldest first, today included. */
  async daily(principal: Principal, now: Date): Promise<Array<{ date: string; requests: number; transactions: number }>> {
    const days = Array.from({ length: DAILY_HISTORY_DAYS }, (_, i) => utcDay(new Date(now.getTime() - (DAILY_HISTORY_DAYS - 1 - i) * DAY_MS)));
    return Promise.all(
      days.map(async (date) => ({
        date,
        requests: await counted(this.requestsPerDay, `${principal.accountId}:${date}`),
        transactions: await counted(this.transactionsPerDay[principal.tier], `${principal.accountId}:${date}`),
      })),
    );
  }

  async usage(principal: Principal, now: Date): Promise<UsageFigures> {
    const day = utcDay(now);
    const [today, transactions, minute] = await Promise.all([
      counted(this.requestsPerDay, `${principal.accountId}:${day}`),
      counted(this.transactionsPerDay[principal.tier], `${principal.accountId}:${day}`),
      counted(this.perMinute[principal.tier], minuteWindow(principal, now).key),
    ]);
    return { requestsToday: today, transactionsToday: transactions, requestsThisMinute: minute };
  }

  async close(): Promise<void> {
    // QUIT is sent at once, PING behind what auto-pipelining still holds (a turn's event): all of it goes out first.
    await this.store.redis?.ping();
    await this.store.redis?.quit();
  }
}

function byTier<T>(make: (tier: Tier) => T): Record<Tier, T> {
  return Object.fromEntries(TIERS.map((tier) => [tier, make(tier)])) as Record<Tier, T>;
}

function minuteWindow(principal: Principal, now: Date): { key: string; index: number; endsAt: number } {
  const index = Math.floor(now.getTime() / MINUTE_MS);
  return { key: `${principal.accountId}:${index}`, index, endsAt: (index + 1) * MINUTE_MS };
}

/**
 * Consumes a point; the result when within the limit, null when over it. A plain `then`, not
 * an async function: every request takes two or three of these, and each promise costs more
 * while MikroORM's AsyncLocalStorage has Node's promise hooks on (bench/README.md).
 */
function take(limiter: RateLimiterAbstract, key: string, taken: Array<[RateLimiterAbstract, string]>): Promise<RateLimiterRes | null> {
  return limiter.consume(key, 1).then(
    (result) => {
      taken.push([limiter, key]);
      return result;
    },
    (rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) {
        throw new DomainError('service_unavailable', 'The rate-limit store is unreachable', { cause: rejection });
      }
      taken.push([limiter, key]);
      return null;
    },
  );
}

async function giveBack(taken: Array<[RateLimiterAbstract, string]>): Promise<void> {
  await Promise.all(taken.map(([limiter, key]) => limiter.reward(key, 1).catch(() => undefined)));
}

async function counted(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    return (await limiter.get(key))?.consumedPoints ?? 0;
  } catch (error) {
    throw new DomainError('service_unavailable', 'The rate-limit store is unreachable', { cause: error });
  }
}

function rateLimited(
  code: 'rate_limit_exceeded' | 'transaction_limit_exceeded',
  message: string,
  limit: number,
  resetAt: number,
  now: Date,
): DomainError {
  const retryAfter = Math.max(1, Math.ceil(resetAt - now.getTime() / 1000));
  return new DomainError(code, message, { details: { limit, resetAt, retryAfter } });
}
