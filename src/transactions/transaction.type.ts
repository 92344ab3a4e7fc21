import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { TransactionSnapshot } from './transaction-events';

@ObjectType('Transaction', { description: 'A transaction the agent built, and what became of it.' })
export class TransactionType {
  @Field(() => ID)
  transactionId!: string;

  @Field(() => String, { description: '`swap` or `transfer`.' })
  type!: string;

  @Field(() => String, { description: '`built`, `submitted`, `confirmed`, `failed` or `expired`.' })
  status!: string;

  @Field(() => String)
  network!: string;

  @Field(() => String)
  inputMint!: string;

  @Field(() => String, { nullable: true })
  outputMint!: string | null;

  @Field(() => String, { description: 'Base units spent, as an integer string.' })
  inAmount!: string;

  @Field(() => String, { nullable: true, description: 'Base units received (swaps).' })
  outAmount!: string | null;

  @Field(() => String, { nullable: true })
  recipient!: string | null;

  @Field(() => Float, { nullable: true, description: 'USD value at build time, to the cent.' })
  usdValue!: number | null;

  @Field(() => Int, { nullable: true })
  lastValidBlockHeight!: number | null;

  @Field(() => String, { nullable: true })
  signature!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it failed or expired.' })
  error!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  submittedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  settledAt!: Date | null;

  static of(record: TransactionSnapshot): TransactionType {
    return Object.assign(new TransactionType(), {
      transactionId: record.id,
      type: record.type,
      status: record.status,
      network: record.network,
      inputMint: record.inputMint,
      outputMint: record.outputMint,
      inAmount: String(record.inAmount),
      outAmount: record.outAmount === null ? null : String(record.outAmount),
      recipient: record.recipient,
      usdValue: record.usdValue === null ? null : Number(record.usdValue),
      lastValidBlockHeight: record.lastValidBlockHeight,
      signature: record.signature,
      error: record.error,
      createdAt: record.createdAt,
      submittedAt: record.submittedAt,
      settledAt: record.settledAt,
    });
  }
}
