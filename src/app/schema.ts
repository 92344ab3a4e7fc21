import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
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

export const resolvers = [KeyResolver, UsageResolver, SessionResolver, MessageResolver, PriceResolver, PortfolioResolver, DevResolver, TransactionResolver, MetricsResolver] as const;

/** Builds the executable schema from the type-graphql classes. Done once at start-up. */
export function buildParleySchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, authChecker, validate: false });
}

/** The SDL checked in at schema/schema.graphql: sorted, so that it diffs cleanly. */
export function printParleySchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
