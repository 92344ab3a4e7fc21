import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { Interval } from '../analytics/metrics.type';
import { Usage } from './usage.type';

@Resolver()
export class UsageResolver {
  @Authorized()
  @Query(() => Usage, { description: "The calling key's tier, limits and usage." })
  usage(
    @Ctx() ctx: Context,
    @Arg('interval', () => Interval, { nullable: true, description: '`day` adds `daily`: the last 30 UTC days.' }) interval?: Interval,
  ): Promise<Usage> {
    return ctx.usage.report(principalOf(ctx), interval);
  }
}
