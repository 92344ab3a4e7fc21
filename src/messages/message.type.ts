import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Intent, IntentAction, QuerySubject, TransactionDetails } from '../agent/intent';
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

@ObjectType('BalanceChange', { description: "A change of one token's balance in the session wallet. Amounts are integer strings in base units." })
export class BalanceChangeType {
  @Field(() => String)
  mint!: string;

  @Field(() => String)
  symbol!: string;

  @Field(() => Int)
  decimals!: number;

  @Field(() => String, { description: 'The balance now, as the portfolio shows it.' })
  before!: string;

  @Field(() => String, { description: 'The balance once the transaction lands.' })
  after!: string;

  @Field(() => String, { description: 'Signed: after − before. For SOL it includes the network fee and any rent the wallet pays.' })
  change!: string;
}

@ObjectType('TransactionPreview', { description: 'What the transaction does to the session wallet, from simulating it unsigned on the chain.' })
export class TransactionPreviewType {
  @Field(() => Boolean, { description: 'True: the figures come from a simulation of this very transaction.' })
  simulated!: boolean;

  @Field(() => [BalanceChangeType], { description: "The wallet's tokens whose balance changes; SOL includes the fee." })
  balanceChanges!: BalanceChangeType[];

  @Field(() => String, { description: 'The network fee in lamports (integer string), base and priority.' })
  feeLamports!: string;

  @Field(() => Int, { description: 'Compute units the simulation used.' })
  computeUnits!: number;

  @Field(() => [String], { description: 'Things to know before signing (accounts created and their rent, the local pool, little SOL left).' })
  warnings!: string[];
}

@ObjectType('TransactionDetails', { description: 'A transaction built for the wallet to sign. Parley never signs.' })
export class TransactionDetailsType {
  @Field(() => ID, { nullable: true, description: 'The stored record: GET /v1/transactions/{id}; submit it signed with POST /v1/transactions/{id}/submit.' })
  transactionId?: string;

  @Field(() => String, { description: '`swap` or `transfer`.' })
  type!: string;

  @Field(() => GraphQLJSONObject)
  parameters!: Record<string, unknown>;

  @Field(() => GraphQLJSONObject, { nullable: true })
  route?: Record<string, unknown>;

  @Field(() => String, { nullable: true, description: 'Base64 of the unsigned transaction.' })
  serializedTransaction?: string;

  @Field(() => Float, { nullable: true })
  lastValidBlockHeight?: number;

  @Field(() => TransactionPreviewType, { nullable: true, description: 'The balance changes, fee and compute units from simulating the transaction; absent for a quote-only swap.' })
  preview?: TransactionPreviewType;

  @Field(() => String, { nullable: true, description: 'One line to confirm before signing: action, amounts in human and base units, the bound after slippage, fee, wallet, network.' })
  summary?: string;

  @Field(() => Date, { nullable: true, description: 'After this time, refresh the transaction (POST /v1/transactions/{id}/refresh) instead of signing it.' })
  expiresAt?: Date;

  static of(details: TransactionDetails): TransactionDetailsType {
    return Object.assign(new TransactionDetailsType(), details, details.expiresAt ? { expiresAt: new Date(details.expiresAt) } : {});
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
