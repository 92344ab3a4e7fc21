import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../shared/connection.type';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';
import { sessionStatusAt, type SessionStatus, type SessionView } from './session.entity';

enum SessionStatusValue {
  active = 'active',
  expired = 'expired',
  terminated = 'terminated',
}
registerEnumType(SessionStatusValue, {
  name: 'SessionStatus',
  description: 'Derived from the clock: a session is active until it is terminated or 24 hours have passed since its creation.',
  valuesConfig: {
    active: { description: 'Accepts messages.' },
    expired: { description: 'Past `expiresAt`: reads answer `session_not_found`.' },
    terminated: { description: 'Ended with terminateSession: its history stays readable, it accepts no message.' },
  },
});

@ObjectType('Session', { description: 'A chat bound to one wallet; it expires 24 hours after creation.' })
export class SessionType {
  @Field(() => ID, { description: '`session_` followed by 16 base62 characters.' })
  sessionId!: string;

  @Field(() => SolanaAddressScalar, { description: 'The wallet the session acts for (base58): fee payer and signer of every transaction the agent builds in it.' })
  walletAddress!: string;

  @Field(() => SessionStatusValue, { description: 'As of this request (see SessionStatus).' })
  status!: SessionStatus;

  @Field(() => Int, { description: 'Messages stored: each sendMessage adds two (yours and the reply); a refused command adds none.' })
  messageCount!: number;

  @Field(() => Date, { description: 'ISO 8601, UTC.' })
  createdAt!: Date;

  @Field(() => Date, { description: '`createdAt` + 24 hours (ISO 8601, UTC).' })
  expiresAt!: Date;

  @Field(() => Date, { description: 'When the last message was stored, or the creation time (ISO 8601, UTC).' })
  lastActivity!: Date;

  @Field(() => Date, { nullable: true, description: 'When terminateSession ended it (ISO 8601, UTC); null while it is not terminated.' })
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

@ObjectType({ description: 'A session just ended by terminateSession.' })
export class TerminatedSession {
  @Field(() => ID, { description: 'The session ended.' })
  sessionId!: string;

  @Field(() => SessionStatusValue, { description: 'Always `terminated`.' })
  status!: SessionStatus;

  @Field(() => Date, { description: 'ISO 8601, UTC.' })
  terminatedAt!: Date;
}

@InputType({ description: 'Optional facts about the client, stored with the session for your own analytics (limits: userAgent 512, ipAddress 64, referrer 2,048 characters).' })
export class SessionMetadataInput {
  @Field(() => String, { nullable: true, description: 'The end user\'s browser or app, as your front end sees it.' })
  userAgent?: string | null;

  @Field(() => String, { nullable: true, description: 'The end user\'s IP address, if you want it kept with the session.' })
  ipAddress?: string | null;

  @Field(() => String, { nullable: true, description: 'The page the chat was opened from.' })
  referrer?: string | null;
}

@InputType({ description: 'A new session for a wallet.' })
export class CreateSessionInput {
  @Field(() => SolanaAddressScalar, { description: 'A base58 Solana address (32 bytes); a 0x… EVM address is refused with `validation_error`.' })
  walletAddress!: string;

  @Field(() => SessionMetadataInput, { nullable: true, description: 'Optional client facts (see SessionMetadataInput).' })
  metadata?: SessionMetadataInput | null;
}

export { SessionStatusValue };
