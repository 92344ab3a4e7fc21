import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExecutionArgs, GraphQLError, GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { CloseCode, handleProtocols, makeServer, type Context as WsContext } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Principal } from '../auth/principal';
import { DomainError } from '../shared/errors';
import type { Logger } from '../shared/logger';
import type { Admission, Credential } from './admission';
import { createContext, type AppDeps } from './context';
import { domainGraphQLError, formatGraphQLError, toDomainError } from './graphql-errors';
import { checkOperation, type CostCheck } from './query-limits';
import { newRequestId } from './request-tracking';
import { endWithError } from './respond';

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
  socket: WebSocket;
  /** The handshake's `Origin` header: none from servers. */
  origin: string | undefined;
  principal?: Principal;
  /** The presented credential (its hash, not the secret), checked again at each subscribe. */
  credential?: Credential;
}

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  connection?: Connection;
}
type Ctx = WsContext<Record<string, unknown>, Extra>;

/** A ping every 12 s; a connection that has not answered by the next is dropped. */
const KEEP_ALIVE_MS = 12_000;
/**
 * How often open connections' credentials are checked again: one that has ended (revoked,
 * expired, a rotated key's grace over, a client token's session ended) is closed with 4403
 * within this plus the time PrincipalCache trusts a verified credential.
 */
const CREDENTIAL_CHECK_MS = 1_000;
/** Largest message a client may send (a subscribe with its document): as HTTP bodies. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface GraphQLWebSocket {
  /** Open connections (tests). */
  readonly connections: number;
  /** Closes every connection with 1001 (their subscriptions complete) and stops accepting new ones. */
  close(): Promise<void>;
}

/** What the WebSocket shares with /graphql: the one way in and the document limits. */
export interface WebSocketDeps extends AppDeps {
  logger: Logger;
  admission: Admission;
  checkCost: CostCheck;
}

/**
 * GraphQL subscriptions over WebSocket at /graphql, protocol graphql-transport-ws (graphql-ws
 * on ws, on the service's HTTP server: Apollo Server's documented way). Only subscriptions run
 * here; queries and mutations go by HTTP.
 *
 * Credentials, limits, document checks and error shapes are /graphql's own code (`Admission`,
 * `checkOperation`, `formatGraphQLError`):
 * - `connection_init` carries `{ authorization: "Bearer <key>" }`: a missing or unusable
 *   credential closes the socket with 4403; a database outage with 1011. Opening a connection
 *   counts as one request against the caller's rate limits (4429 when over).
 * - At most `connectionsPerKey` open connections per key on a node (4429 for the next one),
 *   and `subscriptionsPerConnection` subscriptions per connection (the next subscribe gets a
 *   `rate_limit_exceeded` error; the connection stays).
 * - Each subscribe checks the credential again (one revoked since closes the socket with
 *   4403), then the document, then the field's scope and the account's ownership, whose
 *   refusals come back as GraphQL errors with the same `extensions.code` as over HTTP.
 * Lives as long as the HTTP server.
 */
export function serveGraphQLWebSocket(server: Server, schema: GraphQLSchema, deps: WebSocketDeps, limits: SubscriptionLimits): GraphQLWebSocket {
  const { logger, admission } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const perKey = new Counts();
  const perAccount = new Counts();
  /** Connections that were let in, until they close. */
  const admitted = new Set<Connection>();
  let closing = false;

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql' || closing) {
      endWithError(socket, closing ? new DomainError('service_unavailable', 'The service is stopping') : new DomainError('not_found', `No WebSocket endpoint at ${path}; use /graphql`));
      return;
    }
    const accept = () => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    const origin = request.headers.origin;
    if (origin === undefined || sameOrigin(request, origin)) return accept();
    // A browser page of another origin: let in only those the API answers (CORS).
    admission.browserMayCall(origin).then(
      (listed) => {
        if (listed) return accept();
        endWithError(socket, new DomainError('origin_not_allowed', `Origin "${origin.slice(0, 200)}" is not allowed`));
      },
      (error: unknown) => {
        logger.error({ err: error }, 'websocket origin check failed');
        endWithError(socket, new DomainError('service_unavailable', 'The service cannot check origins now; retry later'));
      },
    );
  });

  /** Why one more connection of this caller would be too many on this node: its key's cap, then its account's (by tier). */
  const overCap = (principal: Principal): string | null => {
    if (perKey.of(principal.keyId) >= limits.connectionsPerKey) return `Too many connections for this API key: at most ${limits.connectionsPerKey} at once`;
    const accountCap = deps.meter.limitsFor(principal).webSocketConnections;
    if (perAccount.of(principal.accountId) >= accountCap) return `Too many connections for this account: at most ${accountCap} at once (${principal.tier} tier)`;
    return null;
  };
  /** Refuses a connection (graphql-ws's own close, after this one, does nothing). */
  const tooMany = (socket: WebSocket, reason: string) => {
    socket.close(CLOSE_TOO_MANY, reason.slice(0, 120));
    return false;
  };

  /** Closes the connections whose credential has ended; an outage (not a refusal) leaves them be. */
  let rechecking = false;
  const recheck = async () => {
    if (rechecking) return;
    rechecking = true;
    await Promise.all(
      [...admitted].map((connection) =>
        admission.principal(connection.credential!, connection.origin).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === 'unauthorized') connection.socket.close(CLOSE_FORBIDDEN, 'Forbidden: the credential has ended');
        }),
      ),
    ).finally(() => (rechecking = false));
  };
  const rechecks = setInterval(() => void recheck(), CREDENTIAL_CHECK_MS);

  /** The public form of errors a subscription answers; faults are logged with the connection's request id. */
  const publicErrors = (errors: readonly GraphQLError[], connection: Connection | undefined): GraphQLFormattedError[] =>
    errors.map((error) => {
      if (!toDomainError(error)) logger.error({ err: error.originalError ?? error, requestId: connection?.requestId }, 'graphql subscription fault');
      return formatGraphQLError(error, error);
    });

  const protocol = makeServer<Record<string, unknown>, Extra>({
    schema,
    connectionInitWaitTimeout: 3_000,
    async onConnect(ctx: Ctx) {
      const connection: Connection = { requestId: newRequestId(), socket: ctx.extra.socket, origin: ctx.extra.request.headers.origin };
      ctx.extra.connection = connection;
      const socket = ctx.extra.socket;
      const authorization = ctx.connectionParams?.authorization;
      let principal: Principal;
      try {
        const credential = admission.credential(typeof authorization === 'string' ? authorization : undefined);
        if (!credential) return false;
        principal = await admission.principal(credential, connection.origin);
        connection.credential = credential;
      } catch (error) {
        if (error instanceof DomainError && (error.code === 'unauthorized' || error.code === 'origin_not_allowed')) return false;
        logger.error({ err: error, requestId: connection.requestId }, 'websocket authentication failed');
        socket.close(1011, 'The service cannot check keys now; retry later');
        return false;
      }
      const early = overCap(principal);
      if (early) return tooMany(socket, early);
      try {
        await admission.admit(principal);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const retryAfter = error.details?.retryAfter;
        return tooMany(socket, `${error.message}${typeof retryAfter === 'number' ? ` (retry after ${retryAfter} s)` : ''}`);
      }
      // Closed while its key was being checked: `onClose` has run already, so it is not counted.
      if (socket.readyState !== socket.OPEN) return false;
      const over = overCap(principal);
      if (over) return tooMany(socket, over);
      connection.principal = principal;
      perKey.add(principal.keyId);
      perAccount.add(principal.accountId);
      admitted.add(connection);
      return true;
    },
    onClose(ctx: Ctx) {
      const connection = ctx.extra.connection;
      if (!connection?.principal || !admitted.delete(connection)) return;
      perKey.remove(connection.principal.keyId);
      perAccount.remove(connection.principal.accountId);
    },
    async onSubscribe(ctx: Ctx, _id, payload): Promise<ExecutionArgs | readonly GraphQLError[]> {
      const connection = ctx.extra.connection!;
      try {
        if (Object.keys(ctx.subscriptions).length > limits.subscriptionsPerConnection) {
          throw new DomainError('rate_limit_exceeded', `Too many subscriptions on this connection: at most ${limits.subscriptionsPerConnection} at once`, {
            details: { limit: limits.subscriptionsPerConnection },
          });
        }
        let principal: Principal;
        try {
          principal = await admission.principal(connection.credential!, connection.origin);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'unauthorized') ctx.extra.socket.close(CLOSE_FORBIDDEN, 'Forbidden: the credential has ended');
          throw error;
        }
        // A subscribe is a request: it reads the database, so it counts against the caller's limits.
        await admission.admit(principal);
        const { document, operation } = checkOperation(schema, deps.checkCost, payload);
        if (operation.operation !== 'subscription') {
          throw new DomainError('validation_error', 'Only subscriptions run over WebSocket: send queries and mutations with POST /graphql');
        }
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: createContext(deps, { principal, requestId: connection.requestId }),
        };
      } catch (error) {
        if (error instanceof DomainError) return [domainGraphQLError(error)];
        throw error;
      }
    },
    onNext(ctx: Ctx, _id, _payload, _args, result) {
      if (result.errors) return { ...result, errors: publicErrors(result.errors, ctx.extra.connection) };
    },
    onError(ctx: Ctx, _id, _payload, errors) {
      return publicErrors(errors, ctx.extra.connection);
    },
  });

  wss.options.handleProtocols = handleProtocols;
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => openConnection(protocol, socket, { socket, request }, logger));

  return {
    get connections() {
      return wss.clients.size;
    },
    async close() {
      closing = true;
      clearInterval(rechecks);
      for (const client of wss.clients) client.close(1001, 'Going away');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Open connections by key or by account. */
class Counts {
  private readonly counts = new Map<string, number>();

  of(id: string): number {
    return this.counts.get(id) ?? 0;
  }

  add(id: string): void {
    this.counts.set(id, this.of(id) + 1);
  }

  remove(id: string): void {
    const left = this.of(id) - 1;
    if (left > 0) this.counts.set(id, left);
    else this.counts.delete(id);
  }
}

/** Whether a handshake comes from a page of Parley's own origin (/demo, the playground). */
function sameOrigin(request: IncomingMessage, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * graphql-ws's own glue for ws (`useServer` in graphql-ws/use/ws), with one change: a message
 * of a type only a server sends (connection_ack, next, …), which graphql-ws's server throws on
 * ("Unexpected message of type …"), closes the socket with 4400 as other bad messages do,
 * where `useServer` would close it with 4500 and print to the console. The test
 * "graphql-ws upstream" in test/live/websocket-fuzz.test.ts fails once upstream no longer needs it.
 */
function openConnection(protocol: ReturnType<typeof makeServer<Record<string, unknown>, Extra>>, socket: WebSocket, extra: Extra, logger: Logger): void {
  // Frames ws refuses (too large: 1009; malformed: 1002) close the socket with ws's own code.
  socket.on('error', (error) => logger.debug({ err: error }, 'websocket frame refused'));
  let answered = true;
  const keepAlive = setInterval(() => {
    if (!answered) return socket.terminate();
    answered = false;
    socket.ping();
  }, KEEP_ALIVE_MS);
  socket.on('pong', () => (answered = true));
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
          try {
            await handle(binary ? '' : String(data));
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('Unexpected message of type')) return socket.close(CloseCode.BadRequest, 'Invalid message received');
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
}
