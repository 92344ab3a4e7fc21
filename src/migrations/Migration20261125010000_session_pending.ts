import { Migration } from '@mikro-orm/migrations';

/** The command a session's last clarifying question waits on ("swap 4 USDT" → "for which token?"). */
export class Migration20261125010000_session_pending extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "session" add column "pending" jsonb null;`);
  }
}
