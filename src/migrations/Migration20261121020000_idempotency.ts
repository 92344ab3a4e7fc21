import { Migration } from '@mikro-orm/migrations';

export class Migration20261121020000_idempotency extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "idempotency_record" (
      "account_id" varchar(32) not null,
      "key" varchar(255) not null,
      "request_hash" varchar(64) not null,
      "response_status" int null,
      "response_body" jsonb null,
      "created_at" timestamptz not null,
      constraint "idempotency_record_pkey" primary key ("account_id", "key"));`);
    this.addSql(`alter table "idempotency_record" add constraint "idempotency_record_account_id_foreign" foreign key ("account_id")
      references "account" ("id") on update cascade on delete cascade;`);
  }
}
