import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { CreateClientTokenInput, IssuedClientToken } from './client-token.type';

@Resolver()
export class ClientTokenResolver {
  @Authorized('write:sessions')
  @Mutation(() => IssuedClientToken, {
    description:
      "Mints a client token for one of your sessions, for a front end: your server calls this with its key and hands the token to the page, which then talks to Parley with the token only (that session's messages, its wallet's portfolio, prices, its transactions, their subscriptions).",
  })
  async createClientToken(
    @Arg('sessionId', () => ID, { description: 'An active session of your account (`session_…`).' }) sessionId: string,
    @Ctx() ctx: Context,
    @Arg('input', () => CreateClientTokenInput, { nullable: true, description: 'Lifetime and origins; defaults when omitted.' }) input?: CreateClientTokenInput | null,
  ): Promise<IssuedClientToken> {
    const { token, secret } = await ctx.clientTokens.mint(principalOf(ctx), sessionId, input ?? {});
    return IssuedClientToken.of(token, secret);
  }
}
