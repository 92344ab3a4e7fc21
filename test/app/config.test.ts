import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, withDotEnv } from '../../src/app/config';

describe('loadConfig', () => {
  it('fills the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PRICE_PROVIDER: 'snapshot',
      QUOTE_PROVIDER: 'estimate',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('parses TIER_LIMITS and CORS_ORIGINS', () => {
    const config = loadConfig({
      TIER_LIMITS: '{"enterprise":{"requestsPerMinute":1000000},"free":{"transactionsPerDay":null}}',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
    });
    expect(config.TIER_LIMITS).toEqual({ enterprise: { requestsPerMinute: 1000000 }, free: { transactionsPerDay: null } });
    expect(config.CORS_ORIGINS).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['PARLEY_ADMIN_KEY', 'parley_live_short'],
    ['PRICE_PROVIDER', 'coingecko'],
    ['QUOTE_PROVIDER', 'oneinch'],
    ['TIER_LIMITS', '{not json'],
    ['TIER_LIMITS', '{"gold":{"requestsPerMinute":5}}'],
    ['TIER_LIMITS', '{"free":{"requestsPerMinute":-1}}'],
    ['CORS_ORIGINS', 'https://ok.example.com,nope'],
    ['LOG_LEVEL', 'verbose'],
  ])('rejects %s=%s and names the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(1);
    expect((error as ConfigError).problems[0]).toMatch(new RegExp(`^${name}\\b`));
  });
});

describe('.env', () => {
  it('configures from .env in the working directory; variables already set win', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-env-'));
    try {
      writeFileSync(path.join(dir, '.env'), '# a comment\nPORT=4123\nLOG_LEVEL=warn\nCORS_ORIGINS="https://a.example, https://b.example"\n');
      const config = loadConfig(withDotEnv({ LOG_LEVEL: 'error' }, dir));
      expect(config).toMatchObject({ PORT: 4123, LOG_LEVEL: 'error', CORS_ORIGINS: ['https://a.example', 'https://b.example'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads nothing where there is no .env', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-env-'));
    expect(withDotEnv({ PORT: '1' }, dir)).toEqual({ PORT: '1' });
    rmSync(dir, { recursive: true, force: true });
  });

  it('.env.example, copied as it is, is a valid configuration of the embedded defaults', () => {
    const example = readFileSync(path.join(__dirname, '../../.env.example'), 'utf8');
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-env-'));
    try {
      writeFileSync(path.join(dir, '.env'), example);
      expect(loadConfig(withDotEnv({}, dir))).toMatchObject({ PORT: 3000, DATA_DIR: './data', QUOTE_PROVIDER: 'estimate', GRAPHQL_INTROSPECTION: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
