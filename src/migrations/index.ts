import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_accounts_and_keys } from './Migration20261121000000_accounts_and_keys';
import { Migration20261121010000_sessions_and_messages } from './Migration20261121010000_sessions_and_messages';
import { Migration20261121020000_idempotency } from './Migration20261121020000_idempotency';
import { Migration20261121030000_transactions } from './Migration20261121030000_transactions';
import { Migration20261121040000_metrics_indexes } from './Migration20261121040000_metrics_indexes';
import { Migration20261123000000_drop_message_timestamp_index } from './Migration20261123000000_drop_message_timestamp_index';
import { Migration20261124000000_one_successor_per_key } from './Migration20261124000000_one_successor_per_key';
import { Migration20261125000000_transaction_refresh } from './Migration20261125000000_transaction_refresh';
import { Migration20261125010000_session_pending } from './Migration20261125010000_session_pending';

/**
 * Every migration in order. Listed here (not discovered from disk) so that the compiled
 * service needs no TypeScript loader and no file-system scan. A new migration goes in both places.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_accounts_and_keys', class: Migration20261121000000_accounts_and_keys },
  { name: 'Migration20261121010000_sessions_and_messages', class: Migration20261121010000_sessions_and_messages },
  { name: 'Migration20261121020000_idempotency', class: Migration20261121020000_idempotency },
  { name: 'Migration20261121030000_transactions', class: Migration20261121030000_transactions },
  { name: 'Migration20261121040000_metrics_indexes', class: Migration20261121040000_metrics_indexes },
  { name: 'Migration20261123000000_drop_message_timestamp_index', class: Migration20261123000000_drop_message_timestamp_index },
  { name: 'Migration20261124000000_one_successor_per_key', class: Migration20261124000000_one_successor_per_key },
  { name: 'Migration20261125000000_transaction_refresh', class: Migration20261125000000_transaction_refresh },
  { name: 'Migration20261125010000_session_pending', class: Migration20261125010000_session_pending },
];
