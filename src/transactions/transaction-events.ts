import type { TransactionRecord, TransactionStatus } from './transaction-record.entity';

/**
 * What `transactionUpdated` subscribers hear: the transaction as it stands after a change of
 * status, as JSON (dates as ISO strings), with its account so that no listener can be handed
 * another account's transaction. Published on `transactionTopic(id)` by TransactionService.
 */
export interface TransactionEvent {
  accountId: string;
  transaction: TransactionSnapshot;
}

/** The record's own columns, without its relations: every field `TransactionType.of` reads. */
export type TransactionSnapshot = Omit<TransactionRecord, 'account' | 'session'>;

/** Statuses after which nothing changes any more: a subscription ends with them. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['confirmed', 'failed', 'expired', 'replaced']);

/** How far along a status is: a change is heard only when it moves a transaction on. */
export function progressOf(status: TransactionStatus | string): number {
  if (status === 'built') return 0;
  if (status === 'submitted') return 1;
  return 2;
}

/**
 * The record's columns as a JSON value. Every own property but the relations is copied, so a
 * column added to the entity reaches subscribers without a change here.
 */
export function snapshotOf(record: TransactionRecord): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (name === 'account' || name === 'session' || typeof value === 'function') continue;
    snapshot[name] = value instanceof Date ? value.toISOString() : value;
  }
  return snapshot;
}

/** A snapshot back from JSON: the `…At` columns become dates again. */
export function reviveSnapshot(json: Record<string, unknown>): TransactionSnapshot {
  const snapshot: Record<string, unknown> = { ...json };
  for (const [name, value] of Object.entries(snapshot)) {
    if (name.endsWith('At') && typeof value === 'string') snapshot[name] = new Date(value);
  }
  return snapshot as unknown as TransactionSnapshot;
}
