import { Entity, EntityRepositoryType, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity';
import type { Scope } from '../auth/scopes';
import { ApiKeyRepository } from './api-key.repository';

export const KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type KeyEnvironment = (typeof KEY_ENVIRONMENTS)[number];

/**
 * An API key. The secret itself is never stored: only its SHA-256 and the first characters of
 * its random part, which narrow the lookup to one row before the constant-time hash comparison.
 * Not a GraphQL type (see api-key.type.ts), so the hash cannot leak through the schema.
 */
@Entity({ tableName: 'api_key', repository: () => ApiKeyRepository })
export class ApiKey {
  [EntityRepositoryType]?: ApiKeyRepository;

  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @Index()
  @ManyToOne({ entity: () => Account, deleteRule: 'cascade' })
  account!: Account;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string[]' })
  scopes!: Scope[];

  @Enum({ items: [...KEY_ENVIRONMENTS], type: 'string' })
  environment!: KeyEnvironment;

  @Index()
  @Property({ type: 'string', length: 16 })
  lookupPrefix!: string;

  @Property({ type: 'string', length: 64, hidden: true })
  secretHash!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  /** The origins (`Origin` header) the key and the client tokens it mints may be used from; null: any. */
  @Property({ type: 'string[]', nullable: true })
  allowedOrigins: string[] | null = null;

  /** Set on the key made by rotation: the key it replaces. A key has at most one successor. */
  @Unique()
  @Property({ type: 'string', length: 32, nullable: true })
  previousKeyId: string | null = null;
}
