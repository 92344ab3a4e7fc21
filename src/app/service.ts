import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { HelpAgent } from '../agent/help-agent';
import { ChainGateway } from '../chain/chain-gateway';
import { LocalLedger } from '../chain/local-ledger';
import { JupiterPriceProvider } from '../prices/jupiter-price-provider';
import { SnapshotPriceProvider } from '../prices/snapshot-price-provider';
import { TokenRegistry, type Network } from '../tokens/token-registry';
import { UsageMeter } from '../limits/usage-meter';
import { resolveTierLimits } from '../limits/tier-limits';
import { KeyService } from '../keys/key.service';
import { systemClock, type Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase, type Database } from './database';
import { buildParleySchema } from './schema';
import { createHttpApp, type HttpApp } from './server';

export interface Service {
  http: HttpApp;
  database: Database;
  deps: AppDeps;
  /** The admin key created at this start, when the database had none: shown once. */
  bootstrapKey: string | null;
  /** Starts listening on HOST:PORT; resolves with the bound port. */
  listen(): Promise<number>;
  /** Graceful stop: no new connections, in-flight requests finish, then everything closes. */
  stop(): Promise<void>;
}

export interface ServiceOptions {
  clock?: Clock;
  /** Namespace of the rate-limit counters; tests give each app its own. */
  limiterPrefix?: string;
}

/**
 * Opens the database, migrates it, ensures an admin key, builds the schema and the HTTP app.
 * Used by `main` and by the tests, so both run the same start-up.
 */
export async function startService(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Service> {
  const clock = options.clock ?? systemClock;
  const database = await openDatabase(config, logger);
  let redis: Redis | undefined;
  const ledgers: Partial<Record<Network, LocalLedger>> = {};
  try {
    const bootstrapKey = await new KeyService(database.orm.em.fork(), clock).ensureBootstrapKey(config.PARLEY_ADMIN_KEY);
    if (config.REDIS_URL) {
      redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
      await redis.connect();
    }
    const meter = new UsageMeter(resolveTierLimits(config.TIER_LIMITS), { redis, prefix: options.limiterPrefix ?? 'parley' });
    const tokens = TokenRegistry.bundled();
    const priceProvider =
      config.PRICE_PROVIDER === 'jupiter'
        ? new JupiterPriceProvider(tokens, { baseUrl: config.JUPITER_API_URL, apiKey: config.JUPITER_API_KEY, clock })
        : new SnapshotPriceProvider();
    const rpcUrls: Record<Network, string | undefined> = { mainnet: config.SOLANA_RPC_URL, devnet: config.SOLANA_DEVNET_RPC_URL };
    const chains = {} as Record<Network, ChainGateway>;
    for (const network of ['mainnet', 'devnet'] as const) {
      let url = rpcUrls[network];
      if (!url) {
        ledgers[network] = new LocalLedger(network, tokens.all(network));
        url = await ledgers[network].start();
      }
      chains[network] = new ChainGateway(network, url);
    }
    const deps: AppDeps = { orm: database.orm, clock, meter, agent: new HelpAgent(), tokens, priceProvider, chains, ledgers };
    const http = await createHttpApp(await buildParleySchema(), {
      ...deps,
      logger,
      checkDatabase: async () => {
        await database.orm.em.getConnection().execute('select 1');
      },
    });

    let server: Server | undefined;
    return {
      http,
      database,
      deps,
      bootstrapKey,
      listen: () =>
        new Promise((resolve, reject) => {
          server = http.express.listen(config.PORT, config.HOST, (error?: Error) => {
            if (error) reject(error);
            else resolve((server!.address() as AddressInfo).port);
          });
        }),
      async stop() {
        if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
        await http.close();
        await meter.close();
        await Promise.all(Object.values(ledgers).map((ledger) => ledger.stop()));
        await database.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await Promise.all(Object.values(ledgers).map((ledger) => ledger.stop()));
    await database.close();
    throw error;
  }
}
