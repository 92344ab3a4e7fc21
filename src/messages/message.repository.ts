import { EntityRepository } from '@mikro-orm/postgresql';
import type { Intent } from '../agent/intent';
import { Message } from './message.entity';

export class MessageRepository extends EntityRepository<Message> {
  /**
   * Up to `limit` messages of each session, oldest first, after the (timestamp, seq) cursor:
   * one statement for any number of sessions (a window per session).
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
    const rows = await this.em.execute(
      `select "page".* from (
         select "m".*, row_number() over (partition by "m"."session_id" order by "m"."timestamp", "m"."seq") as "position"
           from "message" "m"
          where "m"."session_id" in (${sessionIds.map(() => '?').join(', ')}) ${afterClause}
       ) "page"
       where "page"."position" <= ?
       order by "page"."session_id", "page"."timestamp", "page"."seq"`,
      params,
    );
    return rows.map(({ position: _position, ...row }) => this.em.map(Message, row));
  }

  /** The newest message of each session that has one. */
  async latestOf(sessionIds: readonly string[]): Promise<Message[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.em.execute(
      `select distinct on ("session_id") * from "message"
        where "session_id" in (${sessionIds.map(() => '?').join(', ')})
        order by "session_id", "seq" desc`,
      [...sessionIds],
    );
    return rows.map((row) => this.em.map(Message, row));
  }

  /** The intents of the session's last `count` user messages, oldest first. Read on every message, hence plain SQL. */
  async recentIntents(sessionId: string, count: number): Promise<Intent[]> {
    const rows = await this.em.execute<Array<{ intent: Intent }>>(
      `select "intent" from "message" where "session_id" = ? and "role" = 'user' and "intent" is not null order by "seq" desc limit ?`,
      [sessionId, count],
    );
    return rows.map((row) => row.intent).reverse();
  }
}
