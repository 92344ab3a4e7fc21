// `npm run bench:metrics`: seeds one account with 100,000 sessions, 1,000,000 messages and
// 50,000 transactions spread over five years, then times GET /v1/analytics/metrics over HTTP
// for the default 30-day period and for all five years, then with the daily series (interval=day). Runs on DATABASE_URL's server (in a fresh database it drops
// afterwards) or else on the embedded database. Target (issue 7): under 50 ms.
require('reflect-metadata');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { freshServerDatabase } = require('./server-database');
const dist = (file) => require(path.join(__dirname, '..', 'dist', 'src', file));
const { loadConfig } = dist('app/config');
const { startService } = dist('app/start-service');
const { createLogger } = dist('shared/logger');
const { AccountService } = dist('accounts/account.service');
const { systemClock } = dist('shared/clock');

const SESSIONS = 100_000;
const MESSAGES_PER_SESSION = 10;
const TRANSACTIONS = 50_000;
const RUNS = 200;
const SPAN_DAYS = 5 * 365 + 1;

(async () => {
  const serverUrl = process.env.DATABASE_URL;
  let env;
  let cleanup;
  if (serverUrl) {
    const database = await freshServerDatabase(serverUrl);
    env = { DATABASE_URL: database.url };
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
    env = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', TIER_LIMITS: '{"enterprise":{"requestsPerMinute":1000000}}' });
  const service = await startService(config, createLogger('warn'));
  try {
    const port = await service.listen();
    const { account, adminKey } = await new AccountService(service.database.orm.em.fork(), systemClock).create('bench', 'enterprise');
    const db = service.database.orm.em.getConnection();
    const seeding = Date.now();
    await db.execute(`
      insert into session (id, account_id, wallet_address, message_count, created_at, expires_at, last_activity, terminated_at)
      select 'session_' || lpad(g::text, 16, '0'), '${account.id}', '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', ${MESSAGES_PER_SESSION},
             t, t + interval '24 hours', t + interval '10 minutes', case when g % 3 = 0 then t + interval '5 minutes' end
        from (select g, now() - (g % ${SPAN_DAYS}) * interval '1 day' - (g % 1440) * interval '1 minute' as t
                from generate_series(1, ${SESSIONS}) g) s`);
    await db.execute(`
      insert into message (id, session_id, seq, role, content, timestamp)
      select 'msg_' || lpad(g::text, 16, '0'), 'session_' || lpad(((g - 1) / ${MESSAGES_PER_SESSION} + 1)::text, 16, '0'),
             ((g - 1) % ${MESSAGES_PER_SESSION}) + 1, case when g % 2 = 1 then 'user' else 'agent' end, 'hello',
             now() - (((g - 1) / ${MESSAGES_PER_SESSION} + 1) % ${SPAN_DAYS}) * interval '1 day'
        from generate_series(1, ${SESSIONS * MESSAGES_PER_SESSION}) g`);
    await db.execute(`
      insert into transaction_record (id, account_id, session_id, type, network, input_mint, in_amount, usd_value, status, created_at)
      select 'tx_' || lpad(g::text, 16, '0'), '${account.id}', 'session_' || lpad((g * 2)::text, 16, '0'), 'transfer', 'mainnet',
             'So11111111111111111111111111111111111111112', 1000000, (g % 500) + 0.25,
             (array['built', 'confirmed', 'failed', 'expired', 'confirmed'])[g % 5 + 1], now() - (g % ${SPAN_DAYS}) * interval '1 day'
        from generate_series(1, ${TRANSACTIONS}) g`);
    await db.execute('vacuum analyze');
    console.log(`seeded ${SESSIONS} sessions, ${SESSIONS * MESSAGES_PER_SESSION} messages, ${TRANSACTIONS} transactions in ${((Date.now() - seeding) / 1000).toFixed(1)} s (${service.database.kind} database)`);

    const headers = { authorization: `Bearer ${adminKey.secret}` };
    const allTime = new Date(Date.now() - SPAN_DAYS * 86_400_000).toISOString().slice(0, 10);
    const lastYear = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const periods = [
      ['default 30 days', ''],
      ['all five years', `?startDate=${allTime}`],
      ['daily series, 30 days', '?interval=day'],
      ['daily series, one year', `?startDate=${lastYear}&interval=day`],
      ['daily series, five years', `?startDate=${allTime}&interval=day`],
    ];
    for (const [label, query] of periods) {
      const url = `http://127.0.0.1:${port}/v1/analytics/metrics${query}`;
      let body;
      for (let i = 0; i < 20; i++) body = await (await fetch(url, { headers })).json();
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const started = process.hrtime.bigint();
        const response = await fetch(url, { headers });
        await response.json();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
      console.log(`${label}, ${body.period.startDate}..${body.period.endDate}: ${body.sessions.total} sessions, ${body.messages.total} messages, ${body.transactions.total} transactions`);
      console.log(`  GET /v1/analytics/metrics${query} over ${RUNS} requests: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`);
    }
  } finally {
    await service.stop();
    await cleanup();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
