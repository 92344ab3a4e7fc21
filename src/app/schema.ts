import { GraphQLObjectType, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import type { Maybe } from 'graphql/jsutils/Maybe';
import { buildSchema, getMetadataStorage, type PubSub } from 'type-graphql';
import type { ResolverMetadata } from 'type-graphql/build/typings/metadata/definitions';
import { authChecker } from '../auth/auth-checker';
import { ClientTokenResolver } from '../client-tokens/client-token.resolver';
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

export const resolvers = [KeyResolver, ClientTokenResolver, UsageResolver, SessionResolver, MessageResolver, PriceResolver, PortfolioResolver, DevResolver, TransactionResolver, MetricsResolver, LiveResolver] as const;

/** Builds the executable schema from the type-graphql classes. Done once at start-up. */
export async function buildParleySchema(): Promise<GraphQLSchema> {
  markPlainFieldsSimple();
  const schema = await buildSchema({ resolvers, authChecker, validate: false, pubSub: noTopics });
  assertNoGuardedPlainField();
  describeRootTypes(schema);
  describeScopes(schema);
  return schema;
}

function describeRootTypes(schema: GraphQLSchema): void {
  schema.getQueryType()!.description =
    'Reads, over HTTP (POST or GET /graphql) with `Authorization: Bearer <API key>`. Each field names the scope it needs; without a key only introspection answers.';
  schema.getMutationType()!.description = 'Changes, over HTTP (POST /graphql) with `Authorization: Bearer <API key>`. Each field names the scope it needs.';
  schema.getSubscriptionType()!.description =
    'Live updates over WebSocket at /graphql, protocol graphql-transport-ws (the graphql-ws package): send `connection_init` with payload ' +
    '`{ "authorization": "Bearer <API key>" }` (a missing or bad key closes the socket with 4403). Each field names the scope it needs.';
}

/**
 * Ends the description of every operation and field resolver with the scope its
 * `@Authorized` requires, read from type-graphql's metadata after the build: the docs panel
 * then says what the code enforces, and cannot drift from it.
 */
function describeScopes(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const scopeText = (roles: readonly string[] | undefined) => {
    if (roles === undefined) return null;
    if (roles.length === 0) return 'Scope: any valid API key.';
    return `Scope: ${roles.map((role) => `\`${role}\``).join(', ')}${roles.includes('admin') ? '' : ' (or `admin`)'}.`;
  };
  const annotate = (field: { description?: Maybe<string> } | undefined, roles: readonly string[] | undefined) => {
    const text = scopeText(roles);
    if (!field || !text || field.description?.includes('Scope:')) return;
    field.description = field.description ? `${field.description} ${text}` : text;
  };
  const roots: Array<[GraphQLObjectType | null | undefined, readonly ResolverMetadata[]]> = [
    [schema.getQueryType(), storage.queries],
    [schema.getMutationType(), storage.mutations],
    [schema.getSubscriptionType(), storage.subscriptions],
  ];
  for (const [type, handlers] of roots) {
    for (const handler of handlers) annotate(type?.getFields()[handler.schemaName], handler.roles);
  }
  for (const resolver of storage.fieldResolvers) {
    const target = resolver.getObjectType?.();
    const typeName = storage.objectTypes.find((type) => type.target === target)?.name;
    const type = typeName ? schema.getType(typeName) : undefined;
    if (type instanceof GraphQLObjectType) annotate(type.getFields()[resolver.schemaName], resolver.roles);
  }
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
 * resolver that runs the field's own auth and middlewares, a closure and a middleware chain per
 * field and object. Parley guards resolvers and field resolvers only, so plain fields are marked
 * simple: they get graphql's default resolver, a property read (why: bench/README.md#kept-speed-tricks).
 * Field resolvers (`@FieldResolver`) keep their auth whatever the mark.
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
