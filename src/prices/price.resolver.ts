import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { TokenPriceType } from './price.type';

@Resolver()
export class PriceResolver {
  @Authorized('read:prices')
  @Query(() => TokenPriceType, { description: 'A token by mint address or symbol.' })
  price(@Arg('token', () => String) token: string, @Ctx() ctx: Context): Promise<TokenPriceType> {
    return ctx.prices.price(token);
  }

  @Authorized('read:prices')
  @Query(() => [TokenPriceType], { description: 'Up to 100 tokens, priced in one upstream call.' })
  prices(@Arg('tokens', () => [String]) tokens: string[], @Ctx() ctx: Context): Promise<TokenPriceType[]> {
    return ctx.prices.prices(tokens);
  }
}
