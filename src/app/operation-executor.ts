import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { execute, getOperationAST, getVariableValues, GraphQLError, isUnionType, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { getMetadataStorage } from 'type-graphql';
import type { Context } from './context';

/** One operation to run: a parsed and validated document, the operation's name, raw variables. */
export interface OperationRequest {
  document: DocumentNode;
  operationName?: string;
  variableValues: Record<string, unknown>;
  contextValue: Context;
}

export type Executor = (request: OperationRequest) => Promise<ExecutionResult>;

/**
 * Documents kept compiled (or known not to compile), least recently used dropped first. An
 * application sends a few dozen; a compiled introspection query holds ~200 KB, so the cache
 * stays under ~20 MB whatever clients send.
 */
const COMPILED_DOCUMENTS = 100;

type Compilation = CompiledQuery | 'seen' | 'interpreted';

/**
 * The one executor of GraphQL operations, for /graphql (through Apollo, `apolloGateway`) and
 * the /v1 routes alike; lives as long as the schema. A document is compiled with graphql-jit
 * the second time it is seen (why: bench/README.md#kept-speed-tricks); until then, or when
 * graphql-jit cannot compile it, graphql-js runs it. Variables are checked by graphql-js first,
 * so a bad one is refused in graphql-js's words either way. The schema's unions are made to
 * answer synchronously, as graphql-jit needs (`withSynchronousUnions`). Remove by running
 * `execute` alone (and dropping `withSynchronousUnions` and the graphql-jit package).
 */
export function createExecutor(schema: GraphQLSchema): Executor {
  withSynchronousUnions(schema);
  const documents = new Map<DocumentNode, Map<string, Compilation>>();

  /** The compiled form of an operation seen before; undefined while graphql-js is to run it. */
  function compiled(document: DocumentNode, operationName: string | undefined): CompiledQuery | undefined {
    const operations = documents.get(document) ?? new Map<string, Compilation>();
    documents.delete(document);
    documents.set(document, operations);
    if (documents.size > COMPILED_DOCUMENTS) documents.delete(documents.keys().next().value!);
    const known = operations.get(operationName ?? '');
    const entry = known === 'seen' ? compile(schema, document, operationName) : (known ?? 'seen');
    operations.set(operationName ?? '', entry);
    return typeof entry === 'object' ? entry : undefined;
  }

  return async ({ document, operationName, variableValues, contextValue }) => {
    // A document without the operation asked for: graphql-js's answer names the problem.
    const operation = getOperationAST(document, operationName);
    const query = operation && compiled(document, operationName);
    if (!query) return execute({ schema, document, operationName, variableValues, contextValue });
    // At most 50 errors, as graphql-js's execute allows: each one prints the whole value, so a
    // body of thousands of unknown fields would otherwise cost seconds.
    const checked = getVariableValues(schema, operation.variableDefinitions ?? [], variableValues, { maxErrors: 50 });
    if (checked.errors) return { errors: checked.errors };
    return withGraphQLJsErrors(await query.query(undefined, contextValue, variableValues));
  };
}

/**
 * graphql-jit takes a union's `resolveType` answer as the type name at once, while type-graphql
 * wraps each union's resolver in an async function: every union field would fail compiled. Each
 * union gets back the resolver its `createUnionType` declared, which must name the type at once; a
 * union declared without one is refused here, when the service starts (and in
 * test/graphql/execution.test.ts), rather than on a document's second request.
 */
export function withSynchronousUnions(schema: GraphQLSchema): void {
  const declared = new Map(getMetadataStorage().unions.map((union) => [union.name, union.resolveType]));
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isUnionType(type) || type.name.startsWith('__')) continue;
    const resolveType = declared.get(type.name);
    if (!resolveType) throw new Error(`The union ${type.name} needs a resolveType in its createUnionType: graphql-jit resolves union types synchronously (src/app/operation-executor.ts)`);
    type.resolveType = (value, context, info, abstractType) => {
      const name = resolveType(value, context, info, abstractType);
      if (typeof name !== 'string') throw new Error(`The resolveType of the union ${type.name} must return a type's name, at once`);
      return name;
    };
  }
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledQuery | 'interpreted' {
  const compiled = compileQuery(schema, document, operationName);
  return isCompiledQuery(compiled) ? compiled : 'interpreted';
}

/**
 * graphql-jit's errors are instances of graphql-js's class in name only: their fields are
 * read-only and `extensions` may be missing, which Apollo's error formatting relies on.
 */
function withGraphQLJsErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map((error) => {
    const rebuilt = new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions });
    return Object.assign(rebuilt, { locations: error.locations });
  });
  return { ...result, errors };
}

type Gateway = NonNullable<ApolloServerOptionsWithGateway<Context>['gateway']>;

/**
 * Plugs the executor into Apollo through its gateway interface, the one hook Apollo gives
 * execution: Apollo still parses, validates, limits and formats.
 */
export function apolloGateway(schema: GraphQLSchema, executor: Executor): Gateway {
  return {
    // Apollo reads the SDL only to report the schema to Apollo Studio, which Parley does not use.
    onSchemaLoadOrUpdate: (callback) => {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    load: async () => ({
      executor: ({ document, request, context }) =>
        executor({ document, operationName: request.operationName ?? undefined, variableValues: request.variables ?? {}, contextValue: context as Context }),
    }),
    stop: async () => undefined,
  };
}
