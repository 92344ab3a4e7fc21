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
registerEnumType(IntentActionValue, {
  name: 'IntentAction',
  description: 'What a command asks for.',
  valuesConfig: {
    swap: { description: 'Exchange one token for another: the reply carries a quote (and, where the quote provider builds one, a transaction).' },
    transfer: { description: 'Send a token to an address: the reply carries an unsigned transaction for the session wallet to sign.' },
    query: { description: 'A question (balance, portfolio, price, help): answered in the reply; no transaction.' },
  },
});

enum QuerySubjectValue {
  balance = 'balance',
  portfolio = 'portfolio',
  price = 'price',
  help = 'help',
}
registerEnumType(QuerySubjectValue, {
  name: 'QuerySubject',
  description: 'What a `query` intent asks about.',
  valuesConfig: {
    balance: { description: "The session wallet's balance of one token (`intent.token`) or of SOL." },
    portfolio: { description: "The session wallet's holdings and their USD value." },
    price: { description: "A token's USD price (`intent.token`), or several tokens' (`intent.tokens`)." },
    help: { description: 'What the agent can do.' },
  },
});

enum MessageRoleValue {
  user = 'user',
  agent = 'agent',
}
registerEnumType(MessageRoleValue, {
  name: 'MessageRole',
  description: 'Who wrote a message.',
  valuesConfig: {
    user: { description: 'The command sent with sendMessage.' },
    agent: { description: "The agent's reply." },
  },
});

@ObjectType({ description: 'What the agent understood from a message.' })
export class IntentType {
  @Field(() => IntentActionValue, { description: 'What the command asks for.' })
  action!: IntentAction;

  @Field(() => Float, { description: 'In [0, 1].' })
  confidence!: number;

  @Field(() => QuerySubjectValue, { nullable: true, description: 'For queries: what is asked about.' })
  subject?: QuerySubject;

  @Field(() => String, { nullable: true, description: 'For queries about one token.' })
  token?: string;

  @Field(() => [String], { nullable: true, description: 'For a price asked of several tokens at once ("price of SOL, JUP and BONK"): their symbols, in the order said.' })
  tokens?: string[];

  static of(intent: Intent): IntentType {
    return Object.assign(new IntentType(), intent);
  }
}

@ObjectType('Message', { description: 'One message of a session: a command or the reply to it.' })
export class MessageType {
  @Field(() => ID, { description: '`msg_` followed by 16 base62 characters.' })
  messageId!: string;

  @Field(() => MessageRoleValue, { description: '`user` for the command, `agent` for the reply.' })
  role!: MessageRole;

  @Field(() => String, { description: 'The text: the command as sent (trimmed), or the reply.' })
  content!: string;

  @Field(() => Date, { description: 'When the turn was stored (ISO 8601, UTC); a command and its reply share it, and the reply comes after in history.' })
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

  @Field(() => String, { description: 'The session the turn was stored in.' })
  sessionId!: string;

  @Field(() => IntentType, { description: 'What the agent understood from the command.' })
  intent!: IntentType;

  @Field(() => String, { description: 'The reply text.' })
  response!: string;

  @Field(() => TransactionDetailsType, { nullable: true, description: 'The transaction built for a swap or transfer; null for queries.' })
  transaction!: TransactionDetailsType | null;

  @Field(() => Date, { description: 'When the turn was stored (ISO 8601, UTC).' })
  timestamp!: Date;
}

@InputType({ description: 'A command for the agent, in a session of your account.' })
export class SendMessageInput {
  @Field(() => String, { description: 'An active session of your account (`session_…`).' })
  sessionId!: string;

  @Field(() => String, { description: 'A command in plain language, 1 to 500 characters.' })
  message!: string;

  @Field(() => Int, { nullable: true, description: 'Slippage tolerance in basis points, 0 to 5000; default 50.' })
  slippage?: number | null;
}
