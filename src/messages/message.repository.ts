import { EntityRepository } from '@mikro-orm/postgresql';
import type { Intent, TransactionDetails } from '../agent/intent';
import { Session } from '../sessions/session.entity';
import type { TransactionRecord } from '../transactions/transaction-record.entity';
import { Message } from './message.entity';

/** One turn to store: the user's message, the agent's reply, and the transaction it built. */
export interface NewTurn {
  accountId: string;
  sessionId: string;
  at: Date;
  user: { id: string; content: string; intent: Intent };
  reply: { id: string; content: string; transaction: TransactionDetails | null };
  record: Pick<
    TransactionRecord,
    'id' | 'type' | 'network' | 'inputMint' | 'outputMint' | 'inAmount' | 'outAmount' | 'recipient' | 'usdValue' | 'serializedTransaction' | 'lastValidBlockHeight'
  > | null;
}

export class MessageRepository extends EntityRepository<Message> {
  /**
   * Stores a turn in one statement, so no transaction stays open while the app works between
   * statements: it counts two messages on the session only if the session is still active
   * (locking its row, so concurrent turns queue and take consecutive positions), inserts the
   * user message and the reply at those positions, and the built transaction's record. Returns
   * the reply's position, or null, storing nothing, when the session is missing, another
   * account's, expired or terminated.
   */
  async appendTurn(turn: NewTurn): Promise<number | null> {
    const { record } = turn;
    const rows = await this.em.execute<Array<{ message_count: number }>>(
      `with "turn" as (
         update "session" set "message_count" = "message_count" + 2, "last_activity" = ?
          where "id" = ? and "account_id" = ? and "terminated_at" is null and "expires_at" > ?
          returning "message_count"
       ), "messages" as (
         insert into "message" ("id", "session_id", "seq", "role", "content", "intent", "transaction", "timestamp")
         select ?, ?, "message_count" - 1, 'user', ?, ?::jsonb, null, ?::timestamptz from "turn"
         union all
         select ?, ?, "message_count", 'agent', ?, null, ?::jsonb, ?::timestamptz from "turn"
       ), "record" as (
         insert into "transaction_record" ("id", "account_id", "session_id", "type", "network", "input_mint", "output_mint",
           "in_amount", "out_amount", "recipient", "usd_value", "serialized_transaction", "last_valid_block_height", "created_at")
         select ?, ?, ?, ?, ?, ?, ?, ?::numeric, ?::numeric, ?, ?::numeric, ?, ?::int, ?::timestamptz from "turn" where ?::boolean
       )
       select "message_count" from "turn"`,
      [
        ...[turn.at, turn.sessionId, turn.accountId, turn.at],
        ...[turn.user.id, turn.sessionId, turn.user.content, JSON.stringify(turn.user.intent), turn.at],
        ...[turn.reply.id, turn.sessionId, turn.reply.content, turn.reply.transaction && JSON.stringify(turn.reply.transaction), turn.at],
        ...[record?.id, turn.accountId, turn.sessionId, record?.type, record?.network, record?.inputMint, record?.outputMint],
        ...[record?.inAmount, record?.outAmount, record?.recipient, record?.usdValue, record?.serializedTransaction],
        ...[record?.lastValidBlockHeight, turn.at, record !== null],
      ].map((value) => value ?? null),
    );
    return rows[0]?.message_count ?? null;
  }

  /**
   * Up to `limit` messages of each session, oldest first, after the (timestamp, seq) cursor:
   * one statement for any number of sessions.
   */
  async pagesFor(sessionIds: readonly string[], limit: number, after?: [string, number]): Promise<Message[]> {
    if (sessionIds.length === 0) return [];
    const params: unknown[] = [...sessionIds];
    let afterClause = '';
    if (after) {
      afterClause = 'and ("m"."timestamp", "m"."seq") > (?, ?)';
      params.push(after[0], after[1]);
    }
    params.push(limit);
    // A lateral subquery per session walks the (session, timestamp, seq) index and stops after
    // `limit` rows, however long the history is.
    const rows = await this.em.execute(
      `select "page".* from (values ${sessionIds.map(() => '(?)').join(', ')}) as "s" ("id")
       cross join lateral (
         select "m".* from "message" "m"
          where "m"."session_id" = "s"."id" ${afterClause}
          order by "m"."timestamp", "m"."seq"
          limit ?
       ) "page"
       order by "page"."session_id", "page"."timestamp", "page"."seq"`,
      params,
    );
    return rows.map((row) => this.em.map(Message, row));
  }

  /** The newest message of each session that has one. */
  async latestOf(sessionIds: readonly string[]): Promise<Message[]> {
    if (sessionIds.length === 0) return [];
    // One step down the (session, seq) index per session, however long its history.
    const rows = await this.em.execute(
      `select "latest".* from (values ${sessionIds.map(() => '(?)').join(', ')}) as "s" ("id")
       cross join lateral (
         select "m".* from "message" "m" where "m"."session_id" = "s"."id" order by "m"."seq" desc limit 1
       ) "latest"`,
      [...sessionIds],
    );
    return rows.map((row) => this.em.map(Message, row));
  }

  /**
   * What the agent needs to read a new message, in one round trip: the account's session and
   * the intents of its last `count` user messages, oldest first. Null when there is no such
   * session. A turn stores two messages (appendTurn), so those are among the last 2 × count
   * positions: the bound keeps the read to a few index entries however long the history is,
   * whatever the planner's statistics say. The session is read as the few fields a turn needs,
   * not as an entity: mapping one row into MikroORM's identity map cost 8% of a message's CPU.
   */
  async turnContext(accountId: string, sessionId: string, count: number): Promise<{ session: TurnSession; recentIntents: Intent[] } | null> {
    const rows = await this.em.execute<Array<TurnSessionRow & { recent_intents: Intent[] }>>(
      `select "s"."id", "s"."wallet_address", "s"."expires_at", "s"."terminated_at", coalesce((
         select json_agg("r"."intent" order by "r"."seq") from (
           select "m"."intent", "m"."seq" from "message" "m"
            where "m"."session_id" = "s"."id" and "m"."seq" > "s"."message_count" - ?
              and "m"."role" = 'user' and "m"."intent" is not null
            order by "m"."seq" desc limit ?
         ) "r"), '[]') as "recent_intents"
         from "session" "s" where "s"."id" = ? and "s"."account_id" = ? limit 1`,
      [2 * count, count, sessionId, accountId],
    );
    if (!rows.length) return null;
    const [row] = rows;
    return {
      session: {
        id: row.id,
        walletAddress: row.wallet_address,
        expiresAt: new Date(row.expires_at),
        terminatedAt: row.terminated_at === null ? null : new Date(row.terminated_at),
      },
      recentIntents: row.recent_intents,
    };
  }
}

/** The fields of a session a turn reads (see `turnContext`). */
export type TurnSession = Pick<Session, 'id' | 'walletAddress' | 'expiresAt' | 'terminatedAt'>;

interface TurnSessionRow {
  id: string;
  wallet_address: string;
  expires_at: Date | string;
  terminated_at: Date | string | null;
}
