import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const TIERS = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** The account created at first start; PARLEY_ADMIN_KEY belongs to it. */
export const DEFAULT_ACCOUNT_ID = 'acct_default';

/** An API customer: owns keys and sessions, and carries the tier that sets its limits. */
@Entity({ tableName: 'account' })
export class Account {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Enum({ items: [...TIERS], type: 'string' })
  tier!: Tier;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
