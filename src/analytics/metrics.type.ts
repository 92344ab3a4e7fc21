import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum Interval {
  day = 'day',
}
registerEnumType(Interval, {
  name: 'Interval',
  description: '`day`: a series of UTC days beside the totals.',
  valuesConfig: { day: { description: 'One entry per UTC day.' } },
});

@ObjectType({ description: 'The whole UTC days covered, both ends included.' })
export class MetricsPeriod {
  @Field(() => String, { description: 'First day, YYYY-MM-DD (UTC).' })
  startDate!: string;

  @Field(() => String, { description: 'Last day, YYYY-MM-DD (UTC), included.' })
  endDate!: string;
}

@ObjectType({ description: 'Sessions created in the period.' })
export class SessionMetrics {
  @Field(() => Int, { description: 'Created in the period.' })
  total!: number;

  @Field(() => Int, { description: 'Active now.' })
  active!: number;

  @Field(() => Float, { description: 'Seconds from creation to termination, or else to the last message.' })
  avgDuration!: number;
}

@ObjectType({ description: 'Messages of the sessions created in the period.' })
export class MessageMetrics {
  @Field(() => Int, { description: 'Messages of the sessions created in the period.' })
  total!: number;

  @Field(() => Float, { description: 'Mean messages per session created in the period; 0 without sessions.' })
  avgPerSession!: number;
}

@ObjectType({ description: 'Transactions built in the period.' })
export class TransactionMetrics {
  @Field(() => Int, { description: 'Built in the period.' })
  total!: number;

  @Field(() => Int, { description: 'Confirmed.' })
  successful!: number;

  @Field(() => Int, { description: 'Failed or expired.' })
  failed!: number;

  @Field(() => Float, { description: 'USD value at build time of the confirmed ones.' })
  totalVolume!: number;
}

@ObjectType({ description: 'One UTC day of the period, counted as the totals are.' })
export class DailyMetrics {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => Int, { description: 'Sessions created that day.' })
  sessions!: number;

  @Field(() => Int, { description: 'Messages of the sessions created that day.' })
  messages!: number;

  @Field(() => Int, { description: 'Transactions built that day.' })
  transactions!: number;

  @Field(() => Int, { description: 'Of those, confirmed.' })
  successful!: number;

  @Field(() => Int, { description: 'Of those, failed or expired.' })
  failed!: number;

  @Field(() => Float, { description: 'USD value at build time of the confirmed ones.' })
  volume!: number;
}

@ObjectType({ description: "Your account's activity over a period of whole UTC days." })
export class Metrics {
  @Field(() => MetricsPeriod, { description: 'The days covered.' })
  period!: MetricsPeriod;

  @Field(() => SessionMetrics, { description: 'Sessions created in the period.' })
  sessions!: SessionMetrics;

  @Field(() => MessageMetrics, { description: 'Messages of those sessions.' })
  messages!: MessageMetrics;

  @Field(() => TransactionMetrics, { description: 'Transactions built in the period.' })
  transactions!: TransactionMetrics;

  @Field(() => [DailyMetrics], {
    nullable: true,
    description: 'With `interval: day`, one entry per UTC day of the period, oldest first, days without activity included; null otherwise.',
  })
  daily!: DailyMetrics[] | null;
}
