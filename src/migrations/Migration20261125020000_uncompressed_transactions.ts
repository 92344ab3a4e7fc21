import { Migration } from '@mikro-orm/migrations';

/**
 * A built transaction's JSON (a reply's `transaction`, a record's `details`) is stored without
 * compression: at ~3.4 kB it crosses the TOAST threshold, and compressing it cost the embedded
 * database more than the bytes it saved (bench/README.md#kept-speed-tricks).
 */
export class Migration20261125020000_uncompressed_transactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "message" alter column "transaction" set storage external;`);
    this.addSql(`alter table "transaction_record" alter column "details" set storage external;`);
  }
}
