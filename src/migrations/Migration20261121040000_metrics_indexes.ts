import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the metrics aggregates: sessions of an account by creation time with the columns
 * the averages read (an index-only scan), and the account's unterminated sessions by expiry.
 */
export class Migration20261121040000_metrics_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "session_metrics_index" on "session" ("account_id", "created_at")
      include ("message_count", "terminated_at", "last_activity");`);
    this.addSql(`create index "session_open_index" on "session" ("account_id", "expires_at") where "terminated_at" is null;`);
  }
}
