import type { SessionStatus, SessionView } from './session.entity';
import { BatchedStatement } from '../shared/batched-statement';
import { jsonbText } from '../shared/jsonb-text';
import { rowsPerQuery } from '../shared/distinct';
import type { Sql } from '../shared/sql';

/**
 * Sessions' statements, one instance per app (AppDeps) shared by every request, so that
 * concurrent requests' reads share statements (BatchedStatement). It holds no EntityManager,
 * only `Sql`, and answers views of rows: nothing it reads can be cached across requests or
 * accounts. A session is created through the request's EntityManager (SessionService.create).
 */
export class SessionRepository {
  private readonly views = new BatchedStatement((keys: readonly OwnedSession[]) => this.findOwned(keys));
  private readonly pages = new BatchedStatement((queries: readonly SessionPageQuery[]) => this.pagesFor(queries));

  constructor(private readonly sql: Sql) {}

  /**
   * The account's session `id` as it is now, whatever its status; null if the account has none.
   * Read in one statement with concurrent calls (BatchedStatement).
   */
  owned(accountId: string, id: string): Promise<SessionView | null> {
    return this.views.run({ accountId, id });
  }

  /**
   * Up to `limit` of the account's sessions after the (createdAt, id) cursor, newest first (see
   * `pagesFor`), in one statement with concurrent calls' pages (BatchedStatement).
   */
  page(query: SessionPageQuery): Promise<SessionView[]> {
    return this.pages.run(query);
  }

  /**
   * Sessions of accounts, by (account, id), in one statement for any number of keys (each
   * session read once, however many keys name it): null where the account has no such session.
   * A plain SELECT read as views: building and hydrating entities cost several times the
   * statement.
   */
  private async findOwned(keys: readonly OwnedSession[]): Promise<Array<SessionView | null>> {
    const distinct = new Map(keys.map((key) => [ownedId(key), { account_id: key.accountId, id: key.id }]));
    const rows = await this.sql<SessionRow & { account_id: string }>(`select "s".* from jsonb_to_recordset(?::jsonb) as "k" ("account_id" text, "id" text)
         cross join lateral (select * from "session" "s" where "s"."id" = "k"."id" and "s"."account_id" = "k"."account_id" limit 1) "s"`,
      [jsonbText([...distinct.values()])],
    );
    const found = new Map(rows.map((row) => [ownedId({ accountId: row.account_id, id: row.id }), sessionView(row)]));
    return keys.map((key) => found.get(ownedId(key)) ?? null);
  }

  /**
   * Terminates the account's session if it is active at `now`, in one statement (two concurrent
   * calls cannot both succeed); null when it is missing, another account's, expired or already
   * terminated.
   */
  async terminateOwned(accountId: string, id: string, now: Date): Promise<SessionView | null> {
    const rows = await this.sql<SessionRow>(
      `update "session" set "terminated_at" = ?
        where "id" = ? and "account_id" = ? and "terminated_at" is null and "expires_at" > ?
        returning ${VIEW_COLUMNS}`,
      [now, id, accountId, now],
    );
    return rows.length ? sessionView(rows[0]) : null;
  }

  /**
   * Pages of accounts' sessions, newest first, in one statement for any number of queries (each
   * distinct query run once): for each query, in the order given, up to `limit` sessions of its
   * account after the (createdAt, id) cursor, of one status at `now` if it names one. A lateral
   * subquery per query walks the (account, created_at, id) index back from the cursor and stops
   * after `limit` rows. Read as views, as `findOwned` is.
   */
  private pagesFor(queries: readonly SessionPageQuery[]): Promise<SessionView[][]> {
    return rowsPerQuery<SessionPageQuery, SessionRow & { ord: number }, SessionView>(
      queries,
      pageQueryId,
      (distinct) =>
        this.sql(`select "q"."ord", "page".* from jsonb_to_recordset(?::jsonb) as "q" ("ord" int, "account_id" text, "lim" int, "after_at" timestamptz, "after_id" text, "status" text, "now" timestamptz)
           cross join lateral (
             select ${VIEW_COLUMNS} from "session" "s"
              where "s"."account_id" = "q"."account_id" and ("s"."created_at", "s"."id") < ("q"."after_at", "q"."after_id")
                and case "q"."status"
                      when 'terminated' then "s"."terminated_at" is not null
                      when 'active' then "s"."terminated_at" is null and "s"."expires_at" > "q"."now"
                      when 'expired' then "s"."terminated_at" is null and "s"."expires_at" <= "q"."now"
                      else true
                    end
              order by "s"."created_at" desc, "s"."id" desc
              limit "q"."lim"
           ) "page"
           order by "q"."ord", "page"."created_at" desc, "page"."id" desc`,
          [
            jsonbText(
              distinct.map((query, ord) => ({
                ord,
                account_id: query.accountId,
                lim: query.limit,
                after_at: query.after?.[0] ?? 'infinity',
                after_id: query.after?.[1] ?? '',
                status: query.status ?? null,
                now: query.now,
              })),
            ),
          ],
        ),
      sessionView,
    );
  }
}

/** A page of an account's sessions: up to `limit` after the (createdAt, id) cursor, of one status at `now` if named. */
export interface SessionPageQuery {
  accountId: string;
  limit: number;
  after?: [string, string];
  status?: SessionStatus | null;
  now: Date;
}

const pageQueryId = (query: SessionPageQuery) =>
  JSON.stringify([query.accountId, query.limit, query.after ?? null, query.status ?? null, query.now.getTime()]);

/** Which session: a session is found only under its own account. */
export interface OwnedSession {
  accountId: string;
  id: string;
}

const ownedId = (key: OwnedSession) => `${key.accountId}/${key.id}`;

const VIEW_COLUMNS = '"id", "wallet_address", "message_count", "created_at", "expires_at", "last_activity", "terminated_at"';

/** A session's row as `em.execute` returns it. */
export interface SessionRow {
  id: string;
  wallet_address: string;
  message_count: number;
  created_at: Date | string;
  expires_at: Date | string;
  last_activity: Date | string;
  terminated_at: Date | string | null;
}

/** The view of a session's row. */
export function sessionView(row: SessionRow): SessionView {
  return {
    id: row.id,
    walletAddress: row.wallet_address,
    messageCount: row.message_count,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    lastActivity: new Date(row.last_activity),
    terminatedAt: row.terminated_at === null ? null : new Date(row.terminated_at),
  };
}
