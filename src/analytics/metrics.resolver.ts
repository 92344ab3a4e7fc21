import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { Metrics, Interval } from './metrics.type';

@Resolver()
export class MetricsResolver {
  @Authorized('admin')
  @Query(() => Metrics, { description: "Your account's metrics over whole UTC days; by default the last 30 days." })
  metrics(
    @Ctx() ctx: Context,
    @Arg('startDate', () => String, { nullable: true, description: 'YYYY-MM-DD' }) startDate?: string,
    @Arg('endDate', () => String, { nullable: true, description: 'YYYY-MM-DD' }) endDate?: string,
    @Arg('interval', () => Interval, { nullable: true, description: '`day` adds `daily`, a series over the period (at most 3,660 days).' })
    interval?: Interval,
  ): Promise<Metrics> {
    return ctx.metrics.metrics(principalOf(ctx), startDate, endDate, interval);
  }
}
