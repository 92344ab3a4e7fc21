import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { execute, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
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
 * The one executor of GraphQL operations, for /graphql (through Apollo, `apolloGateway`) and
 * the /v1 routes alike: graphql-js, which checks the variables and runs the operation. Lives as
 * long as the schema. (graphql-jit ran documents compiled until issue 31: on the routes users
 * take it did not pay beyond the noise; bench/README.md#removed.)
 */
export function createExecutor(schema: GraphQLSchema): Executor {
  return async ({ document, operationName, variableValues, contextValue }) => execute({ schema, document, operationName, variableValues, contextValue });
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
