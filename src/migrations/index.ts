import type { MigrationObject } from '@mikro-orm/core';

/**
 * Every migration in order, by name, with a loader of its class. Listed here (not discovered
 * from disk) so that the compiled service needs no TypeScript loader and no file-system scan.
 * A new migration goes in both places (its file and this list). The classes are loaded only when one is pending: their
 * base class brings in the migrator, umzug and its command line (see `migrate` in app/database.ts).
 */
export const migrations: readonly { name: string; load: () => Promise<MigrationObject['class']> }[] = [
  { name: 'Migration20261121000000_accounts_and_keys', load: async () => (await import('./Migration20261121000000_accounts_and_keys')).Migration20261121000000_accounts_and_keys },
  { name: 'Migration20261121010000_sessions_and_messages', load: async () => (await import('./Migration20261121010000_sessions_and_messages')).Migration20261121010000_sessions_and_messages },
  { name: 'Migration20261121020000_idempotency', load: async () => (await import('./Migration20261121020000_idempotency')).Migration20261121020000_idempotency },
  { name: 'Migration20261121030000_transactions', load: async () => (await import('./Migration20261121030000_transactions')).Migration20261121030000_transactions },
  { name: 'Migration20261121040000_metrics_indexes', load: async () => (await import('./Migration20261121040000_metrics_indexes')).Migration20261121040000_metrics_indexes },
  { name: 'Migration20261123000000_drop_message_timestamp_index', load: async () => (await import('./Migration20261123000000_drop_message_timestamp_index')).Migration20261123000000_drop_message_timestamp_index },
  { name: 'Migration20261124000000_one_successor_per_key', load: async () => (await import('./Migration20261124000000_one_successor_per_key')).Migration20261124000000_one_successor_per_key },
  { name: 'Migration20261125000000_transaction_refresh', load: async () => (await import('./Migration20261125000000_transaction_refresh')).Migration20261125000000_transaction_refresh },
  { name: 'Migration20261125010000_session_pending', load: async () => (await import('./Migration20261125010000_session_pending')).Migration20261125010000_session_pending },
  { name: 'Migration20261125020000_uncompressed_transactions', load: async () => (await import('./Migration20261125020000_uncompressed_transactions')).Migration20261125020000_uncompressed_transactions },
  { name: 'Migration20261126000000_client_tokens', load: async () => (await import('./Migration20261126000000_client_tokens')).Migration20261126000000_client_tokens },
];

/** The list MikroORM's migrator takes, with every class loaded. */
export async function loadMigrations(): Promise<MigrationObject[]> {
  return Promise.all(migrations.map(async ({ name, load }) => ({ name, class: await load() })));
}
