import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/app/cli';
import { loadConfig } from '../../src/app/config';
import { startService } from '../../src/app/start-service';
import { createLogger } from '../../src/shared/logger';
import { bearer, freshDatabase, startTestApp, type TestDatabase } from '../support/app';

const ADMIN_KEY = `parley_live_${'Q'.repeat(16)}${'7'.repeat(16)}`;

let database: TestDatabase;
beforeEach(async () => {
  database = await freshDatabase();
});
afterEach(() => database.drop());

const usage = (app: Awaited<ReturnType<typeof startTestApp>>, key: string) =>
  app.http.get('/v1/analytics/usage').set('Authorization', bearer(key));

describe('start-up bootstrap', () => {
  it('creates and shows one admin key when the database has none, and none on later starts', async () => {
    const first = await startTestApp({ database });
    expect(first.service.bootstrapKey).toMatch(/^parley_live_[0-9A-Za-z]{32}$/);
    const response = await usage(first, first.service.bootstrapKey!);
    expect(response.body).toMatchObject({ tier: 'enterprise' });
    await first.close();

    const second = await startTestApp({ database });
    expect(second.service.bootstrapKey).toBeNull();
    await second.close();
  });

  it('ensures PARLEY_ADMIN_KEY exactly, and restores it if it was revoked', async () => {
    const first = await startTestApp({ database, env: { PARLEY_ADMIN_KEY: ADMIN_KEY } });
    expect(first.service.bootstrapKey).toBeNull();
    expect((await usage(first, ADMIN_KEY)).body.tier).toBe('enterprise');
    const created = await first.http.post('/v1/keys').set('Authorization', bearer(ADMIN_KEY)).send({ name: 'x', scopes: ['admin'] });
    expect(created.status).toBe(201);
    const own = await first.service.database.orm.em.fork().getConnection().execute(`select id from api_key where name = 'PARLEY_ADMIN_KEY'`);
    await first.http.delete(`/v1/keys/${own[0].id}`).set('Authorization', bearer(ADMIN_KEY));
    expect((await usage(first, ADMIN_KEY)).status).toBe(401);
    await first.close();

    const second = await startTestApp({ database, env: { PARLEY_ADMIN_KEY: ADMIN_KEY } });
    expect((await usage(second, ADMIN_KEY)).status).toBe(200);
    await second.close();
  });
});

describe('listening', () => {
  it('refuses a port already in use with EADDRINUSE, and the service still stops cleanly', async () => {
    const first = await startTestApp({ database });
    const other = await freshDatabase();
    const config = loadConfig({ ...other.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: new URL(first.url).port });
    const second = await startService(config, createLogger(config.LOG_LEVEL));
    try {
      await expect(second.listen()).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await second.stop();
      await other.drop();
    }
    expect((await usage(first, first.service.bootstrapKey!)).status).toBe(200);
    await first.close();
  });
});

describe('the first admin key', () => {
  it('is not lost when the first start fails to listen: the next start creates and shows one that works', async () => {
    const occupant = await startTestApp();
    const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: new URL(occupant.url).port });
    const failed = await startService(config, createLogger(config.LOG_LEVEL));
    try {
      await expect(failed.listen()).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(failed.bootstrapKey).toBeNull();
    } finally {
      await failed.stop();
      await occupant.close();
    }
    const next = await startTestApp({ database });
    expect(next.service.bootstrapKey).toMatch(/^parley_live_[0-9A-Za-z]{32}$/);
    expect((await usage(next, next.service.bootstrapKey!)).body.tier).toBe('enterprise');
    await next.close();
  });
});

describe('operator CLI', () => {
  it('accounts create prints an account and its first admin key; keys list shows keys without secrets', async () => {
    const lines: string[] = [];
    await runCli(['accounts', 'create', '--name', 'acme', '--tier', 'pro'], { ...database.env, LOG_LEVEL: 'silent' }, (line) => lines.push(line));
    const accountId = /^Account (acct_[0-9A-Za-z]{16}) \(acme, pro\)$/.exec(lines[0])?.[1];
    const secret = /^Admin key, shown once: (parley_live_[0-9A-Za-z]{32})$/.exec(lines[1])?.[1];
    expect(accountId).toBeDefined();
    expect(secret).toBeDefined();

    const app = await startTestApp({ database });
    expect((await usage(app, secret!)).body.tier).toBe('pro');
    await app.close();

    const listed: string[] = [];
    await runCli(['keys', 'list', '--account', accountId!], { ...database.env, LOG_LEVEL: 'silent' }, (line) => listed.push(line));
    expect(listed).toHaveLength(2);
    expect(listed[1]).toMatch(/^key_[0-9A-Za-z]{16}\tacme admin\tlive\tadmin\t/);
    expect(listed.join('\n')).not.toContain(secret!.slice('parley_live_'.length));
  });

  it('refuses to open the embedded DATA_DIR of a running service, saying so, and stores nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-lock-'));
    const embedded = { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
    const app = await startTestApp({ database: embedded });
    try {
      await expect(runCli(['accounts', 'create', '--name', 'beside'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, () => undefined)).rejects.toThrow(
        /DATA_DIR .* is in use by another Parley process \(pid \d+\).*POST \/v1\/keys/,
      );
      const accounts = await app.service.database.orm.em.fork().getConnection().execute(`select count(*)::int as n from account where name = 'beside'`);
      expect(accounts[0].n).toBe(0);
    } finally {
      await app.close();
    }
    // Once the service has stopped, the CLI opens it.
    const lines: string[] = [];
    await runCli(['accounts', 'create', '--name', 'after'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^Account acct_/);
    await embedded.drop();
  });

  it('takes over the lock of a process that is gone (a crash)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-lock-'));
    try {
      // A pid no process has: the kernel's pid_max is at most 2^22.
      writeFileSync(path.join(dataDir, 'parley.lock'), String(2 ** 22 + 1));
      const lines: string[] = [];
      await runCli(['accounts', 'create', '--name', 'stale'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, (line) => lines.push(line));
      expect(lines[0]).toMatch(/^Account acct_/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad command or tier with the usage line', async () => {
    await expect(runCli(['accounts', 'create', '--name', 'x', '--tier', 'gold'], database.env, () => undefined)).rejects.toThrow(/usage: parley/);
    await expect(runCli(['frobnicate'], database.env, () => undefined)).rejects.toThrow(/usage: parley/);
  });
});
