import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Pending } from '../agent/command';
import { Account } from '../accounts/account.entity';

export const SESSION_STATUSES = ['active', 'expired', 'terminated'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * A chat bound to one wallet. Its status is not stored but derived from time and
 * `terminatedAt` (see `sessionStatusAt`), so it can never disagree with the clock.
 */
@Entity({ tableName: 'session' })
@Index({ properties: ['account', 'createdAt', 'id'] })
// For the metrics aggregates (see Migration20261121040000_metrics_indexes).
@Index({
  name: 'session_metrics_index',
  expression: 'create index "session_metrics_index" on "session" ("account_id", "created_at") include ("message_count", "terminated_at", "last_activity")',
})
@Index({
  name: 'session_open_index',
  expression: 'create index "session_open_index" on "session" ("account_id", "expires_at") where "terminated_at" is null',
})
export class Session {
  [OptionalProps]?: 'messageCount' | 'terminatedAt' | 'userAgent' | 'ipAddress' | 'referrer' | 'pending';

  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @ManyToOne({ entity: () => Account, deleteRule: 'cascade' })
  account!: Account;

  @Property({ type: 'string', length: 44 })
  walletAddress!: string;

  @Property({ type: 'string', length: 512, nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  ipAddress: string | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  referrer: string | null = null;

  /** Kept by the same statement that inserts messages, so it is exact under concurrency. */
  @Property({ type: 'integer' })
  messageCount: number = 0;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  lastActivity!: Date;

  @Property({ type: 'datetime', nullable: true })
  terminatedAt: Date | null = null;

  /**
   * The swap or transfer the agent's last clarifying question waits on ("swap 4 USDT" → "for
   * which token?"); the next message answers it, replaces it or drops it (see MessageService).
   */
  @Property({ type: 'json', nullable: true })
  pending: Pending | null = null;
}

/**
 * A session as read for an answer: its fields without the entity (reads skip MikroORM's
 * identity map, which cost a sixth of a GET /v1/sessions/{id}).
 */
export type SessionView = Pick<Session, 'id' | 'walletAddress' | 'messageCount' | 'createdAt' | 'expiresAt' | 'lastActivity' | 'terminatedAt'>;

/** A session's status at `now`, from the two fields it derives from (entity or plain row alike). */
export function sessionStatusAt(session: Pick<Session, 'terminatedAt' | 'expiresAt'>, now: Date): SessionStatus {
  if (session.terminatedAt) return 'terminated';
  return now >= session.expiresAt ? 'expired' : 'active';
}
