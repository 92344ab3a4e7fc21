import type { ErrorRequestHandler, IRouter, Request, RequestHandler, Response } from 'express';
import { getVariableValues, Kind, type DocumentNode, type GraphQLSchema, type TypeNode } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { createContext, type AppDeps } from '../src/app/context';
import { toDomainError } from '../src/app/graphql-errors';
import { authenticate, idempotency, jsonBody, locals, toClientError } from '../src/app/http';
import { DomainError } from '../src/shared/errors';
import type { Logger } from '../src/shared/logger';
import { openApiDocument } from './openapi';
import { loadOperations, operationOf } from './operations';
import { sendError, sendPayload } from './respond';
import { readsBody, routes as defaultRoutes, type ResultShape, type RestRoute } from './routes';

/**
 * Adds the /v1 REST API to `app`. Each route authenticates, turns the request into variables,
 * runs its operation in-process against the same schema and context builder as /graphql, and
 * reshapes the result; errors reach the app's error handler (`restErrorHandler`) and map
 * through the one error table. The API's OpenAPI document, derived from the same routes and
 * operations, is at /v1/openapi.json. The routes are the app's own rather than a mounted
 * router's: a mounted router rewrote the URL, parsed it again and walked a stack of its own on
 * every request (7% of a price request's CPU).
 */
export function addRestApi(app: IRouter, schema: GraphQLSchema, deps: AppDeps, routes: RestRoute[] = defaultRoutes): void {
  const documents = loadOperations(schema, routes);
  const openApi = openApiDocument(schema, documents);
  // The API's description is public: the reference page at /docs reads it without a key.
  app.get('/v1/openapi.json', (_req, res) => void res.json(openApi));
  const byPath = new Map<string, RestRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  for (const [routePath, sameRoutes] of byPath) {
    const chain = app.route(routePath);
    for (const route of sameRoutes) {
      const handler = operationHandler(route, documents.get(route)!, schema, deps);
      const guards = route.idempotent ? [jsonBody, authenticate(deps), idempotency(deps)] : [jsonBody, authenticate(deps)];
      chain[route.method.toLowerCase() as 'get' | 'post' | 'delete'](...guards, handler);
    }
    chain.all(methodNotAllowed(sameRoutes.map((route) => route.method)));
  }
}

/**
 * Runs a route's operation. Its document never changes, so it is compiled once (graphql-jit)
 * into a function that calls the same resolvers as /graphql, instead of graphql-js walking the
 * document on every request: GET /v1/prices/SOL went from 211 to 187 µs of CPU (bench/http.js).
 * Variables are coerced by graphql-js first, so a bad one is refused in graphql-js's words,
 * which `fieldOfRequestError` reads.
 */
function operationHandler(route: RestRoute, document: DocumentNode, schema: GraphQLSchema, deps: AppDeps): RequestHandler {
  const sources = Object.entries(route.variables);
  const operation = operationOf(document);
  const variableDefinitions = operation.variableDefinitions ?? [];
  const integers = new Set(
    variableDefinitions.filter((definition) => namedType(definition.type) === 'Int').map((definition) => definition.variable.name.value),
  );
  const compiled = compileQuery(schema, document);
  if (!isCompiledQuery(compiled)) throw new Error(`rest-adapter/operations/${route.operation}.graphql: ${compiled.errors?.map((e) => e.message).join('; ')}`);
  // GraphQL names a faulty variable; REST names the parameter it came from.
  const restNames = new Map(
    sources.flatMap(([variable, source]) => (source.name && source.in !== 'body' ? [[variable, source.name]] : [])),
  );
  const hasBody = readsBody(route);
  return async (req, res) => {
    const body = hasBody ? requestBody(req) : {};
    const variableValues = Object.fromEntries(
      sources.map(([variable, source]) => {
        if (source.in === 'body') return [variable, source.name ? body[source.name] : body];
        const value: unknown = source.in === 'path' ? req.params[source.name] : (req.query as Record<string, unknown>)[source.name];
        return [variable, integers.has(variable) ? integer(value) : value];
      }),
    );
    // At most 50 errors, as graphql-js's execute allows: each one prints the whole value, so a
    // body of thousands of unknown fields would otherwise cost seconds.
    const coerced = getVariableValues(schema, variableDefinitions, variableValues, { maxErrors: 50 });
    const result = coerced.errors
      ? { errors: coerced.errors, data: undefined }
      : await compiled.query(undefined, createContext(deps, locals(res)), coerced.coerced);
    if (result.errors?.length) {
      const domain = toDomainError(result.errors[0]);
      if (!domain) throw result.errors[0].originalError ?? result.errors[0];
      const restField = domain.field && restNames.get(domain.field);
      return sendError(res, restField ? new DomainError(domain.code, domain.message, { ...domain, field: restField }) : domain);
    }
    sendPayload(res, route.status ?? 200, reshape(route.result, result.data as Payload));
  };
}

type Payload = Record<string, unknown>;

interface Connection {
  edges: Array<{ node: Payload }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The REST payload of an operation's result (see `ResultShape`). */
function reshape(shape: ResultShape, data: Payload): Payload {
  const value = data[shape.field] as Payload;
  const clean = shape.omitNulls ? withoutNulls : <T>(inner: T) => inner;
  if (!shape.list) return clean(value);
  const { edges, pageInfo } = value as unknown as Connection;
  return {
    [shape.list]: edges.map((edge) => clean(edge.node)),
    pagination: { hasMore: pageInfo.hasNextPage, nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null },
  };
}

/** Drops null fields, at every depth. */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutNulls(inner)]),
  ) as T;
}

/** Query strings are text: an integer-looking value becomes a number, anything else stays for GraphQL to refuse. */
const integer = (value: unknown) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value);

const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));

/** The body of a JSON route: an object, or `{}` when none was sent. */
function requestBody(req: Request): Record<string, unknown> {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return {};
  if (!req.is('application/json')) {
    throw new DomainError('unsupported_media_type', `Send the body as application/json, got ${req.get('content-type') ?? 'no Content-Type'}`);
  }
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('validation_error', 'The request body must be a JSON object', { field: 'body' });
  }
  return body as Record<string, unknown>;
}

function methodNotAllowed(allowed: string[]): RequestHandler {
  return (req: Request, res: Response) => {
    res.setHeader('Allow', allowed.join(', '));
    sendError(res, new DomainError('method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}`));
  };
}

/** Renders any error of a /v1 request as the REST error body; faults are logged and masked. */
export function restErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => sendError(res, toClientError(error, logger, res));
}
