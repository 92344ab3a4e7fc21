import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Intent, TransactionDetails } from '../agent/intent';
import { Session } from '../sessions/session.entity';

export const MESSAGE_ROLES = ['user', 'agent'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/**
 * One turn of a session. `seq` is the message's position in its session (1, 2, …), assigned
 * in the transaction that stores it; with `timestamp` it orders history and keys its cursors.
 */
@Entity({ tableName: 'message' })
@Unique({ properties: ['session', 'seq'] })
@Index({ properties: ['session', 'timestamp', 'seq'] })
export class Message {

  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @ManyToOne({ entity: () => Session, deleteRule: 'cascade' })
  session!: Session;

  @Property({ type: 'integer' })
  seq!: number;

  @Enum({ items: [...MESSAGE_ROLES], type: 'string' })
  role!: MessageRole;

  @Property({ type: 'text' })
  content!: string;

  /** The parsed intent, on user messages. */
  @Property({ type: 'json', nullable: true })
  intent: Intent | null = null;

  /** The transaction the agent built, on agent replies that carry one. */
  @Property({ type: 'json', nullable: true })
  transaction: TransactionDetails | null = null;

  @Property({ type: 'datetime' })
  timestamp!: Date;
}

/**
 * A message as read for an answer: its fields without the entity. Reads skip MikroORM's
 * identity map: `em.map` cost ~70 µs a row, most of a page of history.
 */
export type MessageView = Pick<Message, 'id' | 'seq' | 'role' | 'content' | 'intent' | 'transaction' | 'timestamp'> & { sessionId: string };
