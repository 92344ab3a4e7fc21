import { ReferenceKind, type MetadataStorage } from '@mikro-orm/core';
import type { TransactionDetails } from '../agent/intent';
import { formatUnits } from '../shared/amounts';
import type { Network } from '../tokens/token-registry';
import { TransactionRecord } from './transaction-record.entity';

/**
 * The columns a record of a transaction the agent has just built gets from it (null where they
 * do not apply); the record's account, session and creation time come from where it is stored.
 * Used by a turn (MessageRepository.appendTurn) and a refresh (TransactionService) alike.
 */
export function builtRecord(id: string, details: TransactionDetails, network: Network, valueCents: bigint | null) {
  const common = {
    id,
    network,
    usdValue: valueCents === null ? null : formatUnits(valueCents, 2),
    serializedTransaction: details.serializedTransaction ?? null,
    lastValidBlockHeight: details.lastValidBlockHeight ?? null,
    details,
  };
  const p = details.parameters as unknown as Record<string, string | number>;
  if (details.type === 'transfer') {
    return { ...common, type: 'transfer' as const, inputMint: String(p.token), outputMint: null, inAmount: String(p.amount), outAmount: null, recipient: String(p.recipient) };
  }
  const route = details.route as { inAmount: string; outAmount: string };
  return { ...common, type: 'swap' as const, inputMint: String(p.inputToken), outputMint: String(p.outputToken), inAmount: route.inAmount, outAmount: route.outAmount, recipient: null };
}

export type BuiltRecord = ReturnType<typeof builtRecord>;

/**
 * A built record as a row of its table, by column name, with the entity's defaults (status
 * `built`, …) where `record` says nothing: a row for `insertBuiltRecords`, so that its columns
 * are listed only in the entity. Relations and the creation time are left to the statement.
 */
export function builtRecordRow(metadata: MetadataStorage, record: BuiltRecord): Record<string, unknown> {
  const values = Object.assign(new TransactionRecord(), record) as unknown as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const prop of metadata.get<TransactionRecord>(TransactionRecord.name).props) if (prop.kind === ReferenceKind.SCALAR) row[prop.fieldNames[0]] = values[prop.name];
  return row;
}

/**
 * The part of a statement that stores built records, for a statement that stores a record
 * together with what it belongs to (a turn: MessageRepository.appendTurn), so both or neither
 * are stored. It inserts one record per row of the relation `source` whose "record" (a
 * `builtRecordRow`) is not null, with the row's "account_id", "session_id" and "at" as the
 * record's account, session and creation time.
 */
export function insertBuiltRecords(source: string): string {
  return `insert into "transaction_record"
         select "r".* from ${source} "p" cross join lateral jsonb_populate_record(null::"transaction_record",
           "p"."record" || jsonb_build_object('account_id', "p"."account_id", 'session_id', "p"."session_id", 'created_at', "p"."at")) "r"
          where "p"."record" is not null`;
}
