import { Migration } from '@mikro-orm/migrations';

/**
 * Transactions keep what was built (`details`: parameters, route, preview, summary, expiry), so
 * that POST /v1/transactions/{id}/refresh can build them again; a refreshed one becomes
 * `replaced`, naming its successor in `replaced_by`.
 */
export class Migration20261125000000_transaction_refresh extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "transaction_record" add column "details" jsonb null, add column "replaced_by" varchar(32) null;`);
    this.addSql(`alter table "transaction_record" drop constraint if exists "transaction_record_status_check";`);
    this.addSql(`alter table "transaction_record" add constraint "transaction_record_status_check"
      check ("status" in ('built', 'submitted', 'confirmed', 'failed', 'expired', 'replaced'));`);
  }
}
