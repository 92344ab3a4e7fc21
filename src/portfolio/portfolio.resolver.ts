import { Arg, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { readableWallet } from '../auth/principal';
import { SessionType } from '../sessions/session.type';
import { PortfolioType } from './portfolio.type';

@Resolver(() => SessionType)
export class PortfolioResolver {
  @Authorized('read:portfolio')
  @Query(() => PortfolioType, { description: "A wallet's holdings and their USD value (devnet for test keys)." })
  portfolio(@Arg('walletAddress', () => String, { description: 'A base58 Solana address (32 bytes).' }) walletAddress: string, @Ctx() ctx: Context): Promise<PortfolioType> {
    return ctx.portfolio.portfolio(readableWallet(principalOf(ctx), walletAddress));
  }

  @Authorized('read:portfolio')
  @FieldResolver(() => PortfolioType, { name: 'portfolio', description: "The session wallet's portfolio." })
  sessionPortfolio(@Root() session: SessionType, @Ctx() ctx: Context): Promise<PortfolioType> {
    return ctx.portfolio.portfolio(session.walletAddress);
  }
}
