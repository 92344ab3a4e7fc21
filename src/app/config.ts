import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

/**
 * The service's configuration, parsed once from environment variables at start-up.
 * Nothing else in the code base reads `process.env`: the result of `loadConfig` is passed down.
 */

const TIERS = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

const tierLimitsOverride = z
  .partialRecord(
    z.enum(TIERS),
    z
      .object({
        requestsPerMinute: z.number().int().positive(),
        // null means unlimited, as for the enterprise tier.
        transactionsPerDay: z.number().int().nonnegative().nullable(),
        webSocketConnections: z.number().int().positive(),
      })
      .partial()
      .strict(),
  )
  .optional();

const jsonText = (what: string) =>
  z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be ${what}` });
      return z.NEVER;
    }
  });

const optionalUrl = (protocols: string[]) =>
  z
    .url({ protocol: new RegExp(`^(${protocols.join('|')})$`) })
    .optional()
    .describe(`a ${protocols.join(' or ')} URL`);

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  PARLEY_ADMIN_KEY: z
    .string()
    .regex(/^parley_(live|test)_[0-9A-Za-z]{32}$/, 'must be parley_live_ or parley_test_ followed by 32 base62 characters')
    .optional(),
  SOLANA_RPC_URL: optionalUrl(['http', 'https']),
  SOLANA_DEVNET_RPC_URL: optionalUrl(['http', 'https']),
  PRICE_PROVIDER: z.enum(['snapshot', 'jupiter']).default('snapshot'),
  QUOTE_PROVIDER: z.enum(['estimate', 'jupiter']).default('estimate'),
  JUPITER_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.jup.ag'),
  JUPITER_API_KEY: z.string().min(1).optional(),
  TIER_LIMITS: jsonText('a JSON object such as {"free":{"requestsPerMinute":60}}').pipe(tierLimitsOverride).optional(),
  CORS_ORIGINS: z
    .string()
    .transform((list) => list.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.union([z.literal('*'), z.url({ protocol: /^https?$/ })])))
    .default([]),
  // GraphQL subscriptions over WebSocket: open connections per API key on one node, and
  // subscriptions at once on one connection.
  WS_CONNECTIONS_PER_KEY: z.coerce.number().int().min(1).max(100_000).default(50),
  WS_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(20),
  // Subscribers one session's (or one transaction's) events stream to on one node.
  WS_SUBSCRIBERS_PER_SESSION: z.coerce.number().int().min(1).max(10_000).default(10),
  // Requests per minute one client token may make, beside its account's tier limits.
  CLIENT_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // On in every mode (NODE_ENV included): the playground and clients' codegen read the schema.
  GRAPHQL_INTROSPECTION: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((text) => text === 'true'),
});

export type Config = z.infer<typeof schema>;
export type TierLimitsOverride = NonNullable<Config['TIER_LIMITS']>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The process's environment over the variables of `.env` in `dir`, when there is one: a
 * variable already set wins, as with `node --env-file`. `npm start` and the CLI read it.
 */
export function withDotEnv(env: NodeJS.ProcessEnv, dir = process.cwd()): NodeJS.ProcessEnv {
  const file = path.join(dir, '.env');
  return existsSync(file) ? { ...parseEnv(readFileSync(file, 'utf8')), ...env } : env;
}

/**
 * Validates the environment. Empty strings count as unset so that a blank line in `.env`
 * falls back to the default. Throws a `ConfigError` naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const input = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, emptyAsUnset(env[name])]));
  const result = schema.safeParse(input);
  if (result.success) {
    const uses = (['PRICE_PROVIDER', 'QUOTE_PROVIDER'] as const).filter((name) => result.data[name] === 'jupiter');
    if (uses.length && !result.data.JUPITER_API_KEY) {
      // The keyless lite API was retired on 31 Jan 2026: every Jupiter API now needs a key.
      throw new ConfigError([
        `JUPITER_API_KEY: required with ${uses.map((name) => `${name}=jupiter`).join(' and ')} (Jupiter's Swap API v2 and Price API v3 take only keyed requests; keys at https://developers.jup.ag)`,
      ]);
    }
    return result.data;
  }
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const [name, ...rest] = issue.path.map(String);
      const where = rest.length ? `${name} (at ${rest.join('.')})` : name;
      return `${where}: ${issue.message}`;
    }),
  );
}
