import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { TokenPriceType } from './price.type';

@Resolver()
export class PriceResolver {
  @Authorized('read:prices')
  @Query(() => TokenPriceType, { description: 'A token by mint address or symbol.' })
  price(@Arg('token', () => String, { description: 'A symbol (`SOL`, `usdc`, `$BONK`) or a mint address.' }) token: string, @Ctx() ctx: Context): Promise<TokenPriceType> {
    return ctx.prices.price(token);
  }

  @Authorized('read:prices')
  @Query(() => [TokenPriceType], { description: 'Up to 100 tokens, priced in one upstream call.' })
  prices(@Arg('tokens', () => [String], { description: '1 to 100 symbols or mint addresses; answered in the order given.' }) tokens: string[], @Ctx() ctx: Context): Promise<TokenPriceType[]> {
    return ctx.prices.prices(tokens);
  }
}
