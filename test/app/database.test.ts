import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/app/database';
import { Account } from '../../src/accounts/account.entity';

describe('embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts empty, migrates, and keeps rows across a restart', async () => {
    const first = await openDatabase({ DATA_DIR: dataDir });
    expect(first.kind).toBe('embedded');
    expect(await first.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).toBe('');
    await first.orm.em.fork().insert(Account, { id: 'acct_restart', name: 'restart', tier: 'pro', createdAt: new Date() });
    await first.close();

    const second = await openDatabase({ DATA_DIR: dataDir });
    const account = await second.orm.em.fork().findOneOrFail(Account, 'acct_restart');
    expect(account).toMatchObject({ name: 'restart', tier: 'pro' });
    await second.close();
  });
});
