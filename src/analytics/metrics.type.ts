import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum Interval {
  day = 'day',
}
registerEnumType(Interval, { name: 'Interval', description: '`day`: a series of UTC days beside the totals.' });

@ObjectType()
export class MetricsPeriod {
  @Field(() => String)
  startDate!: string;

  @Field(() => String)
  endDate!: string;
}

@ObjectType()
export class SessionMetrics {
  @Field(() => Int, { description: 'Created in the period.' })
  total!: number;

  @Field(() => Int, { description: 'Active now.' })
  active!: number;

  @Field(() => Float, { description: 'Seconds from creation to termination, or else to the last message.' })
  avgDuration!: number;
}

@ObjectType()
export class MessageMetrics {
  @Field(() => Int, { description: 'Messages of the sessions created in the period.' })
  total!: number;

  @Field(() => Float)
  avgPerSession!: number;
}

@ObjectType()
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

@ObjectType()
export class Metrics {
  @Field(() => MetricsPeriod)
  period!: MetricsPeriod;

  @Field(() => SessionMetrics)
  sessions!: SessionMetrics;

  @Field(() => MessageMetrics)
  messages!: MessageMetrics;

  @Field(() => TransactionMetrics)
  transactions!: TransactionMetrics;

  @Field(() => [DailyMetrics], {
    nullable: true,
    description: 'With `interval: day`, one entry per UTC day of the period, oldest first, days without activity included; null otherwise.',
  })
  daily!: DailyMetrics[] | null;
}
