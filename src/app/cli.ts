import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountService } from '../accounts/account.service';
import { TIERS, type Tier } from '../accounts/account.entity';
import { KeyService } from '../keys/key.service';
import { systemClock } from '../shared/clock';
import { createLogger } from '../shared/logger';
import { projectRoot } from '../shared/paths';
import { loadConfig, withDotEnv } from './config';
import { openDatabase, prepareEmbeddedTemplate } from './database';
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

/**
 * Runs one command. `env` is the environment to configure from (process.env when run from the
 * shell); `print` receives each line of output.
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<void> {
  const withDatabase = async <T>(work: (em: EntityManager) => Promise<T>): Promise<T> => {
    const config = loadConfig(env);
    const database = await openDatabase(config, createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL));
    try {
      return await work(database.orm.em.fork());
    } finally {
      await database.close();
    }
  };
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, tier: { type: 'string' }, account: { type: 'string' } },
  });
  const command = positionals.join(' ');
  switch (command) {
    case 'migrate':
      await withDatabase(async () => undefined);
      print('Migrations are up to date.');
      return;
    case 'prepare':
      print(`Embedded database template: ${await prepareEmbeddedTemplate(createLogger('warn'))}`);
      return;
    case 'schema:emit': {
      const target = path.join(projectRoot, 'schema', 'schema.graphql');
      writeFileSync(target, printParleySchema(await buildParleySchema()));
      print(`Wrote ${path.relative(projectRoot, target)}`);
      return;
    }
    case 'accounts create': {
      const tier = (values.tier ?? 'free') as Tier;
      if (!values.name || !TIERS.includes(tier)) throw new Error(USAGE);
      const { account, adminKey } = await withDatabase((em) => new AccountService(em, systemClock).create(values.name!, tier));
      print(`Account ${account.id} (${account.name}, ${account.tier})`);
      print(`Admin key, shown once: ${adminKey.secret}`);
      return;
    }
    case 'keys list': {
      if (!values.account) throw new Error(USAGE);
      const keys = await withDatabase((em) => new KeyService(em, systemClock).listForAccount(values.account!));
      print(['keyId', 'name', 'environment', 'scopes', 'createdAt', 'expiresAt', 'revokedAt', 'lastUsedAt'].join('\t'));
      for (const key of keys) {
        const when = (date: Date | null) => date?.toISOString() ?? '-';
        print(
          [key.id, key.name, key.environment, key.scopes.join(','), when(key.createdAt), when(key.expiresAt), when(key.revokedAt), when(key.lastUsedAt)].join('\t'),
        );
      }
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), withDotEnv(process.env), (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
