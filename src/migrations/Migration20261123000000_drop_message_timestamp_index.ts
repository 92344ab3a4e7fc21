import { Migration } from '@mikro-orm/migrations';

/**
 * Drops the index of messages by timestamp alone: no query reads messages that way (history
 * pages walk the session's (timestamp, seq) index), and every stored message paid for it.
 */
export class Migration20261123000000_drop_message_timestamp_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "message_timestamp_index";`);
  }
}
