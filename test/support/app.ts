import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from 'pg';
import request, { type Test } from 'supertest';
import { AccountService } from '../../src/accounts/account.service';
import type { Tier } from '../../src/accounts/account.entity';
import { loadConfig } from '../../src/app/config';
import { startService, type Service } from '../../src/app/start-service';
import { randomBase62 } from '../../src/shared/ids';
import { createLogger } from '../../src/shared/logger';
import { TestClock } from './clock';
import { OpenApiConformance } from './openapi';

/**
 * Boots the real service for one test file, on a database of its own:
 * - with DATABASE_URL set (CI's first run), a fresh database on that PostgreSQL server;
 * - otherwise a fresh embedded PGlite in a temporary DATA_DIR, as `npm start` does.
 * REDIS_URL, when set, puts the rate limiter on Redis, under a prefix of this app's own.
 */
export interface TestApp {
  service: Service;
  /**
   * supertest bound to the listening service. Every /v1 response it receives is checked
   * against the service's OpenAPI document: one that does not conform fails the request.
   */
  http: ReturnType<typeof request>;
  /** Where the service listens: `http://127.0.0.1:<port>`. */
  url: string;
  clock: TestClock;
  /** The admin key of the default (enterprise) account. */
  adminKey: string;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  rawLogs: string[];
  /** A new account of `tier` and its first admin key. */
  createAccount(tier: Tier): Promise<{ accountId: string; key: string }>;
  /** A key of the default account (or of `asKey`'s account) with these scopes. */
  createKey(scopes: string[], options?: { asKey?: string; environment?: 'live' | 'test'; expiresAt?: string }): Promise<string>;
  /** Funds a wallet on the embedded ledger (POST /v1/dev/airdrop, whole tokens by symbol); the key's network. */
  fund(walletAddress: string, amounts: Record<string, string | number>, asKey?: string): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  /** A database from `freshDatabase()` to start on; the caller drops it. Default: a new one. */
  database?: TestDatabase;
  /** NODE_ENV while the service starts (libraries read it then): `production` is what the Dockerfile runs. */
  nodeEnv?: string;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? new TestClock();
  const database = options.database ?? (await freshDatabase());
  const rawLogs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      rawLogs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    ...database.env,
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    ...options.env,
  });
  const testNodeEnv = process.env.NODE_ENV;
  if (options.nodeEnv) process.env.NODE_ENV = options.nodeEnv;
  const service = await startService(config, createLogger(config.LOG_LEVEL, logStream), {
    clock,
    limiterPrefix: `test:${randomBase62(12)}`,
  }).finally(() => {
    process.env.NODE_ENV = testNodeEnv;
  });
  const port = await service.listen();
  const url = `http://127.0.0.1:${port}`;
  const bare = request(url);
  const http = conformingTo(new OpenApiConformance((await bare.get('/v1/openapi.json')).body), bare);
  const adminKey = config.PARLEY_ADMIN_KEY ?? service.bootstrapKey!;

  return {
    service,
    http,
    url,
    clock,
    adminKey,
    rawLogs,
    get logs() {
      return rawLogs.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async createAccount(tier) {
      const { account, adminKey: issued } = await new AccountService(service.database.orm.em.fork(), clock).create(
        `test ${tier}`,
        tier,
      );
      return { accountId: account.id, key: issued.secret };
    },
    async createKey(scopes, { asKey = adminKey, environment, expiresAt } = {}) {
      const response = await http
        .post('/v1/keys')
        .set('Authorization', `Bearer ${asKey}`)
        .send({ name: `test key ${scopes.join(' ')}`, scopes, environment, expiresAt });
      if (response.status !== 201) throw new Error(`createKey: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.key as string;
    },
    async fund(walletAddress, amounts, asKey = adminKey) {
      for (const [token, amount] of Object.entries(amounts)) {
        const response = await http.post('/v1/dev/airdrop').set('Authorization', bearer(asKey)).send({ walletAddress, token, amount });
        if (response.status !== 200) throw new Error(`fund: ${response.status} ${JSON.stringify(response.body)}`);
      }
    },
    async close() {
      await service.stop();
      if (!options.database) await database.drop();
    },
  };
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

function conformingTo(conformance: OpenApiConformance, http: ReturnType<typeof request>): ReturnType<typeof request> {
  return new Proxy(http, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !HTTP_METHODS.has(property)) return value;
      return (url: string) =>
        (value as (url: string) => Test).call(target, url).expect((response) => {
          const problems = conformance.problems(property, url, response);
          if (problems.length) throw new Error(`The response does not conform to /v1/openapi.json:\n${problems.join('\n')}`);
        });
    },
  });
}

export interface TestDatabase {
  /** DATABASE_URL or DATA_DIR for it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A database no other test uses: see `startTestApp`. */
export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-test-'));
    return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `parley_t_${randomBase62(12).toLowerCase()}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `Authorization` header value for a key. */
export const bearer = (key: string) => `Bearer ${key}`;
