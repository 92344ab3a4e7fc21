import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/principal';
import { DAY_MS, utcDay, type Clock } from '../shared/clock';
import { invalidField } from '../shared/errors';
import { clip } from '../shared/text';

export const DEFAULT_PERIOD_DAYS = 30;

export interface Metrics {
  period: { startDate: string; endDate: string };
  sessions: { total: number; active: number; avgDuration: number };
  messages: { total: number; avgPerSession: number };
  transactions: { total: number; successful: number; failed: number; totalVolume: number };
  daily: DailyMetrics[] | null;
}

export interface DailyMetrics {
  date: string;
  sessions: number;
  messages: number;
  transactions: number;
  successful: number;
  failed: number;
  volume: number;
}

/** The longest period a daily series covers: ten years of points is already more than a chart shows. */
export const MAX_DAILY_DAYS = 3660;

/**
 * Usage metrics of the caller's account over a period of whole UTC days (both ends included;
 * by default the last 30 days ending today). Every figure is an aggregate computed in SQL
 * over indexed columns; no rows are loaded.
 *
 * - sessions.total: created in the period; sessions.active: active now;
 *   sessions.avgDuration: seconds from creation to termination, or else to the last message.
 * - messages.total: messages of the sessions created in the period; avgPerSession: that over
 *   sessions.total.
 * - transactions: built in the period; successful = confirmed; failed = failed or expired;
 *   totalVolume = USD value (at build time) of the confirmed ones.
 */
export class MetricsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async metrics(principal: Principal, startDate?: string | null, endDate?: string | null, interval?: 'day' | null): Promise<Metrics> {
    const now = this.clock.now();
    const end = endDate ? parseDay(endDate, 'endDate') : new Date(`${utcDay(now)}T00:00:00.000Z`);
    const start = startDate ? parseDay(startDate, 'startDate') : new Date(end.getTime() - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS);
    if (start > end) throw invalidField('startDate', `startDate ${utcDay(start)} is after endDate ${utcDay(end)}`);
    const days = (end.getTime() - start.getTime()) / DAY_MS + 1;
    if (interval === 'day' && days > MAX_DAILY_DAYS) {
      throw invalidField('interval', `A daily series covers at most ${MAX_DAILY_DAYS} days; this period has ${days}. Ask for a shorter period, or for the totals without interval.`);
    }
    const until = new Date(end.getTime() + DAY_MS);
    const account = principal.accountId;

    const [[sessions], [active], [transactions], daily] = await Promise.all([
      this.em.execute<Array<{ total: number; messages: string; avg_duration: number | null }>>(
        `select count(*)::int as "total", coalesce(sum("message_count"), 0)::text as "messages",
                avg(extract(epoch from (coalesce("terminated_at", "last_activity") - "created_at")))::float8 as "avg_duration"
           from "session" where "account_id" = ? and "created_at" >= ? and "created_at" < ?`,
        [account, start, until],
      ),
      this.em.execute<Array<{ active: number }>>(
        `select count(*)::int as "active" from "session" where "account_id" = ? and "terminated_at" is null and "expires_at" > ?`,
        [account, now],
      ),
      this.em.execute<Array<{ total: number; successful: number; failed: number; volume: string }>>(
        `select (count(*) filter (where "status" <> 'replaced'))::int as "total",
                (count(*) filter (where "status" = 'confirmed'))::int as "successful",
                (count(*) filter (where "status" in ('failed', 'expired')))::int as "failed",
                coalesce(sum("usd_value") filter (where "status" = 'confirmed'), 0)::text as "volume"
           from "transaction_record" where "account_id" = ? and "created_at" >= ? and "created_at" < ?`,
        [account, start, until],
      ),
      interval === 'day' ? this.daily(account, start, end) : null,
    ]);
    const messages = Number(sessions.messages);
    return {
      period: { startDate: utcDay(start), endDate: utcDay(end) },
      sessions: { total: sessions.total, active: active.active, avgDuration: round2(sessions.avg_duration ?? 0) },
      messages: { total: messages, avgPerSession: sessions.total ? round2(messages / sessions.total) : 0 },
      transactions: {
        total: transactions.total,
        successful: transactions.successful,
        failed: transactions.failed,
        totalVolume: Number(transactions.volume),
      },
      daily,
    };
  }

  /** One row per UTC day from `start` to `end`, zeros included: two grouped aggregates over the same indexes as the totals. */
  private async daily(account: string, start: Date, end: Date): Promise<DailyMetrics[]> {
    const until = new Date(end.getTime() + DAY_MS);
    const rows = await this.em.execute<
      Array<{ date: string; sessions: number; messages: string; transactions: number; successful: number; failed: number; volume: string }>
    >(
      `select to_char(d.day, 'YYYY-MM-DD') as "date",
              coalesce(s.sessions, 0)::int as "sessions", coalesce(s.messages, 0)::text as "messages",
              coalesce(t.total, 0)::int as "transactions", coalesce(t.successful, 0)::int as "successful",
              coalesce(t.failed, 0)::int as "failed", coalesce(t.volume, 0)::text as "volume"
         from generate_series(?::date, ?::date, interval '1 day') as d(day)
         left join (select ("created_at" at time zone 'UTC')::date as day, count(*) as sessions, sum("message_count") as messages
                      from "session" where "account_id" = ? and "created_at" >= ? and "created_at" < ? group by 1) s
                on s.day = d.day::date
         left join (select ("created_at" at time zone 'UTC')::date as day, count(*) filter (where "status" <> 'replaced') as total,
                           count(*) filter (where "status" = 'confirmed') as successful,
                           count(*) filter (where "status" in ('failed', 'expired')) as failed,
                           sum("usd_value") filter (where "status" = 'confirmed') as volume
                      from "transaction_record" where "account_id" = ? and "created_at" >= ? and "created_at" < ? group by 1) t
                on t.day = d.day::date
        order by d.day`,
      [utcDay(start), utcDay(end), account, start, until, account, start, until],
    );
    return rows.map((row) => ({ ...row, messages: Number(row.messages), volume: Number(row.volume) }));
  }
}

const FIRST_DAY = '1970-01-01';
// The period's end is exclusive (the next midnight), which must stay a four-digit year.
const LAST_DAY = '9999-12-30';

/** A real calendar day as `YYYY-MM-DD` from FIRST_DAY to LAST_DAY, at UTC midnight; 400 naming `field` otherwise. */
function parseDay(text: string, field: string): Date {
  const date = new Date(`${text}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || utcDay(date) !== text) {
    throw invalidField(field, `${field} must be a date as YYYY-MM-DD, got "${clip(text, 40)}"`);
  }
  if (text < FIRST_DAY || text > LAST_DAY) throw invalidField(field, `${field} must be from ${FIRST_DAY} to ${LAST_DAY}, got ${text}`);
  return date;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
