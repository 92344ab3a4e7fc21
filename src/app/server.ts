import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import cors from 'cors';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { addRestApi, restErrorHandler } from '../../rest-adapter/router';
import { sendError, sendPayload } from '../../rest-adapter/respond';
import { pagesRouter, playground } from '../pages/pages';
import { DomainError, errorFields } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { createContext, type AppDeps, type Context } from './context';
import { toDomainError } from './graphql-errors';
import type { InFlightRequests } from './in-flight';
import { authenticate, jsonBody, locals, sendJson, setErrorHeaders, toClientError, trackRequests } from './http';
import type { Prometheus } from './prometheus';
import { costLimit, depthLimit, MAX_COST, MAX_DEPTH } from './query-limits';

export interface HttpApp {
  express: Express;
  /** Stops Apollo. The HTTP listener and the database belong to the caller. */
  close(): Promise<void>;
}

/**
 * Assembles the HTTP surface: /health, /ready, /metrics, /graphql (Apollo, and the playground
 * for browsers), /v1 (the REST adapter) and /docs, with request ids, the access log and JSON
 * errors everywhere. Lives as long as the service.
 */
export async function createHttpApp(
  schema: GraphQLSchema,
  deps: AppDeps & { logger: Logger; checkDatabase: () => Promise<void>; corsOrigins: string[]; metrics: Prometheus; inFlight: InFlightRequests },
): Promise<HttpApp> {
  const { logger } = deps;
  const apollo = new ApolloServer<Context>({
    schema,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    // `main` owns SIGTERM/SIGINT and stops Apollo in order; Apollo's own handlers would race it.
    stopOnTerminationSignals: false,
    validationRules: [depthLimit(MAX_DEPTH)],
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      noStore,
      logFaults(logger),
      unauthorizedStatus,
      requestErrorStatusForJsonClients,
      costLimit(schema, MAX_COST),
    ],
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Declared once on express's request prototype: a request without a body then gets no `body`
  // property of its own from the JSON parser.
  app.request.body = undefined;
  app.response.json = sendJson;
  app.use(trackRequests(logger, deps.metrics, deps.inFlight));
  // Browsers may call the API only from CORS_ORIGINS ("*" for any). With none listed (the
  // default) no response carries CORS headers, so the middleware, which would add none, is not
  // installed: with the parser skipped for bodiless requests (`jsonBody`), −3.5% of CPU per
  // price request.
  if (deps.corsOrigins.length) {
    app.use(
      cors({
        origin: deps.corsOrigins.includes('*') ? '*' : deps.corsOrigins,
        allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Apollo-Require-Preflight'],
        exposedHeaders: ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed'],
        maxAge: 600,
      }),
    );
  }
  // The API first, as most requests are its: express tries each layer in turn (behind the pages
  // and /graphql, a price request took 7% more CPU).
  addRestApi(app, schema, deps);

  app.get('/health', (_req, res) => sendPayload(res, 200, { status: 'ok' }));
  app.get('/metrics', deps.metrics.handler());
  app.get('/ready', async (_req, res) => {
    try {
      await deps.checkDatabase();
      sendPayload(res, 200, { status: 'ready' });
    } catch (error) {
      logger.warn({ err: error, requestId: locals(res).requestId }, 'database not ready');
      sendError(res, new DomainError('service_unavailable', 'The database is not reachable'));
    }
  });

  app.use(pagesRouter());
  app.use(
    '/graphql',
    playground,
    jsonBody,
    authenticate(deps),
    expressMiddleware(apollo, { context: async ({ res }) => createContext(deps, locals(res)) }),
    graphQLErrorHandler(logger),
  );
  app.use((req, res) => sendError(res, new DomainError('not_found', `No route for ${req.method} ${req.path}`)));
  app.use(restErrorHandler(logger));

  return { express: app, close: () => apollo.stop() };
}

/**
 * The one place GraphQL errors take their public shape: a DomainError keeps its code,
 * message, field and details; request errors become `validation_error`; anything else is
 * masked as `internal_error` (the `logFaults` plugin has logged it with the request id).
 */
function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const domain = error instanceof GraphQLError ? toDomainError(error) : null;
  if (!domain) return { message: 'Internal server error', path: formatted.path, extensions: { code: 'internal_error' } };
  return { message: domain.message, locations: formatted.locations, path: formatted.path, extensions: errorFields(domain) };
}

function logFaults(logger: Logger): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (!toDomainError(error)) {
              logger.error({ err: error.originalError ?? error, requestId: contextValue.requestId }, 'graphql fault');
            }
          }
        },
      };
    },
  };
}

/**
 * No cache may keep a GraphQL answer (it is one account's data): the header Apollo's
 * cache-control plugin sets when no field gives a cache hint, which none here does. That plugin
 * is off: its per-field hooks wrapped every resolver (3% of a nested query's CPU).
 */
const noStore: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

/** A GraphQL request refused for want of a key answers 401 with a Bearer challenge, as REST does. */
const unauthorizedStatus: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (errors?.some((error) => error.extensions?.code === 'unauthorized')) {
          response.http.status = 401;
          response.http.headers.set('www-authenticate', 'Bearer realm="parley"');
        }
      },
    };
  },
};

// Apollo's codes for a request whose document or variables are at fault.
const REQUEST_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * GraphQL over HTTP: a client that accepts `application/json` (the legacy media type) SHOULD
 * get 200 for a document that does not parse or validate, or variables that do not coerce;
 * only `application/graphql-response+json` clients get 400
 * (https://graphql.github.io/graphql-over-http/draft/#sec-application-json). Apollo answers 400
 * to both, so this plugin restores 200 for the former.
 */
const requestErrorStatusForJsonClients: ApolloServerPlugin<Context> = {
  async requestDidStart({ request }) {
    let requestError = false;
    return {
      async didEncounterErrors({ errors }) {
        requestError = errors.some((error) => REQUEST_ERROR_CODES.has(String(error.extensions?.code)));
      },
      async willSendResponse({ response }) {
        const accept = request.http?.headers.get('accept') ?? '';
        if (requestError && response.http.status === 400 && !accept.includes('application/graphql-response+json')) {
          response.http.status = 200;
        }
      },
    };
  },
};

/** Errors raised before Apollo runs (bad key, rate limit, bad JSON) in GraphQL's shape. */
function graphQLErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const domain = toClientError(error, logger, res);
    setErrorHeaders(res, domain);
    res.status(domain.status).json({ errors: [{ message: domain.message, extensions: errorFields(domain) }] });
  };
}
