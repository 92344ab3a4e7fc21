import { ConfigError, loadConfig } from '../../src/app/config';

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
