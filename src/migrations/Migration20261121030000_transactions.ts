import { Migration } from '@mikro-orm/migrations';

export class Migration20261121030000_transactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "transaction_record" (
      "id" varchar(32) not null,
      "account_id" varchar(32) not null,
      "session_id" varchar(32) not null,
      "type" text check ("type" in ('swap', 'transfer')) not null,
      "network" text check ("network" in ('mainnet', 'devnet')) not null,
      "input_mint" varchar(44) not null,
      "output_mint" varchar(44) null,
      "in_amount" numeric(40,0) not null,
      "out_amount" numeric(40,0) null,
      "recipient" varchar(44) null,
      "usd_value" numeric(20,2) null,
      "status" text check ("status" in ('built', 'submitted', 'confirmed', 'failed', 'expired')) not null default 'built',
      "serialized_transaction" text null,
      "last_valid_block_height" int null,
      "signature" varchar(100) null,
      "error" text null,
      "created_at" timestamptz not null,
      "submitted_at" timestamptz null,
      "settled_at" timestamptz null,
      constraint "transaction_record_pkey" primary key ("id"));`);
    this.addSql(`create index "transaction_record_account_id_created_at_index" on "transaction_record" ("account_id", "created_at");`);
    this.addSql(`alter table "transaction_record" add constraint "transaction_record_account_id_foreign" foreign key ("account_id")
      references "account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "transaction_record" add constraint "transaction_record_session_id_foreign" foreign key ("session_id")
      references "session" ("id") on update cascade on delete cascade;`);
  }
}
