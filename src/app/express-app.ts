import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import cors from 'cors';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import { addRestApi } from '../../rest-adapter/router';
import { pagesRouter, playground, widgetScript } from '../pages/pages';
import { DomainError, errorFields } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { OriginRegistry } from '../auth/origin-registry';
import { Admission } from './admission';
import { requestHooks } from './apollo-hooks';
import { createContext, type AppDeps, type Context } from './context';
import { formatGraphQLError, toDomainError } from './graphql-errors';
import type { InFlightRequests } from './in-flight';
import { apolloGateway, createExecutor, type Executor } from './operation-executor';
import type { Prometheus } from './prometheus';
import { checkReadiness, type ReadinessChecks } from './readiness';
import { costCheck, MAX_COST, refuseDeepDocuments, VALIDATION_RULES } from './query-limits';
import { authenticate, idempotency, jsonBody, noStore } from './request-guards';
import { locals, trackRequests } from './request-tracking';
import { sendError, sendPayload, setErrorHeaders, toClientError } from './respond';
import { serveGraphQLWebSocket, type GraphQLWebSocket, type SubscriptionLimits } from './websocket';

export interface HttpApp {
  express: Express;
  /** Serves GraphQL subscriptions on the listening server, through the same way in as /graphql. */
  serveWebSocket(server: Server, limits: SubscriptionLimits): GraphQLWebSocket;
  /** Stops Apollo. The HTTP listener and the database belong to the caller. */
  close(): Promise<void>;
}

/**
 * Assembles the HTTP surface: /health/live, /health/ready (and their older names /health,
 * /ready), /metrics, /graphql (Apollo, and the playground
 * for browsers), /v1 (the REST adapter) and /docs, with request ids, the access log and JSON
 * errors everywhere. Lives as long as the service.
 */
export async function createHttpApp(
  schema: GraphQLSchema,
  deps: AppDeps & {
    logger: Logger;
    /** What /health/ready checks: the database, Redis when configured, the chains. */
    readiness: ReadinessChecks;
    corsOrigins: string[];
    /** Apollo's default turns it off under NODE_ENV=production; here the configuration decides. */
    introspection: boolean;
    metrics: Prometheus;
    inFlight: InFlightRequests;
  },
): Promise<HttpApp> {
  const { logger } = deps;
  const executor = createExecutor(schema);
  const admission = new Admission(deps, deps.corsOrigins, new OriginRegistry(deps.orm, deps.clock));
  const checkCost = costCheck(schema, MAX_COST);
  const apollo = new ApolloServer<Context>({
    gateway: apolloGateway(schema, executor),
    introspection: deps.introspection,
    formatError: (formatted, error) => formatGraphQLError(error, formatted),
    includeStacktraceInErrorResponses: false,
    // `main` owns SIGTERM/SIGINT and stops Apollo in order; Apollo's own handlers would race it.
    stopOnTerminationSignals: false,
    validationRules: VALIDATION_RULES,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      // Installed by default for federated subgraphs, which this schema is not.
      ApolloServerPluginInlineTraceDisabled(),
      requestHooks(logger, checkCost),
    ],
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(trackRequests(logger, deps.metrics, deps.inFlight));
  // Public code, the same for every page that embeds it: served ahead of CORS, which would look
  // its Origin up among the listed ones for nothing (and remember a miss for a while).
  app.get('/widget.js', widgetScript());
  // Browsers may call the API from CORS_ORIGINS ("*" for any) and from the origins that usable
  // keys and client tokens list (Admission.browserMayCall); which credential works from where is
  // checked when the request itself comes.
  app.use(
    cors({
      origin: deps.corsOrigins.includes('*')
        ? '*'
        : (origin, allow) => {
            if (origin === undefined) return allow(null, false);
            admission.browserMayCall(origin).then((listed) => allow(null, listed), allow);
          },
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Apollo-Require-Preflight'],
      exposedHeaders: ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed'],
      maxAge: 600,
    }),
  );
  // The API first, as most requests are its: express tries each layer in turn.
  const authenticated = [noStore, jsonBody, authenticate(admission)];
  const withIdempotency = [...authenticated, idempotency(deps)];
  addRestApi(app, schema, {
    guards: (route) => (route.idempotent ? withIdempotency : authenticated),
    run: (res, { document, variableValues }) => runOperation(executor, { document, variableValues, contextValue: createContext(deps, locals(res)) }),
    sendPayload,
  });

  const live: RequestHandler = (_req, res) => sendPayload(res, 200, { status: 'ok' });
  const ready: RequestHandler = async (_req, res) => {
    const { checks, error } = await checkReadiness(deps.readiness);
    if (!error) return sendPayload(res, 200, { status: 'ready', checks });
    logger.warn({ checks, requestId: locals(res).requestId }, 'not ready');
    sendError(res, error);
  };
  // /health and /ready are the older names of /health/live and /health/ready (each its own route, for /metrics).
  for (const path of ['/health/live', '/health']) app.get(path, live);
  for (const path of ['/health/ready', '/ready']) app.get(path, ready);
  app.get('/metrics', deps.metrics.handler());

  app.use(pagesRouter());
  app.use(
    '/graphql',
    playground,
    ...authenticated,
    refuseDeepDocuments,
    expressMiddleware(apollo, { context: async ({ res }) => createContext(deps, locals(res)) }),
    graphQLErrorHandler(logger),
  );
  app.use((req, res) => sendError(res, new DomainError('not_found', `No route for ${req.method} ${req.path}`)));
  app.use(((error, _req, res, _next) => sendError(res, toClientError(error, logger, res))) as ErrorRequestHandler);

  return {
    express: app,
    serveWebSocket: (server, limits) => serveGraphQLWebSocket(server, schema, { ...deps, admission, checkCost }, limits),
    close: () => apollo.stop(),
  };
}

/**
 * A REST route's operation through the executor: its data, or its first error as the
 * DomainError a client sees (a fault is thrown as it is, to be logged and masked).
 */
async function runOperation(executor: Executor, request: Parameters<Executor>[0]): Promise<Record<string, unknown>> {
  const result = await executor(request);
  const [first] = result.errors ?? [];
  if (first) throw toDomainError(first) ?? first.originalError ?? first;
  return result.data as Record<string, unknown>;
}

/** Errors raised before Apollo runs (bad key, rate limit, bad JSON) in GraphQL's shape. */
function graphQLErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const domain = toClientError(error, logger, res);
    setErrorHeaders(res, domain);
    res.status(domain.status).json({ errors: [{ message: domain.message, extensions: errorFields(domain) }] });
  };
}
