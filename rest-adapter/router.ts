import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { execute, Kind, parse, validate, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { createContext, type AppDeps } from '../src/app/context';
import { toDomainError } from '../src/app/graphql-errors';
import { authenticate, idempotency, locals, toClientError } from '../src/app/http';
import { DomainError } from '../src/shared/errors';
import type { Logger } from '../src/shared/logger';
import { projectRoot } from '../src/shared/paths';
import { sendError, sendPayload } from './respond';
import { routes as defaultRoutes, type RestRoute } from './routes';

const OPERATIONS_DIR = path.join(projectRoot, 'rest-adapter', 'operations');

/**
 * Parses and validates a route's operation document against the schema. Called once per
 * route at start-up: a broken document stops the service from starting, not a request.
 */
export function loadOperation(schema: GraphQLSchema, operation: string, shared: Map<string, FragmentDefinitionNode>): DocumentNode {
  const own = parse(readFileSync(path.join(OPERATIONS_DIR, `${operation}.graphql`), 'utf8'));
  const document: DocumentNode = { ...own, definitions: [...own.definitions, ...fragmentsUsedBy(own.definitions, shared)] };
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`rest-adapter/operations/${operation}.graphql: ${errors.map((e) => e.message).join('; ')}`);
  return document;
}

/** Shared fragments (operations/fragments/*.graphql) by name. Read once per router. */
function sharedFragments(): Map<string, FragmentDefinitionNode> {
  const dir = path.join(OPERATIONS_DIR, 'fragments');
  const fragments = readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .flatMap((file) => parse(readFileSync(path.join(dir, file), 'utf8')).definitions)
    .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION);
  return new Map(fragments.map((fragment) => [fragment.name.value, fragment]));
}

/** The shared fragments that `definitions` spread, transitively (GraphQL refuses unused ones). */
function fragmentsUsedBy(definitions: readonly DefinitionNode[], shared: Map<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const used = new Map<string, FragmentDefinitionNode>();
  const pending = [...definitions];
  while (pending.length) {
    visit(pending.pop()!, {
      FragmentSpread(node) {
        const fragment = shared.get(node.name.value);
        if (fragment && !used.has(fragment.name.value)) {
          used.set(fragment.name.value, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return [...used.values()];
}

/**
 * The /v1 REST API as an express router. Each route authenticates, turns the request into
 * variables, runs its operation in-process against the same schema and context builder as
 * /graphql, and reshapes the result. Errors map through the one error table.
 */
export function restRouter(schema: GraphQLSchema, deps: AppDeps, logger: Logger, routes: RestRoute[] = defaultRoutes) {
  const router = express.Router();
  const fragments = sharedFragments();
  const byPath = new Map<string, RestRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  for (const [routePath, sameRoutes] of byPath) {
    const chain = router.route(routePath);
    for (const route of sameRoutes) {
      const handler = operationHandler(route, loadOperation(schema, route.operation, fragments), schema, deps);
      const guards = route.idempotent ? [authenticate(deps), idempotency(deps)] : [authenticate(deps)];
      chain[route.method.toLowerCase() as 'get' | 'post' | 'delete'](...guards, handler);
    }
    chain.all(methodNotAllowed(sameRoutes.map((route) => route.method)));
  }
  router.use(restErrorHandler(logger));
  return router;
}

function operationHandler(
  route: RestRoute,
  document: DocumentNode,
  schema: GraphQLSchema,
  deps: AppDeps,
): RequestHandler {
  return async (req, res) => {
    const variableValues = route.variables({
      params: req.params as Record<string, string>,
      query: req.query as Record<string, unknown>,
      body: route.body ? jsonBody(req) : {},
    });
    const result = await execute({ schema, document, variableValues, contextValue: createContext(deps, locals(res)) });
    if (result.errors?.length) {
      const domain = toDomainError(result.errors[0]);
      if (!domain) throw result.errors[0].originalError ?? result.errors[0];
      const restField = domain.field && route.fieldNames?.[domain.field];
      return sendError(res, restField ? new DomainError(domain.code, domain.message, { ...domain, field: restField }) : domain);
    }
    sendPayload(res, route.status ?? 200, route.result(result.data as Record<string, unknown>));
  };
}

/** The body of a JSON route: an object, or `{}` when none was sent. */
function jsonBody(req: Request): Record<string, unknown> {
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
