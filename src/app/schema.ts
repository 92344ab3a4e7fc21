import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage, type PubSub } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { KeyResolver } from '../keys/key.resolver';
import { UsageResolver } from '../limits/usage.resolver';
import { MessageResolver } from '../messages/message.resolver';
import { PriceResolver } from '../prices/price.resolver';
import { PortfolioResolver } from '../portfolio/portfolio.resolver';
import { DevResolver } from '../dev/dev.resolver';
import { TransactionResolver } from '../transactions/transaction.resolver';
import { MetricsResolver } from '../analytics/metrics.resolver';
import { SessionResolver } from '../sessions/session.resolver';
import { LiveResolver } from '../live/live.resolver';

export const resolvers = [KeyResolver, UsageResolver, SessionResolver, MessageResolver, PriceResolver, PortfolioResolver, DevResolver, TransactionResolver, MetricsResolver, LiveResolver] as const;

/** Builds the executable schema from the type-graphql classes. Done once at start-up. */
export async function buildParleySchema(): Promise<GraphQLSchema> {
  markPlainFieldsSimple();
  const schema = await buildSchema({ resolvers, authChecker, validate: false, pubSub: noTopics });
  assertNoGuardedPlainField();
  return schema;
}

/**
 * type-graphql refuses to build subscriptions without a PubSub, which it uses for `topics`.
 * Parley's subscriptions each bring their own `subscribe` (LiveService, over LiveEvents), so
 * this one is never used.
 */
const noTopics: PubSub = {
  publish: () => {
    throw new Error('Publish through LiveEvents');
  },
  subscribe: () => {
    throw new Error('Give the subscription a `subscribe` function (see LiveResolver)');
  },
};

/**
 * type-graphql wraps every plain field (a property of an object type, no resolver) in a
 * resolver that runs the field's own auth and middlewares. Parley guards resolvers and field
 * resolvers only, so plain fields are marked simple: they get graphql's default resolver, a
 * property read that graphql-jit inlines (the nested query over 20 sessions × 5 messages:
 * +20–27% req/s). Field resolvers (`@FieldResolver`) keep their auth whatever the mark.
 */
function markPlainFieldsSimple(): void {
  for (const field of getMetadataStorage().fields) field.simple ??= true;
}

/** A plain field given `@Authorized` or `@UseMiddleware` stops the build rather than run unguarded. */
function assertNoGuardedPlainField(): void {
  const { objectTypes, interfaceTypes } = getMetadataStorage();
  for (const type of [...objectTypes, ...interfaceTypes]) {
    for (const field of type.fields ?? []) {
      if (field.simple && (field.roles !== undefined || field.middlewares?.length)) {
        throw new Error(`${type.name}.${field.name}: put @Authorized and @UseMiddleware on a resolver or field resolver, not on a plain field`);
      }
    }
  }
}

/** The SDL checked in at schema/schema.graphql: sorted, so that it diffs cleanly. */
export function printParleySchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
