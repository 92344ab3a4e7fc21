import { Entity, EntityRepositoryType, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity';
import type { TransactionDetails } from '../agent/intent';
import { Session } from '../sessions/session.entity';
import { TransactionRecordRepository } from './transaction-record.repository';

export const TRANSACTION_STATUSES = ['built', 'submitted', 'confirmed', 'failed', 'expired', 'replaced'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * A transaction the agent built, and what became of it: `built` → `submitted` →
 * `confirmed` | `failed` (with the program error) | `expired` (blockhash past its last valid
 * block height); `built` or `expired` → `replaced` when refreshed (`replacedBy` its successor). Amounts are base units as integer strings (numeric(40,0)); usdValue is the
 * USD value at build time to the cent.
 */
@Entity({ tableName: 'transaction_record', repository: () => TransactionRecordRepository })
@Index({ properties: ['account', 'createdAt'] })
export class TransactionRecord {
  [EntityRepositoryType]?: TransactionRecordRepository;
  [OptionalProps]?: 'status' | 'outputMint' | 'outAmount' | 'recipient' | 'usdValue' | 'signature' | 'error' | 'submittedAt' | 'settledAt' | 'details' | 'replacedBy' | 'reference';

  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @ManyToOne({ entity: () => Account, deleteRule: 'cascade' })
  account!: Account;

  @ManyToOne({ entity: () => Session, deleteRule: 'cascade' })
  session!: Session;

  @Enum({ items: ['swap', 'transfer'], type: 'string' })
  type!: 'swap' | 'transfer';

  @Enum({ items: ['mainnet', 'devnet'], type: 'string' })
  network!: 'mainnet' | 'devnet';

  @Property({ type: 'string', length: 44 })
  inputMint!: string;

  @Property({ type: 'string', length: 44, nullable: true })
  outputMint: string | null = null;

  @Property({ type: 'decimal', precision: 40, scale: 0 })
  inAmount!: string;

  @Property({ type: 'decimal', precision: 40, scale: 0, nullable: true })
  outAmount: string | null = null;

  @Property({ type: 'string', length: 44, nullable: true })
  recipient: string | null = null;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  usdValue: string | null = null;

  @Enum({ items: [...TRANSACTION_STATUSES], type: 'string' })
  status: TransactionStatus = 'built';

  /** The unsigned transaction as built (base64); absent for quote-only swaps. */
  @Property({ type: 'text', nullable: true })
  serializedTransaction: string | null = null;

  @Property({ type: 'integer', nullable: true })
  lastValidBlockHeight: number | null = null;

  /** The random account key (base58) in the transaction, by which it can be found on chain; null in Jupiter's and in those built before it existed. */
  @Property({ type: 'string', length: 44, nullable: true })
  reference: string | null = null;

  /** What the agent answered: parameters, route, preview, summary, expiresAt (to rebuild it on refresh). */
  @Property({ type: 'json', nullable: true })
  details: TransactionDetails | null = null;

  /** The transaction that replaced this one (status `replaced`). */
  @Property({ type: 'string', length: 32, nullable: true })
  replacedBy: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  signature: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  submittedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  settledAt: Date | null = null;
}
