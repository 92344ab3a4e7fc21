import { Migration } from '@mikro-orm/migrations';

/**
 * Front ends (DESIGN): the origins a key may be used from, and client tokens, each a Bearer
 * credential for one session, minted by a key. A token goes with its session, and with its key.
 */
export class Migration20261126000000_client_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_key" add column "allowed_origins" text[] null;`);
    this.addSql(`create table "client_token" (
      "id" varchar(32) not null,
      "account_id" varchar(32) not null,
      "key_id" varchar(32) not null,
      "session_id" varchar(32) not null,
      "lookup_prefix" varchar(16) not null,
      "secret_hash" varchar(64) not null,
      "scopes" text[] not null,
      "allowed_origins" text[] null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      constraint "client_token_pkey" primary key ("id"),
      constraint "client_token_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade,
      constraint "client_token_key_id_foreign" foreign key ("key_id") references "api_key" ("id") on update cascade on delete cascade,
      constraint "client_token_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade
    );`);
    this.addSql(`create index "client_token_lookup_prefix_index" on "client_token" ("lookup_prefix");`);
    this.addSql(`create index "client_token_session_id_index" on "client_token" ("session_id");`);
  }
}
