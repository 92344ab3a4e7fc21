import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { toConnection, type Connection } from '../shared/connection.type';
import { TransactionDetailsType } from '../transactions/transaction-details.type';
import { IntentType, MessageConnection, MessageType, SendMessageInput, SentMessage } from './message.type';

@Resolver()
export class MessageResolver {
  @Authorized('write:messages')
  @Mutation(() => SentMessage, { description: 'Sends a command in plain language to the agent; stores it and the reply (both pushed to messageAdded subscribers). A command the agent cannot act on is `parsing_error` with `details.reason` and stores nothing.' })
  async sendMessage(@Arg('input', () => SendMessageInput, { description: 'The session, the command and an optional slippage.' }) input: SendMessageInput, @Ctx() ctx: Context): Promise<SentMessage> {
    const turn = await ctx.messages.send(principalOf(ctx), input);
    return {
      messageId: turn.reply.id,
      sessionId: turn.sessionId,
      intent: IntentType.of(turn.user.intent),
      response: turn.reply.content,
      transaction: turn.transaction && TransactionDetailsType.of(turn.transaction),
      timestamp: turn.reply.timestamp,
    };
  }

  @Authorized('read:messages')
  @Query(() => MessageConnection, { description: "A session's history, oldest first." })
  async messages(
    @Arg('sessionId', () => String, { description: 'A session of your account (`session_…`); terminated ones stay readable.' }) sessionId: string,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: 'Page size: 1 to 100; default 50.' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: '`pageInfo.endCursor` of the previous page; omit for the first page.' }) after?: string,
  ): Promise<Connection<MessageType>> {
    return toConnection(await ctx.messages.history(principalOf(ctx), sessionId, first, after), MessageType.of);
  }
}
