import { Migration } from '@mikro-orm/migrations';

/**
 * Each transaction Parley builds carries a random reference key (Solana Pay's `reference`), kept
 * on its record; records built before have none.
 */
export class Migration20261126010000_transaction_reference extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "transaction_record" add column "reference" varchar(44) null;`);
  }
}
