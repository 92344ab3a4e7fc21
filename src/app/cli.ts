import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AccountService } from '../accounts/account.service';
import { TIERS, type Tier } from '../accounts/account.entity';
import { KeyService } from '../keys/key.service';
import { systemClock } from '../shared/clock';
import { createLogger } from '../shared/logger';
import { projectRoot } from '../shared/paths';
import { loadConfig } from './config';
import { openDatabase } from './database';
import { ensureTemplate } from './embedded-postgres';
import { buildParleySchema, printParleySchema } from './schema';

/**
 * Operator commands, run as `npm run parley -- <command>` (and by the build scripts):
 *   migrate                                   apply pending migrations
 *   accounts create --name N [--tier T]       new account; prints its id and first admin key
 *   keys list --account ID                    an account's keys (never their secrets)
 *   schema:emit                               write schema/schema.graphql
 *   prepare                                   build the embedded database template
 */
const USAGE = `usage: parley <migrate | accounts create --name NAME [--tier free|pro|enterprise] | keys list --account ID | schema:emit | prepare>`;

async function withDatabase<T>(work: (em: import('@mikro-orm/postgresql').EntityManager) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config, createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL));
  try {
    return await work(database.orm.em.fork());
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, tier: { type: 'string' }, account: { type: 'string' } },
  });
  const command = positionals.join(' ');
  switch (command) {
    case 'migrate':
      await withDatabase(async () => undefined);
      console.log('Migrations are up to date.');
      return;
    case 'prepare':
      console.log(`Embedded database template: ${await ensureTemplate()}`);
      return;
    case 'schema:emit': {
      const target = path.join(projectRoot, 'schema', 'schema.graphql');
      writeFileSync(target, printParleySchema(await buildParleySchema()));
      console.log(`Wrote ${path.relative(process.cwd(), target)}`);
      return;
    }
    case 'accounts create': {
      const tier = (values.tier ?? 'free') as Tier;
      if (!values.name || !TIERS.includes(tier)) throw new Error(USAGE);
      const { account, adminKey } = await withDatabase((em) => new AccountService(em, systemClock).create(values.name!, tier));
      console.log(`Account ${account.id} (${account.name}, ${account.tier})`);
      console.log(`Admin key, shown once: ${adminKey.secret}`);
      return;
    }
    case 'keys list': {
      if (!values.account) throw new Error(USAGE);
      const keys = await withDatabase((em) => new KeyService(em, systemClock).listForAccount(values.account!));
      console.table(
        keys.map((key) => ({
          keyId: key.id,
          name: key.name,
          environment: key.environment,
          scopes: key.scopes.join(' '),
          createdAt: key.createdAt.toISOString(),
          expiresAt: key.expiresAt?.toISOString() ?? '',
          revokedAt: key.revokedAt?.toISOString() ?? '',
          lastUsedAt: key.lastUsedAt?.toISOString() ?? '',
        })),
      );
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
