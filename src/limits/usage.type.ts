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

@ObjectType({ description: "One UTC day of the account's usage." })
export class UsageDay {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => Int, { description: 'Requests served that day (refused ones are not counted).' })
  requests!: number;

  @Field(() => Int, { description: 'Transactions built that day.' })
  transactions!: number;
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

  @Field(() => [UsageDay], { nullable: true, description: 'With `interval: day`, the last 30 UTC days, oldest first, today included; null otherwise.' })
  daily!: UsageDay[] | null;
}
