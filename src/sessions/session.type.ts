import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../shared/connection.type';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';
import { sessionStatusAt, type SessionStatus, type SessionView } from './session.entity';

enum SessionStatusValue {
  active = 'active',
  expired = 'expired',
  terminated = 'terminated',
}
registerEnumType(SessionStatusValue, { name: 'SessionStatus' });

@ObjectType('Session', { description: 'A chat bound to one wallet; it expires 24 hours after creation.' })
export class SessionType {
  @Field(() => ID)
  sessionId!: string;

  @Field(() => SolanaAddressScalar)
  walletAddress!: string;

  @Field(() => SessionStatusValue)
  status!: SessionStatus;

  @Field(() => Int)
  messageCount!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  expiresAt!: Date;

  @Field(() => Date)
  lastActivity!: Date;

  @Field(() => Date, { nullable: true })
  terminatedAt!: Date | null;

  static of(session: SessionView, now: Date): SessionType {
    return Object.assign(new SessionType(), {
      sessionId: session.id,
      walletAddress: session.walletAddress,
      status: sessionStatusAt(session, now),
      messageCount: session.messageCount,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      lastActivity: session.lastActivity,
      terminatedAt: session.terminatedAt,
    });
  }
}

export const SessionConnection = ConnectionType('Session', SessionType);

@ObjectType()
export class TerminatedSession {
  @Field(() => ID)
  sessionId!: string;

  @Field(() => SessionStatusValue)
  status!: SessionStatus;

  @Field(() => Date)
  terminatedAt!: Date;
}

@InputType()
export class SessionMetadataInput {
  @Field(() => String, { nullable: true })
  userAgent?: string | null;

  @Field(() => String, { nullable: true })
  ipAddress?: string | null;

  @Field(() => String, { nullable: true })
  referrer?: string | null;
}

@InputType()
export class CreateSessionInput {
  @Field(() => SolanaAddressScalar)
  walletAddress!: string;

  @Field(() => SessionMetadataInput, { nullable: true })
  metadata?: SessionMetadataInput | null;
}

export { SessionStatusValue };
