import type { Agent, AgentContext } from '../agent/agent';
import type { Intent, TransactionDetails } from '../agent/intent';
import { networkOf, reachesSession, type Principal } from '../auth/principal';
import type { UsageMeter } from '../limits/usage-meter';
import { sessionNotFound } from '../sessions/session.service';
import type { SessionRepository } from '../sessions/session.repository';
import { sessionStatusAt } from '../sessions/session.entity';
import type { Clock } from '../shared/clock';
import type { Observer } from '../shared/observer';
import { DomainError, invalidField } from '../shared/errors';
import { randomBase62 } from '../shared/ids';
import { decodeCursor, isTimeKey, pageSize, toPage, type Page } from '../shared/pagination';
import type { MessageView } from './message.entity';
import type { MessageRepository } from './message.repository';
import type { MessagesEvent } from './message-events';
import { sessionTopic, type LiveEvents } from '../live/live-events';
import { builtRecord } from '../transactions/record-fields';

export const MAX_MESSAGE_LENGTH = 500;
export const DEFAULT_SLIPPAGE_BPS = 50;
export const MAX_SLIPPAGE_BPS = 5000;
/** How many earlier intents the agent sees for follow-ups. */
export const CONTEXT_INTENTS = 5;

export interface SendMessageInput {
  sessionId: string;
  message: string;
  slippage?: number | null;
}

export interface SentTurn {
  sessionId: string;
  user: { id: string; content: string; intent: Intent; timestamp: Date };
  reply: { id: string; content: string; timestamp: Date };
  transaction: TransactionDetails | null;
}

/** Cursor key of a message: [timestamp ISO, seq]. */
export type MessageKey = [string, number];

export const messageKey = (message: MessageView): MessageKey => [message.timestamp.toISOString(), message.seq];

export function decodeMessageCursor(cursor: string): MessageKey {
  return decodeCursor(cursor, (value): value is MessageKey => isTimeKey(value) && typeof value[1] === 'number');
}

/** Sends messages to the agent and reads history. Built per request. */
export class MessageService {
  constructor(
    /** The repositories shared by every request, whose reads and writes share statements (AppDeps). */
    private readonly messages: MessageRepository,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly agent: Agent,
    private readonly meter: UsageMeter,
    /** The agent's market for a wallet, on the caller's network. */
    private readonly marketFor: (walletAddress: string) => AgentContext['market'],
    private readonly observer: Observer,
    /** Where stored turns are announced to `messageAdded` subscribers. */
    private readonly events: LiveEvents,
  ) {}

  /**
   * One turn: the agent reads the message (it may wait on quotes), then the user message, the
   * reply and any built transaction are stored and counted on the session in one statement
   * (shared with concurrent turns: see MessageRepository.appendTurn), then announced to the session's subscribers.
   * A message the agent cannot act on is 422 and stores nothing.
   */
  async send(principal: Principal, input: SendMessageInput): Promise<SentTurn> {
    const text = validMessage(input.message);
    const slippageBps = validSlippage(input.slippage);
    if (!reachesSession(principal, input.sessionId)) throw sessionNotFound(input.sessionId);
    const context = await this.messages.turnContext({ accountId: principal.accountId, sessionId: input.sessionId, intents: CONTEXT_INTENTS });
    if (!context || sessionStatusAt(context.session, this.clock.now()) !== 'active') throw sessionNotFound(input.sessionId);
    const { session, recentIntents, pending } = context;

    const outcome = await this.agent.respond(text, {
      walletAddress: session.walletAddress,
      network: networkOf(principal),
      recentIntents,
      pending,
      slippageBps,
      market: this.marketFor(session.walletAddress),
    });
    this.observer.agentOutcome(outcome.ok ? outcome.intent.action : 'none', outcome.ok ? 'answered' : 'refused');
    // A clarifying question keeps its command until the next message, which answers, replaces or drops it; a hold on the
    // next command stays through answers to questions.
    const pendingAfter = outcome.pending ?? null;
    if (pending || pendingAfter) await this.messages.keepPending(principal.accountId, session.id, pendingAfter);
    if (!outcome.ok) {
      throw new DomainError('parsing_error', outcome.reason, {
        details: { reason: outcome.reason, ...(outcome.suggestions && { suggestions: outcome.suggestions }), ...(outcome.ask && { ask: outcome.ask }) },
      });
    }
    if (outcome.transaction) await this.meter.admitTransaction(principal, this.clock.now());

    const transaction = outcome.transaction ? { ...outcome.transaction, transactionId: `tx_${randomBase62(16)}` } : null;
    const at = this.clock.now();
    const user = { id: `msg_${randomBase62(16)}`, content: text, intent: outcome.intent, timestamp: at };
    const reply = { id: `msg_${randomBase62(16)}`, content: outcome.reply, timestamp: at };
    const stored = await this.messages.appendTurn({
      accountId: principal.accountId,
      sessionId: session.id,
      at,
      user,
      reply: { ...reply, transaction },
      record: transaction && builtRecord(transaction.transactionId, transaction, networkOf(principal), outcome.valueCents ?? null),
    });
    if (stored === null) throw sessionNotFound(input.sessionId);
    // Both messages in one event: subscribers get them together, the user's first.
    const event: MessagesEvent = {
      accountId: principal.accountId,
      sessionId: session.id,
      messages: [
        { ...user, seq: stored - 1, role: 'user', transaction: null, sessionId: session.id },
        { ...reply, seq: stored, role: 'agent', intent: null, transaction, sessionId: session.id },
      ],
    };
    this.events.publish(sessionTopic(session.id), event);
    return { sessionId: session.id, user, reply, transaction };
  }

  /** A page of a session's history, oldest first. Terminated sessions keep their history. */
  async history(principal: Principal, sessionId: string, first?: number | null, after?: string | null): Promise<Page<MessageView>> {
    const size = pageSize(first);
    const cursor = after ? decodeMessageCursor(after) : undefined;
    const session = reachesSession(principal, sessionId) ? await this.sessions.owned(principal.accountId, sessionId) : null;
    if (!session || sessionStatusAt(session, this.clock.now()) === 'expired') throw sessionNotFound(sessionId);
    return this.page(session.id, size, cursor);
  }

  /** A page of a session's history, oldest first; the caller has found the session to be its account's. */
  async page(sessionId: string, size: number, after?: MessageKey): Promise<Page<MessageView>> {
    return toPage(await this.messages.page({ sessionId, limit: size + 1, after }), size, messageKey);
  }
}

/** The message as the agent reads it: trimmed, then 1 to MAX_MESSAGE_LENGTH characters (code points). */
function validMessage(message: string): string {
  const text = message.trim();
  const length = [...text].length;
  if (length === 0 || length > MAX_MESSAGE_LENGTH) {
    throw invalidField('message', `message must be 1 to ${MAX_MESSAGE_LENGTH} characters, got ${length}`);
  }
  return text;
}

function validSlippage(slippage: number | null | undefined): number {
  if (slippage === null || slippage === undefined) return DEFAULT_SLIPPAGE_BPS;
  if (!Number.isInteger(slippage) || slippage < 0 || slippage > MAX_SLIPPAGE_BPS) {
    throw invalidField('slippage', `slippage must be an integer from 0 to ${MAX_SLIPPAGE_BPS} basis points, got ${slippage}`);
  }
  return slippage;
}
