import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Tier } from '../accounts/account.entity';

enum TierValue {
  free = 'free',
  pro = 'pro',
  enterprise = 'enterprise',
}
registerEnumType(TierValue, {
  name: 'Tier',
  description: "The account's plan, which sets its rate limits.",
  valuesConfig: {
    free: { description: '30 requests a minute, 100 transactions a day.' },
    pro: { description: '120 requests a minute, 1,000 transactions a day.' },
    enterprise: { description: '600 requests a minute, unlimited transactions.' },
  },
});

@ObjectType({ description: "The limits of the calling key's tier (operators can override them with TIER_LIMITS)." })
export class UsageLimits {
  @Field(() => Int, { description: 'Requests a UTC minute for the whole account; the next one answers 429 `rate_limit_exceeded` with Retry-After.' })
  requestsPerMinute!: number;

  @Field(() => Int, { nullable: true, description: 'Transactions the agent may build a UTC day; null: unlimited. Over it, sendMessage answers 429 `transaction_limit_exceeded`.' })
  transactionsPerDay!: number | null;

  @Field(() => Int, { nullable: true, description: 'Requests a UTC day for this key: 100 for test keys; null: no daily request limit.' })
  requestsPerDay!: number | null;
}

@ObjectType({ description: "The account's counters now; windows are aligned to the calendar (a UTC minute, a UTC day)." })
export class UsageCounts {
  @Field(() => Int, { description: 'Requests served today (UTC) for the account, this one included.' })
  requestsToday!: number;

  @Field(() => Int, { description: 'Transactions built today (UTC) for the account.' })
  transactionsToday!: number;

  @Field(() => Int, { description: 'Requests served in the current UTC minute for the account, this one included.' })
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

@ObjectType({ description: 'Tier, limits and counters of the calling key and its account.' })
export class Usage {
  @Field(() => TierValue, { description: 'The account\'s tier.' })
  tier!: Tier;

  @Field(() => UsageLimits, { description: 'The limits that apply to this key.' })
  limits!: UsageLimits;

  @Field(() => UsageCounts, { description: 'How much of them is used now.' })
  usage!: UsageCounts;

  @Field(() => Date, { description: 'Next UTC midnight, when the daily counters reset.' })
  resetAt!: Date;

  @Field(() => [UsageDay], { nullable: true, description: 'With `interval: day`, the last 30 UTC days, oldest first, today included; null otherwise.' })
  daily!: UsageDay[] | null;
}
