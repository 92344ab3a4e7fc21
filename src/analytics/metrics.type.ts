import { Field, Float, Int, ObjectType } from 'type-graphql';

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
}
