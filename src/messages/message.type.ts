import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Intent, IntentAction, QuerySubject } from '../agent/intent';
import { TransactionDetailsType } from '../transactions/transaction-details.type';
import { ConnectionType } from '../shared/connection.type';
import type { MessageRole, MessageView } from './message.entity';

enum IntentActionValue {
  swap = 'swap',
  transfer = 'transfer',
  query = 'query',
}
registerEnumType(IntentActionValue, { name: 'IntentAction' });

enum QuerySubjectValue {
  balance = 'balance',
  portfolio = 'portfolio',
  price = 'price',
  help = 'help',
}
registerEnumType(QuerySubjectValue, { name: 'QuerySubject' });

enum MessageRoleValue {
  user = 'user',
  agent = 'agent',
}
registerEnumType(MessageRoleValue, { name: 'MessageRole' });

@ObjectType({ description: 'What the agent understood from a message.' })
export class IntentType {
  @Field(() => IntentActionValue)
  action!: IntentAction;

  @Field(() => Float, { description: 'In [0, 1].' })
  confidence!: number;

  @Field(() => QuerySubjectValue, { nullable: true, description: 'For queries: what is asked about.' })
  subject?: QuerySubject;

  @Field(() => String, { nullable: true, description: 'For queries about one token.' })
  token?: string;

  static of(intent: Intent): IntentType {
    return Object.assign(new IntentType(), intent);
  }
}

@ObjectType('Message')
export class MessageType {
  @Field(() => ID)
  messageId!: string;

  @Field(() => MessageRoleValue)
  role!: MessageRole;

  @Field(() => String)
  content!: string;

  @Field(() => Date)
  timestamp!: Date;

  @Field(() => IntentType, { nullable: true, description: 'On user messages.' })
  intent!: IntentType | null;

  @Field(() => TransactionDetailsType, { nullable: true, description: 'On agent replies that built one.' })
  transaction!: TransactionDetailsType | null;

  static of(message: MessageView): MessageType {
    return Object.assign(new MessageType(), {
      messageId: message.id,
      role: message.role,
      content: message.content,
      timestamp: message.timestamp,
      intent: message.intent && IntentType.of(message.intent),
      transaction: message.transaction && TransactionDetailsType.of(message.transaction),
    });
  }
}

export const MessageConnection = ConnectionType('Message', MessageType);

@ObjectType({ description: "The agent's answer to a message." })
export class SentMessage {
  @Field(() => ID, { description: "The agent reply's message id." })
  messageId!: string;

  @Field(() => String)
  sessionId!: string;

  @Field(() => IntentType)
  intent!: IntentType;

  @Field(() => String, { description: 'The reply text.' })
  response!: string;

  @Field(() => TransactionDetailsType, { nullable: true })
  transaction!: TransactionDetailsType | null;

  @Field(() => Date)
  timestamp!: Date;
}

@InputType()
export class SendMessageInput {
  @Field(() => String)
  sessionId!: string;

  @Field(() => String, { description: 'A command in plain language, 1 to 500 characters.' })
  message!: string;

  @Field(() => Int, { nullable: true, description: 'Slippage tolerance in basis points, 0 to 5000; default 50.' })
  slippage?: number | null;
}
