import type { IRouter, Request, RequestHandler, Response } from 'express';
import { Kind, type DocumentNode, type GraphQLSchema, type TypeNode } from 'graphql';
import { DomainError } from '../src/shared/errors';
import { openApiDocument } from './openapi';
import { loadOperations, operationOf } from './operations';
import { readsBody, routes as defaultRoutes, type ResultShape, type RestRoute } from './routes';

/**
 * What the REST API takes from the app that serves it (src/app/express-app.ts). The adapter
 * imports no module of the app: it maps requests to operations and results to REST bodies,
 * and the app runs them.
 */
export interface RestHost {
  /** The steps before a route's operation: the JSON body, the key and its rate limit, and Idempotency-Key where the route honours it. */
  guards(route: RestRoute): RequestHandler[];
  /**
   * Runs an operation with the app's one executor and this request's context, resolving with
   * its data; its first error is thrown as the DomainError a client sees (a fault as it is).
   */
  run(res: Response, operation: { document: DocumentNode; variableValues: Record<string, unknown> }): Promise<Payload>;
  /** Sends a REST success body (`meta` added). */
  sendPayload(res: Response, status: number, payload: Payload): void;
}

/**
 * Adds the /v1 REST API to `app`: each route, after its guards, turns the request into the
 * variables of its named operation (rest-adapter/operations/), has the host run it, and
 * reshapes the result. Errors are thrown to the app's error handler, which maps them through
 * the one error table. The API's OpenAPI document, derived from the same routes and
 * operations, is at /v1/openapi.json. The routes are the app's own, not a mounted router's.
 */
export function addRestApi(app: IRouter, schema: GraphQLSchema, host: RestHost, routes: RestRoute[] = defaultRoutes): void {
  const documents = loadOperations(schema, routes);
  const openApi = openApiDocument(schema, documents);
  // The API's description is public: the reference page at /docs reads it without a key.
  app.get('/v1/openapi.json', (_req, res) => void res.json(openApi));
  const byPath = new Map<string, RestRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  for (const [routePath, sameRoutes] of byPath) {
    const chain = app.route(routePath);
    for (const route of sameRoutes) {
      chain[route.method.toLowerCase() as 'get' | 'post' | 'delete'](...host.guards(route), operationHandler(route, documents.get(route)!, host));
    }
    chain.all(methodNotAllowed(sameRoutes.map((route) => route.method)));
  }
}

/** Maps a request to its route's operation and variables, and the operation's result to the REST body. */
function operationHandler(route: RestRoute, document: DocumentNode, host: RestHost): RequestHandler {
  const sources = Object.entries(route.variables);
  const integers = new Set(
    (operationOf(document).variableDefinitions ?? [])
      .filter((definition) => namedType(definition.type) === 'Int')
      .map((definition) => definition.variable.name.value),
  );
  // GraphQL names a faulty variable; REST names the parameter it came from.
  const restNames = new Map(
    sources.flatMap(([variable, source]) => (source.name && source.in !== 'body' ? [[variable, source.name]] : [])),
  );
  const restNamed = (error: unknown) => {
    const restField = error instanceof DomainError && error.field && restNames.get(error.field);
    return restField ? new DomainError(error.code, error.message, { ...error, field: restField }) : error;
  };
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
    const data = await host.run(res, { document, variableValues }).catch((error: unknown) => {
      throw restNamed(error);
    });
    host.sendPayload(res, route.status ?? 200, reshape(route.result, data));
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
    throw new DomainError('method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}`);
  };
}
