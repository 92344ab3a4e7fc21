import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_accounts_and_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "account" (
      "id" varchar(32) not null,
      "name" varchar(100) not null,
      "tier" text check ("tier" in ('free', 'pro', 'enterprise')) not null,
      "created_at" timestamptz not null,
      constraint "account_pkey" primary key ("id"));`);

    this.addSql(`create table "api_key" (
      "id" varchar(32) not null,
      "account_id" varchar(32) not null,
      "name" varchar(100) not null,
      "scopes" text[] not null,
      "environment" text check ("environment" in ('live', 'test')) not null,
      "lookup_prefix" varchar(16) not null,
      "secret_hash" varchar(64) not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz null,
      "revoked_at" timestamptz null,
      "last_used_at" timestamptz null,
      "previous_key_id" varchar(32) null,
      constraint "api_key_pkey" primary key ("id"));`);
    this.addSql(`create index "api_key_account_id_index" on "api_key" ("account_id");`);
    this.addSql(`create index "api_key_lookup_prefix_index" on "api_key" ("lookup_prefix");`);
    this.addSql(`alter table "api_key" add constraint "api_key_account_id_foreign" foreign key ("account_id")
      references "account" ("id") on update cascade on delete cascade;`);
  }
}
