import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Redis } from 'ioredis';
import { CommandAgent } from '../agent/command-agent';
import { PrincipalCache } from '../auth/principal-cache';
import { connectChains, type Chains } from '../chain/chains';
import { KeyService } from '../keys/key.service';
import { MessageRepository } from '../messages/message.repository';
import { resolveTierLimits } from '../limits/tier-limits';
import { UsageMeter } from '../limits/usage-meter';
import { JupiterPriceProvider } from '../prices/jupiter-price-provider';
import { SnapshotPriceProvider } from '../prices/snapshot-price-provider';
import { EstimateQuoteProvider } from '../quotes/estimate-quoter';
import { JupiterQuoteProvider } from '../quotes/jupiter-quote-provider';
import { SessionRepository } from '../sessions/session.repository';
import { systemClock, type Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { sqlOf } from '../shared/sql';
import type { Logger } from '../shared/logger';
import { TokenRegistry } from '../tokens/token-registry';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase, type Database } from './database';
import type { EmbeddedPostgres } from './embedded-postgres';
import { InFlightRequests } from './in-flight';
import { buildParleySchema } from './schema';
import { Prometheus } from './prometheus';
import { createHttpServer } from './node-http-server';
import { createHttpApp, type HttpApp } from './express-app';
import { endWithError } from './respond';
import { InProcessEvents, RedisEvents, type LiveEvents } from '../live/live-events';
import { TransactionTracker } from '../transactions/transaction-tracker';
import type { GraphQLWebSocket } from './websocket';

export interface Service {
  http: HttpApp;
  database: Database;
  deps: AppDeps;
  /**
   * The admin key created when listening succeeded, if the database had none (and no
   * PARLEY_ADMIN_KEY is set): shown once. Created only then, so a start that fails to listen
   * (a port taken) leaves no key that was never shown.
   */
  readonly bootstrapKey: string | null;
  /** The GraphQL WebSocket endpoint, once listening. */
  readonly webSocket: GraphQLWebSocket | undefined;
  /** Starts listening on HOST:PORT; resolves with the bound port. */
  listen(): Promise<number>;
  /** Graceful stop: no new connections, in-flight requests finish, then everything closes. */
  stop(): Promise<void>;
}

/** How long a stopping service waits for requests in flight (see `InFlightRequests`). */
const DRAIN_TIMEOUT_MS = 10_000;

export interface ServiceOptions {
  clock?: Clock;
  /** Namespace of the rate-limit counters; tests give each app its own. */
  limiterPrefix?: string;
  /** The embedded database, when the caller started it already (`main` does); the service owns it from here. */
  embedded?: Promise<EmbeddedPostgres>;
}

/**
 * Requests Node's HTTP parser refuses before express sees them (headers or URL over 16 KiB,
 * malformed request lines) still get the JSON error body, not a bare status line.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  endWithError(
    socket,
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new DomainError('headers_too_large', 'The request line and headers are larger than 16 KiB')
      : new DomainError('validation_error', 'The request is not valid HTTP'),
  );
}

/**
 * Opens the database, migrates it, ensures an admin key, connects the chains, builds the schema
 * and the HTTP app. Used by `main` and by the tests, so both run the same start-up.
 */
export async function startService(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Service> {
  const clock = options.clock ?? systemClock;
  const tokens = TokenRegistry.bundled();
  const opening = openDatabase(config, logger, options.embedded);
  // The embedded ledgers are seeded while PGlite compiles its WebAssembly off the main thread.
  let chains: Chains;
  try {
    chains = connectChains({ mainnet: config.SOLANA_RPC_URL, devnet: config.SOLANA_DEVNET_RPC_URL }, tokens);
  } catch (error) {
    await opening.then((database) => database.close(), () => undefined);
    throw error;
  }
  const database = await opening;
  let redis: Redis | undefined;
  let events: LiveEvents | undefined;
  try {
    await new KeyService(database.orm.em.fork(), clock).ensureDefaultAccount(config.PARLEY_ADMIN_KEY);
    if (config.REDIS_URL) {
      redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true, enableAutoPipelining: true });
      await redis.connect();
    }
    const live: LiveEvents = (events = redis ? new RedisEvents(redis, logger) : new InProcessEvents(logger));
    const metrics = new Prometheus();
    const meter = new UsageMeter({ ...resolveTierLimits(config.TIER_LIMITS), clientTokenRequestsPerMinute: config.CLIENT_TOKEN_REQUESTS_PER_MINUTE }, { redis, prefix: options.limiterPrefix ?? 'parley' }, (code) =>
      metrics.rateLimited(code),
    );
    const priceProvider =
      config.PRICE_PROVIDER === 'jupiter'
        ? new JupiterPriceProvider(tokens, { baseUrl: config.JUPITER_API_URL, apiKey: config.JUPITER_API_KEY, clock })
        : new SnapshotPriceProvider();
    const quoteProvider =
      config.QUOTE_PROVIDER === 'jupiter'
        ? new JupiterQuoteProvider({ baseUrl: config.JUPITER_API_URL, apiKey: config.JUPITER_API_KEY })
        : new EstimateQuoteProvider();
    const sql = sqlOf(database.orm);
    const deps: AppDeps = {
      orm: database.orm,
      clock,
      meter,
      agent: new CommandAgent(),
      observer: metrics,
      principals: new PrincipalCache(clock),
      messageRepository: new MessageRepository(sql, database.orm.getMetadata()),
      sessionRepository: new SessionRepository(sql),
      tokens,
      priceProvider,
      quoteProvider,
      chains: chains.gateways,
      ledgers: chains.ledgers,
      events: live,
      tracker: new TransactionTracker(database.orm, clock, chains.gateways, live, logger),
      subscribersPerTopic: config.WS_SUBSCRIBERS_PER_SESSION,
    };
    const inFlight = new InFlightRequests();
    const schema = await buildParleySchema();
    const http = await createHttpApp(schema, {
      ...deps,
      logger,
      corsOrigins: config.CORS_ORIGINS,
      introspection: config.GRAPHQL_INTROSPECTION,
      metrics,
      inFlight,
      checkDatabase: async () => {
        await database.orm.em.getConnection().execute('select 1');
      },
    });

    let server: Server | undefined;
    let webSocket: GraphQLWebSocket | undefined;
    let bootstrapKey: string | null = null;
    return {
      http,
      database,
      deps,
      get bootstrapKey() {
        return bootstrapKey;
      },
      get webSocket() {
        return webSocket;
      },
      async listen() {
        const port = await new Promise<number>((resolve, reject) => {
          server = createHttpServer(http.express);
          server.once('error', reject);
          server.on('clientError', answerClientError);
          webSocket = http.serveWebSocket(server, {
            connectionsPerKey: config.WS_CONNECTIONS_PER_KEY,
            subscriptionsPerConnection: config.WS_SUBSCRIPTIONS_PER_CONNECTION,
          });
          server.listen(config.PORT, config.HOST, () => resolve((server!.address() as AddressInfo).port));
        });
        if (!config.PARLEY_ADMIN_KEY) bootstrapKey = await new KeyService(database.orm.em.fork(), clock).issueFirstAdminKey();
        // Transactions a previous run left submitted are followed again (not awaited: serving comes first).
        deps.tracker.resume().catch((error: unknown) => logger.error({ err: error }, 'resuming transaction tracking failed'));
        return port;
      },
      async stop() {
        // Subscribers are told first (close 1001, "going away"): a WebSocket would otherwise hold the server open.
        await webSocket?.close();
        if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
        // The server is closed once its connections are; requests whose clients have gone may
        // still be at work, and must not find the database closed under them.
        if (!(await inFlight.drain(DRAIN_TIMEOUT_MS))) {
          logger.warn({ inFlight: inFlight.size }, `requests still unanswered after ${DRAIN_TIMEOUT_MS} ms; closing anyway`);
        }
        await deps.tracker.stop();
        await http.close();
        await live.close();
        await meter.close();
        await database.close();
      },
    };
  } catch (error) {
    await events?.close();
    redis?.disconnect();
    await database.close();
    throw error;
  }
}
