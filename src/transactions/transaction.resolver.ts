import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { TransactionDetailsType } from './transaction-details.type';
import { TransactionType } from './transaction.type';

@Resolver()
export class TransactionResolver {
  @Authorized('read:messages')
  @Query(() => TransactionType, { description: 'A built transaction and its status.' })
  async transaction(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<TransactionType> {
    return TransactionType.of(await ctx.transactions.get(principalOf(ctx), id));
  }

  @Authorized('write:messages')
  @Mutation(() => TransactionType, { description: 'Sends the wallet-signed transaction and tracks it.' })
  async submitTransaction(
    @Arg('id', () => ID) id: string,
    @Arg('signedTransaction', () => String, { description: 'Base64 of the signed transaction.' }) signedTransaction: string,
    @Ctx() ctx: Context,
  ): Promise<TransactionType> {
    return TransactionType.of(await ctx.transactions.submit(principalOf(ctx), id, signedTransaction));
  }

  @Authorized('write:messages')
  @Mutation(() => TransactionDetailsType, {
    description:
      'Builds a built-but-unsent (or expired) transaction again with a fresh quote and blockhash: a new transaction (new id), the old one `replaced`.',
  })
  async refreshTransaction(@Arg('transactionId', () => ID) transactionId: string, @Ctx() ctx: Context): Promise<TransactionDetailsType> {
    return TransactionDetailsType.of(await ctx.transactions.refresh(principalOf(ctx), transactionId));
  }
}
