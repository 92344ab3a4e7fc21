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
import type { RequestHandler } from 'express';
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

/**
 * How deep `{`, `[` and `(` may nest in a document's text. graphql-js parses by recursion, and
 * a document nested a few thousand levels exhausts the stack before any validation rule sees
 * it; no document within MAX_DEPTH fields (arguments and the tools' introspection included)
 * comes near this.
 */
export const MAX_NESTING = 64;

/**
 * The depth error for a document whose brackets nest deeper than MAX_NESTING, found by one scan
 * of its text before it is parsed (strings and comments skipped); undefined for any other.
 */
export function nestingRefusal(text: string): DomainError | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (char === '"') {
      i = endOfString(text, i);
    } else if (char === '{' || char === '[' || char === '(') {
      if (++depth > MAX_NESTING) {
        return new DomainError('validation_error', `The query is nested more than ${MAX_NESTING} levels deep; at most ${MAX_DEPTH} are allowed`);
      }
    } else if (char === '}' || char === ']' || char === ')') {
      depth--;
    }
  }
  return undefined;
}

/** The index of the quote that closes the string (or block string) opening at `start`. */
function endOfString(text: string, start: number): number {
  if (text.startsWith('"""', start)) {
    for (let i = start + 3; i < text.length; i++) {
      if (text[i] === '\\' && text.startsWith('"""', i + 1)) i += 3;
      else if (text.startsWith('"""', i)) return i + 2;
    }
    return text.length;
  }
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"' || text[i] === '\n') return i;
  }
  return text.length;
}

/** /graphql's step before Apollo: a document (POST body or GET query string) nested too deep is refused unparsed. */
export const refuseDeepDocuments: RequestHandler = (req, _res, next) => {
  const source: unknown = req.method === 'GET' ? req.query.query : (req.body as { query?: unknown } | undefined)?.query;
  const refusal = typeof source === 'string' ? nestingRefusal(source) : undefined;
  next(refusal);
};

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
 * Parses and checks an operation as /graphql does (nesting before parsing, syntax, the schema
 * with VALIDATION_RULES, the cost limit) for the WebSocket, which has no Apollo in front of it. Throws the first
 * refusal as the DomainError /graphql would answer.
 */
export function checkOperation(schema: GraphQLSchema, checkCost: CostCheck, payload: OperationPayload): { document: DocumentNode; operation: OperationDefinitionNode } {
  const tooDeep = nestingRefusal(payload.query);
  if (tooDeep) throw tooDeep;
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
