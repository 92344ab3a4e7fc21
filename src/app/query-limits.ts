import {
  getNamedType,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type OperationDefinitionNode,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { DomainError } from '../shared/errors';
import { toDomainError } from './graphql-errors';
import { DEFAULT_PAGE_SIZE } from '../shared/pagination';

/**
 * Limits on what one GraphQL request may ask, so that no query can make the service read
 * without bound: nesting depth (introspection excluded, which tools need in full) and an
 * estimated cost in which every field costs 1 and a connection's subtree counts once per
 * row it may return (`first`, default 50).
 */
export const MAX_DEPTH = 10;
export const MAX_COST = 10_000;

/** The rules /graphql (Apollo's `validationRules`, beside graphql's own) and the WebSocket add to validation. */
export const VALIDATION_RULES = [depthLimit(MAX_DEPTH)];

/** Validation rule: refuses operations nested deeper than `max` fields. */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const depthOf = (selectionSet: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!selectionSet) return 0;
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, seen));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        } else if (!seen.has(selection.name.value)) {
          const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(selection.name.value);
          deepest = Math.max(deepest, depthOf(fragment?.selectionSet, new Set([...seen, selection.name.value])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, new Set());
        if (depth > max) {
          context.reportError(new GraphQLError(`The query is nested ${depth} levels deep; at most ${max} are allowed`, { nodes: [operation] }));
        }
      },
    };
  };
}

/** A connection's subtree costs once per row it may return. */
const connectionEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (!getNamedType(field.type).name.endsWith('Connection')) return undefined;
  const rows = typeof args.first === 'number' ? args.first : DEFAULT_PAGE_SIZE;
  return 1 + rows * childComplexity;
};

/** Throws, before execution, when an operation's estimated cost is above the limit. */
export type CostCheck = (document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | undefined) => void;

/** The cost check for Apollo's `didResolveOperation` (see `requestHooks`) and the WebSocket. */
export function costCheck(schema: GraphQLSchema, max: number): CostCheck {
  return (document, operationName, variables) => {
    let cost: number;
    try {
      cost = getComplexity({
        schema,
        query: document,
        variables,
        operationName: operationName ?? undefined,
        estimators: [connectionEstimator, simpleEstimator({ defaultComplexity: 1 })],
      });
    } catch {
      // Variables that do not coerce: execution refuses them before any resolver runs, as a
      // request error (400), where an error thrown here would be Apollo's 500.
      return;
    }
    if (cost > max) {
      const error = new DomainError('validation_error', `The query is too expensive: cost ${cost}, at most ${max}. Ask for fewer rows.`, {
        details: { cost, limit: max },
      });
      // Apollo answers a hook's error with 500 unless it names a status: the error's, as for a
      // document that does not validate (200 for application/json clients: see requestHooks).
      throw new GraphQLError(error.message, { originalError: error, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: error.status } } });
    }
  };
}

/** What a client sends to run an operation: a document's text, which operation, its variables. */
export interface OperationPayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/**
 * Parses and checks an operation as /graphql does (syntax, the schema with VALIDATION_RULES,
 * the cost limit) for the WebSocket, which has no Apollo in front of it. Throws the first
 * refusal as the DomainError /graphql would answer.
 */
export function checkOperation(schema: GraphQLSchema, checkCost: CostCheck, payload: OperationPayload): { document: DocumentNode; operation: OperationDefinitionNode } {
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch (error) {
    throw new DomainError('validation_error', (error as Error).message);
  }
  const [invalid] = validate(schema, document, [...specifiedRules, ...VALIDATION_RULES]);
  if (invalid) throw toDomainError(invalid) ?? new DomainError('validation_error', invalid.message);
  const operation = getOperationAST(document, payload.operationName);
  if (!operation) throw new DomainError('validation_error', 'No operation of that name in the document');
  try {
    checkCost(document, payload.operationName, payload.variables ?? undefined);
  } catch (error) {
    throw (error instanceof GraphQLError && toDomainError(error)) || error;
  }
  return { document, operation };
}
