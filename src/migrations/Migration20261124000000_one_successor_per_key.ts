import { Migration } from '@mikro-orm/migrations';

/**
 * A key has at most one successor: rotating a rotated key is refused (409) and the unique
 * constraint settles two rotations at once. A key rotated twice before this keeps its first
 * successor as such; the later one stays a working key of its own.
 */
export class Migration20261124000000_one_successor_per_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "api_key" as later set "previous_key_id" = null
      where exists (select 1 from "api_key" as earlier
                     where earlier."previous_key_id" = later."previous_key_id"
                       and (earlier."created_at", earlier."id") < (later."created_at", later."id"));`);
    this.addSql(`alter table "api_key" add constraint "api_key_previous_key_id_unique" unique ("previous_key_id");`);
  }
}
