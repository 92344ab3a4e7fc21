// `npm run bench:ledger`: times GET /v1/portfolio of a wallet holding 6 tokens on the embedded
// ledger with 10, then 100,000 other token accounts on it (issue 22: the cost of a portfolio
// read must not grow with the ledger). 50 sequential requests each; prints p50 and p99.
require('reflect-metadata');
const path = require('node:path');
const root = path.join(__dirname, '..');
const dist = (f) => require(path.join(root, 'dist', 'src', f));
const { loadConfig } = dist('app/config');
const { startService } = dist('app/start-service');
const { createLogger } = dist('shared/logger');
const { Keypair } = require('@solana/web3.js');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', TIER_LIMITS: '{"enterprise":{"requestsPerMinute":1000000}}' });
  const service = await startService(config, createLogger('warn'));
  const port = await service.listen();
  const key = service.bootstrapKey;
  const ledger = service.deps.ledgers.mainnet;
  const wallet = Keypair.generate().publicKey.toBase58();
  const post = (route, body) => fetch(`http://127.0.0.1:${port}${route}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (const token of ['SOL', 'USDC', 'USDT', 'JUP', 'BONK', 'WIF']) await post('/v1/dev/airdrop', { walletAddress: wallet, token, amount: '10' });
  let seeded = 0;
  for (const others of [10, 100_000]) {
    const tokens = ['USDC', 'JUP'].map((symbol) => service.deps.tokens.resolve(symbol, 'mainnet'));
    for (let i = seeded; i < others; i++) ledger.airdrop(Keypair.generate().publicKey.toBase58(), tokens[i % 2], 1000n);
    seeded = others;
    // The loop above held the event loop past the keep-alive timeout: warm a new connection.
    await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    const times = [];
    for (let i = 0; i < 50; i++) {
      const started = process.hrtime.bigint();
      const response = await fetch(`http://127.0.0.1:${port}/v1/portfolio?walletAddress=${wallet}`, { headers: { authorization: `Bearer ${key}` } });
      const body = await response.json();
      if (body.tokens.length !== 6) throw new Error(`the wallet should hold 6 tokens, the portfolio lists ${body.tokens.length}`);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`${others} other token accounts: GET /v1/portfolio p50 ${times[25].toFixed(1)} ms, p99 ${times[49].toFixed(1)} ms`);
  }
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
