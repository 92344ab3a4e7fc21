import type { MetadataStorage } from '@mikro-orm/core';
import type { StoredPending } from '../agent/state';
import type { Intent, TransactionDetails } from '../agent/intent';
import type { SessionView } from '../sessions/session.entity';
import { sessionView, type SessionRow } from '../sessions/session.repository';
import { BatchedStatement } from '../shared/batched-statement';
import { jsonbText } from '../shared/jsonb-text';
import { rowsPerQuery } from '../shared/distinct';
import { builtRecordRow, insertBuiltRecords, type BuiltRecord } from '../transactions/record-fields';
import type { Sql } from '../shared/sql';
import type { MessageRole, MessageView } from './message.entity';

/** One turn to store: the user's message, the agent's reply, and the record of the transaction it built. */
export interface NewTurn {
  accountId: string;
  sessionId: string;
  at: Date;
  user: { id: string; content: string; intent: Intent };
  reply: { id: string; content: string; transaction: TransactionDetails | null };
  record: BuiltRecord | null;
}

/**
 * Messages' statements, one instance per app (AppDeps) shared by every request, so that
 * concurrent requests' turns and reads share statements (BatchedStatement). It holds no
 * EntityManager, only `Sql`, and answers views of rows: nothing it reads can be cached across
 * requests or accounts.
 */
export class MessageRepository {
  private readonly contexts = new BatchedStatement((keys: readonly TurnKey[]) => this.turnContexts(keys));
  private readonly appends = new BatchedStatement((turns: readonly NewTurn[]) => this.appendTurns(turns));
  private readonly pages = new BatchedStatement((queries: readonly PageQuery[]) => this.pagesFor(queries));

  constructor(
    private readonly sql: Sql,
    /** The entities' metadata, where a turn's record finds its table's columns (`builtRecordRow`). */
    private readonly metadata: MetadataStorage,
  ) {}

  /**
   * What the agent needs to read a new message: the account's session and the intents of its
   * last `intents` user messages, oldest first; null where there is no such session. Read in
   * one statement with concurrent calls (BatchedStatement).
   */
  turnContext(key: TurnKey): Promise<TurnContext | null> {
    return this.contexts.run(key);
  }

  /**
   * Stores a turn, in one statement with concurrent calls' turns (BatchedStatement), which keep
   * the order they came in: the reply's position, or null when nothing was stored because the
   * session is missing, another account's, expired at the turn's time or terminated.
   */
  appendTurn(turn: NewTurn): Promise<number | null> {
    return this.appends.run(turn);
  }

  /**
   * Up to `limit` messages of the session after the (timestamp, seq) cursor, oldest first, in
   * one statement with concurrent calls' pages (BatchedStatement), whatever their sessions,
   * sizes and cursors. The caller has found the session to be its account's.
   */
  page(query: PageQuery): Promise<MessageView[]> {
    return this.pages.run(query);
  }

  /**
   * Stores turns in one statement, so no transaction stays open while the app works between
   * statements. For each session it counts two messages per turn, only if the session is still
   * active (locking the sessions' rows in id order, one index lookup each, so concurrent
   * statements queue without deadlocking and take consecutive positions), then inserts every
   * turn's user message and reply at its positions (in the order given) and the built
   * transaction's record (as the transactions' `insertBuiltRecords` stores it). Returns each turn's reply position, in the order given, or null for a
   * turn that stored nothing.
   */
  private async appendTurns(turns: readonly NewTurn[]): Promise<Array<number | null>> {
    const rows = await this.sql<{ ord: number; reply_seq: number }>(`with "turn" as (
         select * from jsonb_to_recordset(?::jsonb) as "t" (
           "ord" int, "account_id" text, "session_id" text, "at" timestamptz,
           "user_id" text, "user_content" text, "intent" jsonb, "reply_id" text, "reply_content" text, "transaction" jsonb, "record" jsonb)
       ), "locked" as (
         select "s".* from (select distinct "session_id" from "turn" order by "session_id") "k"
          cross join lateral (select "id", "account_id", "expires_at", "terminated_at" from "session" where "id" = "k"."session_id" for update) "s"
       ), "session_turns" as (
         select "t"."session_id", count(*)::int as "turns", max("t"."at") as "at"
           from "turn" "t" join "locked" "s" on "s"."id" = "t"."session_id" and "s"."account_id" = "t"."account_id"
          where "t"."at" < "s"."expires_at" and "s"."terminated_at" is null
          group by "t"."session_id"
       ), "counted" as (
         update "session" "s" set "message_count" = "s"."message_count" + 2 * "c"."turns", "last_activity" = "c"."at"
           from "session_turns" "c"
          where "s"."id" = "c"."session_id"
          returning "s"."id", "s"."account_id", "s"."expires_at", "s"."message_count" - 2 * "c"."turns" as "before"
       ), "placed" as (
         select "t".*, "c"."before" + 2 * row_number() over (partition by "t"."session_id" order by "t"."ord") as "reply_seq"
           from "turn" "t" join "counted" "c" on "c"."id" = "t"."session_id" and "c"."account_id" = "t"."account_id"
          where "t"."at" < "c"."expires_at"
       ), "messages" as (
         insert into "message" ("id", "session_id", "seq", "role", "content", "intent", "transaction", "timestamp")
         select "user_id", "session_id", "reply_seq" - 1, 'user', "user_content", "intent", null, "at" from "placed"
         union all
         select "reply_id", "session_id", "reply_seq", 'agent', "reply_content", null, "transaction", "at" from "placed"
       ), "records" as (
         ${insertBuiltRecords('"placed"')}
       )
       select "ord", "reply_seq" from "placed"`,
      [jsonbText(turns.map((turn, ord) => this.turnRow(turn, ord)))],
    );
    const positions: Array<number | null> = turns.map(() => null);
    for (const row of rows) positions[row.ord] = Number(row.reply_seq);
    return positions;
  }

  /** A turn as one row of `appendTurns`' recordset: its columns, in snake case, and the record as a row of its table. */
  private turnRow(turn: NewTurn, ord: number) {
    return {
      ord,
      account_id: turn.accountId,
      session_id: turn.sessionId,
      at: turn.at,
      user_id: turn.user.id,
      user_content: turn.user.content,
      intent: turn.user.intent,
      reply_id: turn.reply.id,
      reply_content: turn.reply.content,
      transaction: turn.reply.transaction,
      record: turn.record && builtRecordRow(this.metadata, turn.record),
    };
  }

  /** Keeps (or, with null, drops) the command a session's clarifying question waits on, or the message that held the next one. */
  async keepPending(accountId: string, sessionId: string, pending: StoredPending | null): Promise<void> {
    await this.sql(`update "session" set "pending" = ? where "id" = ? and "account_id" = ?`, [pending === null ? null : JSON.stringify(pending), sessionId, accountId]);
  }

  /**
   * Pages of sessions' histories, oldest first, in one statement for any number of queries
   * (each distinct query run once): for each query, in the order given, up to `limit` messages
   * after its (timestamp, seq) cursor. A lateral subquery per query walks the (session,
   * timestamp, seq) index from the cursor (from the start without one) and stops after `limit`
   * rows, however long the history is.
   */
  private pagesFor(queries: readonly PageQuery[]): Promise<MessageView[][]> {
    return rowsPerQuery<PageQuery, MessageRow & { ord: number }, MessageView>(
      queries,
      pageQueryId,
      (distinct) =>
        this.sql(`select "q"."ord", "page".* from jsonb_to_recordset(?::jsonb) as "q" ("ord" int, "session_id" text, "lim" int, "after_at" timestamptz, "after_seq" bigint)
           cross join lateral (
             select "m".* from "message" "m"
              where "m"."session_id" = "q"."session_id" and ("m"."timestamp", "m"."seq") > ("q"."after_at", "q"."after_seq")
              order by "m"."timestamp", "m"."seq"
              limit "q"."lim"
           ) "page"
           order by "q"."ord", "page"."timestamp", "page"."seq"`,
          [
            jsonbText(
              distinct.map((query, ord) => ({
                ord,
                session_id: query.sessionId,
                lim: query.limit,
                after_at: query.after?.[0] ?? '-infinity',
                after_seq: query.after?.[1] ?? -1,
              })),
            ),
          ],
        ),
      messageView,
    );
  }

  /** The newest message of each session that has one. */
  async latestOf(sessionIds: readonly string[]): Promise<MessageView[]> {
    if (sessionIds.length === 0) return [];
    // One step down the (session, seq) index per session, however long its history.
    const rows = await this.sql<MessageRow>(
      `select "latest".* from (values ${sessionIds.map(() => '(?)').join(', ')}) as "s" ("id")
       cross join lateral (
         select "m".* from "message" "m" where "m"."session_id" = "s"."id" order by "m"."seq" desc limit 1
       ) "latest"`,
      [...sessionIds],
    );
    return rows.map(messageView);
  }

  /**
   * Turn contexts for any number of keys in one round trip (each key read once, however many
   * name it). A turn stores two messages (appendTurns), so a key's last `intents` user messages
   * are among its session's last 2 × intents positions: the bound keeps the read to a few index
   * entries however long the history is, whatever the planner's statistics say. The session is
   * read as a view, not as an entity, sparing MikroORM's identity map.
   */
  private async turnContexts(keys: readonly TurnKey[]): Promise<Array<TurnContext | null>> {
    const distinct = [...new Map(keys.map((key) => [turnKeyId(key), { account_id: key.accountId, session_id: key.sessionId, intents: key.intents }])).values()];
    const rows = await this.sql<SessionRow & { account_id: string; intents: number; recent_intents: Intent[]; pending: StoredPending | null }>(`select "s".*, "k"."intents", coalesce((
         select json_agg("r"."intent" order by "r"."seq") from (
           select "m"."intent", "m"."seq" from "message" "m"
            where "m"."session_id" = "s"."id" and "m"."seq" > "s"."message_count" - 2 * "k"."intents"
              and "m"."role" = 'user' and "m"."intent" is not null
            order by "m"."seq" desc limit "k"."intents"
         ) "r"), '[]') as "recent_intents"
         from jsonb_to_recordset(?::jsonb) as "k" ("account_id" text, "session_id" text, "intents" int)
         cross join lateral (select * from "session" "s" where "s"."id" = "k"."session_id" and "s"."account_id" = "k"."account_id" limit 1) "s"`,
      [jsonbText(distinct)],
    );
    const found = new Map(
      rows.map((row) => [
        turnKeyId({ accountId: row.account_id, sessionId: row.id, intents: row.intents }),
        { session: sessionView(row), recentIntents: row.recent_intents, pending: row.pending },
      ]),
    );
    return keys.map((key) => found.get(turnKeyId(key)) ?? null);
  }
}

/** A page of a session's history: up to `limit` messages after the (timestamp, seq) cursor. */
export interface PageQuery {
  sessionId: string;
  limit: number;
  after?: [string, number];
}

const pageQueryId = (query: PageQuery) => `${query.sessionId}|${query.limit}|${query.after?.join('|') ?? ''}`;

/** Which session a turn is for (a session is found only under its own account), and how many earlier intents its context holds. */
export interface TurnKey {
  accountId: string;
  sessionId: string;
  intents: number;
}

const turnKeyId = (key: TurnKey) => `${key.accountId}/${key.sessionId}/${key.intents}`;

/** What `turnContexts` reads for a turn. */
export interface TurnContext {
  session: SessionView;
  recentIntents: Intent[];
  /** The command the session's last clarifying question waits on, or the message that held the next one, as stored (state.ts reads it). */
  pending: StoredPending | null;
}

interface MessageRow {
  id: string;
  session_id: string;
  seq: number;
  role: MessageRole;
  content: string;
  intent: Intent | null;
  transaction: TransactionDetails | null;
  timestamp: Date | string;
}

function messageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    sessionId: row.session_id,
    seq: row.seq,
    role: row.role,
    content: row.content,
    intent: row.intent,
    transaction: row.transaction,
    timestamp: new Date(row.timestamp),
  };
}
