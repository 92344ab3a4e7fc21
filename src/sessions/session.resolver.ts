import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { decodeMessageCursor } from '../messages/message.service';
import { MessageConnection, MessageType } from '../messages/message.type';
import { toConnection, type Connection } from '../shared/connection.type';
import { pageSize } from '../shared/pagination';
import type { SessionStatus } from './session.entity';
import { CreateSessionInput, SessionConnection, SessionStatusValue, SessionType, TerminatedSession } from './session.type';

@Resolver(() => SessionType)
export class SessionResolver {
  @Authorized('write:sessions')
  @Mutation(() => SessionType, { description: 'Opens a session bound to a wallet.' })
  async createSession(@Arg('input', () => CreateSessionInput, { description: 'The wallet and optional client metadata.' }) input: CreateSessionInput, @Ctx() ctx: Context): Promise<SessionType> {
    return SessionType.of(await ctx.sessions.create(principalOf(ctx), input), ctx.now);
  }

  @Authorized('write:sessions')
  @Query(() => SessionType, { description: 'A session of your account; expired ones are not found.' })
  async session(@Arg('id', () => ID, { description: 'The session (`session_…`).' }) id: string, @Ctx() ctx: Context): Promise<SessionType> {
    return SessionType.of(await ctx.sessions.get(principalOf(ctx), id), ctx.now);
  }

  @Authorized('write:sessions')
  @Query(() => SessionConnection, { description: 'Sessions of your account, newest first.' })
  async sessions(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: 'Page size: 1 to 100; default 50.' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: '`pageInfo.endCursor` of the previous page; omit for the first page.' }) after?: string,
    @Arg('status', () => SessionStatusValue, { nullable: true, description: 'Only sessions with this status now; all when omitted.' }) status?: SessionStatus,
  ): Promise<Connection<SessionType>> {
    const page = await ctx.sessions.list(principalOf(ctx), { first, after, status });
    return toConnection(page, (session) => SessionType.of(session, ctx.now));
  }

  @Authorized('write:sessions')
  @Mutation(() => TerminatedSession, { description: 'Ends a session; a second call is session_not_found.' })
  async terminateSession(@Arg('id', () => ID, { description: 'The session to end (`session_…`).' }) id: string, @Ctx() ctx: Context): Promise<TerminatedSession> {
    const session = await ctx.sessions.terminate(principalOf(ctx), id);
    return { sessionId: session.id, status: 'terminated', terminatedAt: session.terminatedAt! };
  }

  @Authorized('read:messages')
  @FieldResolver(() => MessageConnection, { description: 'History, oldest first.' })
  async messages(
    @Root() session: SessionType,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: 'Page size: 1 to 100; default 50.' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: '`pageInfo.endCursor` of the previous page; omit for the first page.' }) after?: string,
  ): Promise<Connection<MessageType>> {
    const page = await ctx.messages.page(session.sessionId, pageSize(first), after ? decodeMessageCursor(after) : undefined);
    return toConnection(page, MessageType.of);
  }

  @Authorized('read:messages')
  @FieldResolver(() => MessageType, { nullable: true, description: 'The newest message (usually the last reply); null before the first message.' })
  async latestMessage(@Root() session: SessionType, @Ctx() ctx: Context): Promise<MessageType | null> {
    const message = await ctx.loaders.messages.latest.load(session.sessionId);
    return message && MessageType.of(message);
  }
}
