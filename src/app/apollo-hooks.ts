import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { DomainError, HTTP_STATUS, UNAVAILABLE_RETRY_AFTER_S } from '../shared/errors';
import type { Logger } from '../shared/logger';
import type { Context } from './context';
import { toDomainError } from './graphql-errors';
import type { CostCheck } from './query-limits';

// Apollo's codes for a request whose document or variables are at fault.
const REQUEST_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * Parley's hooks into Apollo's request pipeline, as one plugin (Apollo awaits every plugin's
 * hooks at each step of every request). In the order a request meets them:
 * - a subscription is refused (it runs over WebSocket), and the cost limit applies, before
 *   execution (`costCheck`);
 * - faults (errors that are not the client's) are logged with the request id, as
 *   `formatError` shows them only as `internal_error`;
 * - no cache may keep an answer (it is one account's data): `Cache-Control: no-store`, which
 *   Apollo's cache-control plugin would set, but that plugin is off (its per-field hooks
 *   wrap every resolver, for cache hints no field gives);
 * - a request refused for want of a key answers 401 with a Bearer challenge, as REST does;
 * - one that met a dependency out of reach answers 503 with Retry-After, as REST does;
 * - GraphQL over HTTP: a client that accepts `application/json` (the legacy media type) SHOULD
 *   get 200 for a document that does not parse or validate, or variables that do not coerce;
 *   only `application/graphql-response+json` clients get 400
 *   (https://graphql.github.io/graphql-over-http/draft/#sec-application-json). Apollo answers
 *   400 to both, so 200 is restored for the former.
 */
export function requestHooks(logger: Logger, checkCost: CostCheck): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request }) {
      let requestError = false;
      return {
        async didResolveOperation({ document, operation }) {
          if (operation?.operation === 'subscription') throw subscriptionOverHttp();
          checkCost(document, request.operationName, request.variables);
        },
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (!toDomainError(error)) logger.error({ err: error.originalError ?? error, requestId: contextValue.requestId }, 'graphql fault');
          }
          requestError = errors.some((error) => REQUEST_ERROR_CODES.has(String(error.extensions?.code)));
        },
        async willSendResponse({ response }) {
          response.http.headers.set('cache-control', 'no-store');
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          if (errors?.some((error) => error.extensions?.code === 'unauthorized')) {
            response.http.status = HTTP_STATUS.unauthorized;
            response.http.headers.set('www-authenticate', 'Bearer realm="parley"');
          }
          const unavailable = errors?.find((error) => error.extensions?.code === 'service_unavailable');
          if (unavailable) {
            response.http.status = HTTP_STATUS.service_unavailable;
            response.http.headers.set('retry-after', String((unavailable.extensions?.details as { retryAfter?: number } | undefined)?.retryAfter ?? UNAVAILABLE_RETRY_AFTER_S));
          }
          if (requestError && response.http.status === HTTP_STATUS.validation_error && !(request.http?.headers.get('accept') ?? '').includes('application/graphql-response+json')) {
            response.http.status = 200;
          }
        },
      };
    },
  };
}

/**
 * A subscription sent over HTTP: the client's error, whatever it accepts (a document that is
 * valid, on the wrong transport), not a fault of its resolver, which runs only for events.
 */
function subscriptionOverHttp(): GraphQLError {
  const error = new DomainError('validation_error', 'Subscriptions run over WebSocket: open ws(s)://<host>/graphql with the graphql-transport-ws protocol; queries and mutations go by POST /graphql');
  return new GraphQLError(error.message, { originalError: error, extensions: { code: 'BAD_REQUEST', http: { status: error.status } } });
}
