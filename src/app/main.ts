import 'reflect-metadata';
import { ConfigError, loadConfig, withDotEnv } from './config';
import { createLogger } from '../shared/logger';
import { EMBEDDED_POOL, startEmbeddedPostgres } from './embedded-postgres';
import { StartupError } from './startup-error';

/** `npm start`: the service, until SIGTERM or SIGINT, on which it stops gracefully and exits 0. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(withDotEnv(process.env));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  // The embedded database opens in its worker thread while this one loads the rest of the app
  // (each takes about a second), so the service is imported only after it has been started.
  const embedded = config.DATABASE_URL
    ? undefined
    : startEmbeddedPostgres(config.DATA_DIR, EMBEDDED_POOL, (url) => import('./database').then((database) => database.migrateTemplate(url, logger)));
  // startService owns it and reports its failure; until then, a rejection is not unhandled.
  embedded?.catch(() => undefined);
  const { startService } = await import('./start-service');
  const service = await startService(config, logger, { embedded });
  const port = await service.listen();
  logger.info(
    { port, host: config.HOST, database: service.database.kind, startupMs: Math.round(performance.now()) },
    `Parley listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`,
  );
  if (service.bootstrapKey) {
    // Printed once, to the terminal only: the database keeps just its hash.
    process.stdout.write(
      `\nCreated an admin API key for the default account. It will not be shown again:\n\n  ${service.bootstrapKey}\n\n` +
        'Keep it, or set PARLEY_ADMIN_KEY (parley_live_ + 32 base62 characters) to choose the admin key yourself.\n\n',
    );
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A dependency out of reach is said in one line (what and where); anything else is a fault, with its stack.
  const told = error instanceof StartupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Parley failed to start: ${told}\n`);
  process.exit(1);
});
