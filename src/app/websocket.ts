import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { CloseCode, handleProtocols, makeServer, MessageType, type Context as WsContext } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Principal } from '../auth/principal';
import type { ParsedSecret } from '../keys/key-secret';
import { KeyService, parsePresentedKey } from '../keys/key.service';
import { DomainError, errorFields } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { createContext, type AppDeps } from './context';
import { toDomainError } from './graphql-errors';
import { newRequestId } from './request-tracking';
import { endWithError } from './respond';
import { costCheck, depthLimit, MAX_COST, MAX_DEPTH } from './query-limits';

/**
 * Close codes of the GraphQL WebSocket endpoint (beside graphql-ws's own: 4400 bad message,
 * 4401 subscribe before ack, 4408 no connection_init within 3 s, 4409 duplicate id, 4429 a
 * second connection_init, 4500 fault, 1001 service stopping).
 */
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_TOO_MANY = 4429;

export interface SubscriptionLimits {
  /** Open connections of one API key on one node. */
  connectionsPerKey: number;
  /** Active subscriptions on one connection. */
  subscriptionsPerConnection: number;
}

/** What a connection keeps between graphql-ws's callbacks. */
interface Connection {
  requestId: string;
  principal?: Principal;
  /** The presented key (its hash and lookup prefix, not the secret), checked again at each subscribe. */
  key?: ParsedSecret;
}

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  connection?: Connection;
}
type Ctx = WsContext<Record<string, unknown>, Extra>;

/** The message types a client may send (graphql-transport-ws); any other is a bad request. */
const CLIENT_MESSAGES: ReadonlySet<string> = new Set([MessageType.ConnectionInit, MessageType.Ping, MessageType.Pong, MessageType.Subscribe, MessageType.Complete]);
/** A ping every 12 s; a connection that has not answered by the next is dropped. */
const KEEP_ALIVE_MS = 12_000;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
/** Largest message a client may send (a subscribe with its document): as HTTP bodies. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface GraphQLWebSocket {
  /** Open connections (tests). */
  readonly connections: number;
  /** Closes every connection with 1001 (their subscriptions complete) and stops accepting new ones. */
  close(): Promise<void>;
}

/**
 * GraphQL subscriptions over WebSocket at /graphql, protocol graphql-transport-ws (graphql-ws
 * on ws, on the service's HTTP server: Apollo Server's documented way). Only subscriptions run
 * here; queries and mutations go by HTTP, where they are metered.
 *
 * - `connection_init` carries `{ authorization: "Bearer <key>" }`: a missing, malformed,
 *   unknown, revoked or expired key closes the socket with 4403; a database outage with 1011.
 *   Opening a connection counts as one request against the key's rate limits (4429 when over).
 * - At most `connectionsPerKey` open connections per key on a node (4429 for the next one),
 *   and `subscriptionsPerConnection` subscriptions per connection (the next subscribe gets a
 *   `rate_limit_exceeded` error; the connection stays).
 * - Each subscribe checks the key again (a key revoked since closes the socket with 4403),
 *   then the document as /graphql does (syntax, schema, depth, cost), then the field's scope
 *   and the account's ownership, whose refusals come back as GraphQL errors with the same
 *   `extensions.code` as over HTTP.
 * Lives as long as the HTTP server.
 */
export function serveGraphQLWebSocket(
  server: Server,
  schema: GraphQLSchema,
  deps: AppDeps & { logger: Logger },
  limits: SubscriptionLimits,
): GraphQLWebSocket {
  const { logger } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const perKey = new Map<string, number>();
  const checkCost = costCheck(schema, MAX_COST);
  const rules = [...specifiedRules, depthLimit(MAX_DEPTH)];
  let closing = false;

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql' || closing) {
      endWithError(socket, closing ? new DomainError('service_unavailable', 'The service is stopping') : new DomainError('not_found', `No WebSocket endpoint at ${path}; use /graphql`));
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  /** As for HTTP requests: a key checked in the last few seconds costs no database work. */
  const principalFor = (key: ParsedSecret): Promise<Principal> =>
    deps.principals.resolve(key.hash, () => new KeyService(deps.orm.em.fork(), deps.clock).verify(key));

  const protocol = makeServer<Record<string, unknown>, Extra>(
    {
      schema,
      connectionInitWaitTimeout: 3_000,
      async onConnect(ctx: Ctx) {
        const connection: Connection = { requestId: newRequestId() };
        ctx.extra.connection = connection;
        const socket = ctx.extra.socket;
        const header = ctx.connectionParams?.authorization;
        const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
        if (!secret) return false;
        let principal: Principal;
        try {
          const key = parsePresentedKey(secret);
          principal = await principalFor(key);
          connection.key = key;
        } catch (error) {
          if (error instanceof DomainError && error.code === 'unauthorized') return false;
          logger.error({ err: error, requestId: connection.requestId }, 'websocket authentication failed');
          socket.close(1011, 'The service cannot check keys now; retry later');
          return false;
        }
        const open = perKey.get(principal.keyId) ?? 0;
        if (open >= limits.connectionsPerKey) {
          socket.close(CLOSE_TOO_MANY, `Too many connections for this API key: at most ${limits.connectionsPerKey} at once`);
          return false;
        }
        try {
          await deps.meter.admitRequest(principal, deps.clock.now());
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const retryAfter = error.details?.retryAfter;
          socket.close(CLOSE_TOO_MANY, `${error.message}${typeof retryAfter === 'number' ? ` (retry after ${retryAfter} s)` : ''}`.slice(0, 120));
          return false;
        }
        // Closed while its key was being checked: `onClose` has run already, so it is not counted.
        if (socket.readyState !== socket.OPEN) return false;
        const counted = perKey.get(principal.keyId) ?? 0;
        if (counted >= limits.connectionsPerKey) {
          socket.close(CLOSE_TOO_MANY, `Too many connections for this API key: at most ${limits.connectionsPerKey} at once`);
          return false;
        }
        connection.principal = principal;
        perKey.set(principal.keyId, counted + 1);
        return true;
      },
      onClose(ctx: Ctx) {
        const keyId = ctx.extra.connection?.principal?.keyId;
        if (!keyId) return;
        const open = (perKey.get(keyId) ?? 1) - 1;
        if (open > 0) perKey.set(keyId, open);
        else perKey.delete(keyId);
      },
      async onSubscribe(ctx: Ctx, _id, payload): Promise<ExecutionArgs | readonly GraphQLError[]> {
        const connection = ctx.extra.connection!;
        if (Object.keys(ctx.subscriptions).length > limits.subscriptionsPerConnection) {
          return [
            domainGraphQLError(
              new DomainError('rate_limit_exceeded', `Too many subscriptions on this connection: at most ${limits.subscriptionsPerConnection} at once`, {
                details: { limit: limits.subscriptionsPerConnection },
              }),
            ),
          ];
        }
        let principal: Principal;
        try {
          principal = await principalFor(connection.key!);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'unauthorized') {
            ctx.extra.socket.close(CLOSE_FORBIDDEN, 'Forbidden: the API key is no longer valid');
            return [domainGraphQLError(error)];
          }
          throw error;
        }
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [domainGraphQLError(new DomainError('validation_error', (error as Error).message))];
        }
        const invalid = validate(schema, document, rules);
        if (invalid.length) return invalid.map((error) => domainGraphQLError(toDomainError(error) ?? new DomainError('validation_error', error.message)));
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return [domainGraphQLError(new DomainError('validation_error', 'No operation of that name in the document'))];
        if (operation.operation !== 'subscription') {
          return [domainGraphQLError(new DomainError('validation_error', 'Only subscriptions run over WebSocket: send queries and mutations with POST /graphql'))];
        }
        try {
          checkCost(document, payload.operationName, payload.variables ?? undefined);
        } catch (error) {
          if (error instanceof DomainError) return [domainGraphQLError(error)];
          throw error;
        }
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: createContext(deps, { principal, requestId: connection.requestId }),
        };
      },
      onNext(ctx: Ctx, _id, _payload, _args, result) {
        if (!result.errors) return;
        return { ...result, errors: result.errors.map((error) => formatError(error, ctx.extra.connection?.requestId, logger)) };
      },
      onError(ctx: Ctx, _id, _payload, errors) {
        return errors.map((error) => formatError(error, ctx.extra.connection?.requestId, logger));
      },
    },
  );

  // graphql-ws's own adapter for ws (`useServer`), but with the service's logger, and with a
  // message type only a server sends (connection_ack, next, …) answered 4400 as other bad
  // messages are, where graphql-ws would throw and close with 4500.
  wss.options.handleProtocols = handleProtocols;
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // Frames ws refuses (too large: 1009; malformed: 1002) close the socket with ws's own code.
    socket.on('error', (error) => logger.debug({ err: error }, 'websocket frame refused'));
    let answered = true;
    const keepAlive = setInterval(() => {
      if (!answered) return socket.terminate();
      answered = false;
      socket.ping();
    }, KEEP_ALIVE_MS);
    socket.on('pong', () => (answered = true));
    const extra: Extra = { socket, request };
    const closed = protocol.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data: Buffer, binary: boolean) => {
            const text = binary ? '' : String(data);
            if (!CLIENT_MESSAGES.has(typeOf(text))) return socket.close(CloseCode.BadRequest, 'Invalid message received');
            try {
              await handle(text);
            } catch (error) {
              logger.error({ err: error, requestId: extra.connection?.requestId }, 'websocket message handling failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      extra,
    );
    socket.once('close', (code, reason) => {
      clearInterval(keepAlive);
      void closed(code, String(reason));
    });
  });

  return {
    get connections() {
      return wss.clients.size;
    },
    async close() {
      closing = true;
      for (const client of wss.clients) client.close(1001, 'Going away');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The `type` of a JSON message; '' for anything else (not JSON, not an object, no type). */
function typeOf(text: string): string {
  try {
    const message = JSON.parse(text) as { type?: unknown } | null;
    return typeof message?.type === 'string' ? message.type : '';
  } catch {
    return '';
  }
}

function domainGraphQLError(error: DomainError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: errorFields(error) });
}

/** As /graphql's `formatError`: a domain error keeps its code; a fault is logged and masked. */
function formatError(error: GraphQLError, requestId: string | undefined, logger: Logger) {
  const domain = toDomainError(error);
  if (!domain) {
    logger.error({ err: error.originalError ?? error, requestId }, 'graphql subscription fault');
    return { message: 'Internal server error', path: error.path, extensions: { code: 'internal_error' } };
  }
  return { message: domain.message, locations: error.locations, path: error.path, extensions: errorFields(domain) };
}
