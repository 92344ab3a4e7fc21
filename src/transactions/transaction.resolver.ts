import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { TransactionDetailsType } from './transaction-details.type';
import { TransactionType } from './transaction.type';

@Resolver()
export class TransactionResolver {
  @Authorized('read:messages')
  @Query(() => TransactionType, { description: 'A transaction the agent built, and its status (a submitted one is looked up on the chain first). To be pushed each change instead, subscribe to transactionUpdated.' })
  async transaction(@Arg('id', () => ID, { description: 'The transaction (`tx_…`), as in `TransactionDetails.transactionId`.' }) id: string, @Ctx() ctx: Context): Promise<TransactionType> {
    return TransactionType.of(await ctx.transactions.get(principalOf(ctx), id));
  }

  @Authorized('write:messages')
  @Mutation(() => TransactionType, { description: 'Sends the wallet-signed transaction (it must be the one built, with valid signatures, else `validation_error` and nothing is sent); Parley then follows it to `confirmed`, `failed` or `expired` by itself. Answers the transaction as it stands.' })
  async submitTransaction(
    @Arg('id', () => ID, { description: 'The transaction to send (`tx_…`).' }) id: string,
    @Arg('signedTransaction', () => String, { description: 'Base64 of the transaction from `serializedTransaction`, signed by the session wallet, unchanged otherwise.' }) signedTransaction: string,
    @Ctx() ctx: Context,
  ): Promise<TransactionType> {
    return TransactionType.of(await ctx.transactions.submit(principalOf(ctx), id, signedTransaction));
  }

  @Authorized('write:messages')
  @Mutation(() => TransactionDetailsType, {
    description:
      'Builds a built-but-unsent (or expired) transaction again with a fresh quote and blockhash: a new transaction (new id), the old one `replaced`.',
  })
  async refreshTransaction(@Arg('transactionId', () => ID, { description: 'The `built` or `expired` transaction to build again (`tx_` + 16 base62 characters).' }) transactionId: string, @Ctx() ctx: Context): Promise<TransactionDetailsType> {
    return TransactionDetailsType.of(await ctx.transactions.refresh(principalOf(ctx), transactionId));
  }
}
