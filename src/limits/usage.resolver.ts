import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { Usage } from './usage.type';

@Resolver()
export class UsageResolver {
  @Authorized()
  @Query(() => Usage, { description: "The calling key's tier, limits and usage." })
  usage(@Ctx() ctx: Context): Promise<Usage> {
    return ctx.usage.report(principalOf(ctx));
  }
}
