import { Arg, Authorized, ID, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import type { MessageView } from '../messages/message.entity';
import { MessageType } from '../messages/message.type';
import type { TransactionSnapshot } from '../transactions/transaction-events';
import { TransactionType } from '../transactions/transaction.type';

type Subscribe<Args> = SubscribeResolverData<unknown, Args, Context>;

/**
 * GraphQL subscriptions (over WebSocket, graphql-transport-ws: see app/websocket.ts). The
 * scope is checked when subscribing, as for a query; each event then resolves to its type.
 */
@Resolver()
export class LiveResolver {
  @Authorized('read:messages')
  @Subscription(() => MessageType, {
    description:
      "Each new message of the session, as it is stored: a turn's user message, then the agent's reply, once each and in order. " +
      'Messages stored before subscribing are not sent (read them with `messages`). ' +
      'Another account\'s or an expired session is `session_not_found`. Over WebSocket only (graphql-transport-ws at /graphql).',
    subscribe: ({ args, context }: Subscribe<{ sessionId: string }>) => context.live.messagesOf(principalOf(context), args.sessionId),
  })
  messageAdded(
    @Root() message: MessageView,
    @Arg('sessionId', () => ID, { description: 'The session to follow (`session_…`), one of this account\'s.' }) _sessionId: string,
  ): MessageType {
    return MessageType.of(message);
  }

  @Authorized('read:messages')
  @Subscription(() => TransactionType, {
    description:
      'The transaction as it stands when subscribing, then each change of its `status` (built → submitted → confirmed, failed, expired or replaced); ' +
      'the subscription completes after a final status. Another account\'s transaction is `transaction_not_found`. ' +
      'Over WebSocket only (graphql-transport-ws at /graphql).',
    subscribe: ({ args, context }: Subscribe<{ transactionId: string }>) => context.live.transactionOf(principalOf(context), args.transactionId),
  })
  transactionUpdated(
    @Root() transaction: TransactionSnapshot,
    @Arg('transactionId', () => ID, { description: 'The transaction to follow (`tx_…`), as in `TransactionDetails.transactionId`.' }) _transactionId: string,
  ): TransactionType {
    return TransactionType.of(transaction);
  }
}
