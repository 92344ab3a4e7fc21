import { Migration } from '@mikro-orm/migrations';

export class Migration20261121010000_sessions_and_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "session" (
      "id" varchar(32) not null,
      "account_id" varchar(32) not null,
      "wallet_address" varchar(44) not null,
      "user_agent" varchar(512) null,
      "ip_address" varchar(64) null,
      "referrer" varchar(2048) null,
      "message_count" int not null default 0,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "last_activity" timestamptz not null,
      "terminated_at" timestamptz null,
      constraint "session_pkey" primary key ("id"));`);
    this.addSql(`create index "session_account_id_created_at_id_index" on "session" ("account_id", "created_at", "id");`);
    this.addSql(`alter table "session" add constraint "session_account_id_foreign" foreign key ("account_id")
      references "account" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "message" (
      "id" varchar(32) not null,
      "session_id" varchar(32) not null,
      "seq" int not null,
      "role" text check ("role" in ('user', 'agent')) not null,
      "content" text not null,
      "intent" jsonb null,
      "transaction" jsonb null,
      "timestamp" timestamptz not null,
      constraint "message_pkey" primary key ("id"));`);
    this.addSql(`create index "message_session_id_timestamp_seq_index" on "message" ("session_id", "timestamp", "seq");`);
    this.addSql(`create index "message_timestamp_index" on "message" ("timestamp");`);
    this.addSql(`alter table "message" add constraint "message_session_id_seq_unique" unique ("session_id", "seq");`);
    this.addSql(`alter table "message" add constraint "message_session_id_foreign" foreign key ("session_id")
      references "session" ("id") on update cascade on delete cascade;`);
  }
}
