import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity';
import type { Scope } from '../auth/scopes';
import { ApiKey } from '../keys/api-key.entity';
import { Session } from '../sessions/session.entity';

/**
 * A client token (DESIGN, Front ends): a short-lived Bearer credential a dApp's server mints
 * with its key for one session, so that its page talks to Parley without the key. Stored as an
 * API key is: the SHA-256 of the secret and a lookup prefix, never the secret. It ends at
 * `expiresAt`, with its session and with its key. Not a GraphQL type (see client-token.type.ts).
 */
@Entity({ tableName: 'client_token' })
export class ClientToken {
  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @ManyToOne({ entity: () => Account, deleteRule: 'cascade' })
  account!: Account;

  /** The key that minted it. */
  @ManyToOne({ entity: () => ApiKey, deleteRule: 'cascade' })
  key!: ApiKey;

  @Index()
  @ManyToOne({ entity: () => Session, deleteRule: 'cascade' })
  session!: Session;

  @Index()
  @Property({ type: 'string', length: 16 })
  lookupPrefix!: string;

  @Property({ type: 'string', length: 64, hidden: true })
  secretHash!: string;

  @Property({ type: 'string[]' })
  scopes!: Scope[];

  @Property({ type: 'string[]', nullable: true })
  allowedOrigins: string[] | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
