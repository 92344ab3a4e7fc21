import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { TransactionSnapshot } from './transaction-events';

@ObjectType('Transaction', { description: 'A transaction the agent built, and what became of it.' })
export class TransactionType {
  @Field(() => ID, { description: '`tx_` followed by 16 base62 characters, as in `TransactionDetails.transactionId`.' })
  transactionId!: string;

  @Field(() => String, { description: '`swap` or `transfer`.' })
  type!: string;

  @Field(() => String, { description: '`built` (waiting for the wallet), `submitted` (sent, Parley follows it), then a final one: `confirmed`, `failed` (see `error`), `expired` (its blockhash passed before it landed) or `replaced` (refreshed). transactionUpdated pushes each change.' })
  status!: string;

  @Field(() => String, { description: '`mainnet` (live keys) or `devnet` (test keys).' })
  network!: string;

  @Field(() => String, { description: 'Mint address (base58) of the token spent (`So11111111111111111111111111111111111111112` for SOL).' })
  inputMint!: string;

  @Field(() => String, { nullable: true, description: 'Swaps: mint address (base58) of the token received; null for transfers.' })
  outputMint!: string | null;

  @Field(() => String, { description: 'Base units spent, as an integer string.' })
  inAmount!: string;

  @Field(() => String, { nullable: true, description: 'Base units received (swaps).' })
  outAmount!: string | null;

  @Field(() => String, { nullable: true, description: 'Transfers: the receiving wallet (base58); null for swaps.' })
  recipient!: string | null;

  @Field(() => Float, { nullable: true, description: 'USD value at build time, to the cent.' })
  usdValue!: number | null;

  @Field(() => Int, { nullable: true, description: 'The transaction can land only while the chain is at or below this block height.' })
  lastValidBlockHeight!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A random account key (base58) in the transaction, read-only and not a signer (Solana Pay's `reference`): no two transactions are alike, and getSignaturesForAddress(reference) finds this one on chain. Null for Jupiter's transactions, which Parley cannot change.",
  })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: 'The wallet\'s signature (base58) once submitted: the transaction\'s id on the chain (look it up in an explorer).' })
  signature!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it failed or expired.' })
  error!: string | null;

  @Field(() => String, { nullable: true, description: 'The transaction that replaced this one, when it was refreshed.' })
  replacedBy!: string | null;

  @Field(() => Date, { description: 'When the agent built it (ISO 8601, UTC).' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was submitted (ISO 8601, UTC); null before.' })
  submittedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it became confirmed, failed or expired (ISO 8601, UTC); null before.' })
  settledAt!: Date | null;

  /** The record's columns, under the names and types of the fields above. */
  static of(record: TransactionSnapshot): TransactionType {
    return Object.assign(new TransactionType(), record, {
      transactionId: record.id,
      inAmount: String(record.inAmount),
      outAmount: record.outAmount === null ? null : String(record.outAmount),
      usdValue: record.usdValue === null ? null : Number(record.usdValue),
    });
  }
}
