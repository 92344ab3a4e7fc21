import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { execute, getVariableValues, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Context } from './context';

type Gateway = NonNullable<ApolloServerOptionsWithGateway<Context>['gateway']>;
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/**
 * Documents kept compiled (or known not to compile), least recently used dropped first. An
 * application sends a few dozen; a compiled introspection query holds ~200 KB, the bench's
 * nested query ~30 KB, so the cache stays under ~20 MB whatever clients send.
 */
const COMPILED_DOCUMENTS = 100;

/**
 * Runs /graphql's operations with graphql-jit, plugged into Apollo through its gateway
 * interface (the one hook Apollo gives execution): Apollo still parses, validates, limits and
 * formats; graphql-js's interpreter made two dictionary objects per field it resolved, so a
 * page of 20 sessions × 5 messages allocated ~1.2 MB and the garbage collector took a
 * quarter of the CPU. A document is compiled the second time it is seen, so one-off
 * documents (a playground's introspection, a probe sending random queries) cost no
 * compilation; until then, or when graphql-jit cannot compile it, graphql-js runs it.
 * Variables are checked by graphql-js first, so a bad one gets its words and Apollo's 400.
 */
export function jitGateway(schema: GraphQLSchema): Gateway {
  const documents = new Map<string, CompiledQuery | 'seen' | 'interpreted'>();

  /** The compiled form of a document seen before; undefined while graphql-js is to run it. */
  function compiled(key: string, document: DocumentNode, operationName: string | undefined): CompiledQuery | undefined {
    const known = documents.get(key);
    documents.delete(key);
    const entry = known === 'seen' ? compile(schema, document, operationName) : (known ?? 'seen');
    documents.set(key, entry);
    if (documents.size > COMPILED_DOCUMENTS) documents.delete(documents.keys().next().value!);
    return typeof entry === 'object' ? entry : undefined;
  }

  const executor: Executor = async ({ document, operation, operationName, queryHash, request, context }) => {
    const variableValues = request.variables ?? {};
    // Apollo types `operation` as always there, but with no operation of the name asked for it
    // is missing, and graphql-js's answer names the problem (graphql-js checks variables too).
    const query = operation && compiled(`${queryHash}:${operationName ?? ''}`, document, operationName ?? undefined);
    if (!query) return execute({ schema, document, operationName: request.operationName, variableValues, contextValue: context });
    const checked = getVariableValues(schema, operation.variableDefinitions ?? [], variableValues, { maxErrors: 50 });
    if (checked.errors) return { errors: checked.errors };
    return withGraphQLJsErrors(await query.query(undefined, context, variableValues));
  };

  return {
    // Apollo reads the SDL only to report the schema to Apollo Studio, which Parley does not use.
    onSchemaLoadOrUpdate: (callback) => {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    load: async () => ({ executor }),
    stop: async () => undefined,
  };
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
