import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Tier } from '../accounts/account.entity';

enum TierValue {
  free = 'free',
  pro = 'pro',
  enterprise = 'enterprise',
}
registerEnumType(TierValue, { name: 'Tier' });

@ObjectType()
export class UsageLimits {
  @Field(() => Int)
  requestsPerMinute!: number;

  @Field(() => Int, { nullable: true, description: 'Null: unlimited.' })
  transactionsPerDay!: number | null;

  @Field(() => Int, { nullable: true, description: 'Set for test keys (100); null: no daily request limit.' })
  requestsPerDay!: number | null;
}

@ObjectType()
export class UsageCounts {
  @Field(() => Int, { description: 'Requests served today (UTC) for the account, this one included.' })
  requestsToday!: number;

  @Field(() => Int)
  transactionsToday!: number;

  @Field(() => Int)
  requestsThisMinute!: number;
}

@ObjectType()
export class Usage {
  @Field(() => TierValue)
  tier!: Tier;

  @Field(() => UsageLimits)
  limits!: UsageLimits;

  @Field(() => UsageCounts)
  usage!: UsageCounts;

  @Field(() => Date, { description: 'Next UTC midnight, when the daily counters reset.' })
  resetAt!: Date;
}
