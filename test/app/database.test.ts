import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Account } from '../../src/accounts/account.entity';
import { openDatabase } from '../../src/app/database';
import { createLogger } from '../../src/shared/logger';
import { startTestApp } from '../support/app';

const logger = createLogger('silent');

describe('database', () => {
  it('is migrated to exactly the schema the entities describe', async () => {
    const app = await startTestApp();
    try {
      const drift = await app.service.database.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
      expect(drift).toBe('');
    } finally {
      await app.close();
    }
  });

  it('serves the embedded database on a Unix socket that only this user can open, never on a TCP port', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-db-'));
    try {
      const database = await openDatabase({ DATA_DIR: dataDir }, logger);
      try {
        const { host } = database.orm.config.getDriver().getConnection().getConnectionOptions();
        expect(host).toMatch(/^\//);
        const socketDir = statSync(host!);
        expect([socketDir.isDirectory(), socketDir.mode & 0o777, socketDir.uid]).toEqual([true, 0o700, process.getuid!()]);
        expect(await database.orm.em.fork().getConnection().execute('select 1 as one')).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // The embedded default must keep data across restarts (DATA_DIR on disk).
  it('keeps rows across a restart of the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-db-'));
    try {
      const first = await openDatabase({ DATA_DIR: dataDir }, logger);
      expect(first.kind).toBe('embedded');
      await first.orm.em.fork().insert(Account, { id: 'acct_restart', name: 'restart', tier: 'pro', createdAt: new Date() });
      await first.close();

      const second = await openDatabase({ DATA_DIR: dataDir }, logger);
      const account = await second.orm.em.fork().findOneOrFail(Account, 'acct_restart');
      expect(account).toMatchObject({ name: 'restart', tier: 'pro' });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
