import { Entity, ManyToOne, PrimaryKeyProp, Property, PrimaryKey } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity';

/**
 * The first response to a request sent with an `Idempotency-Key`, kept 24 hours so that a
 * retry gets the same answer and creates nothing new. `responseStatus` is null while the
 * first request is still being answered.
 */
@Entity({ tableName: 'idempotency_record' })
export class IdempotencyRecord {
  [PrimaryKeyProp]?: ['account', 'key'];

  @ManyToOne({ entity: () => Account, primary: true, deleteRule: 'cascade' })
  account!: Account;

  @PrimaryKey({ type: 'string', length: 255 })
  key!: string;

  /** SHA-256 of method, path and canonical JSON body. */
  @Property({ type: 'string', length: 64 })
  requestHash!: string;

  @Property({ type: 'integer', nullable: true })
  responseStatus: number | null = null;

  @Property({ type: 'json', nullable: true })
  responseBody: unknown = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
