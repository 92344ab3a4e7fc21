import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_accounts_and_keys } from './Migration20261121000000_accounts_and_keys';

/**
 * Every migration in order. Listed here (not discovered from disk) so that the compiled
 * service needs no TypeScript loader and no file-system scan. A new migration goes in both places.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_accounts_and_keys', class: Migration20261121000000_accounts_and_keys },
];
