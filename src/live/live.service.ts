import type { EntityManager } from '@mikro-orm/postgresql';
import { reachesSession, type Principal } from '../auth/principal';
import type { MessageView } from '../messages/message.entity';
import { reviveMessage, type MessagesEvent } from '../messages/message-events';
import type { SessionRepository } from '../sessions/session.repository';
import { sessionStatusAt } from '../sessions/session.entity';
import { sessionNotFound } from '../sessions/session.service';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { TransactionRecord } from '../transactions/transaction-record.entity';
import { FINAL_STATUSES, progressOf, reviveSnapshot, snapshotOf, type TransactionEvent, type TransactionSnapshot } from '../transactions/transaction-events';
import { EventStream } from './event-stream';
import { sessionTopic, transactionTopic, type LiveEvents } from './live-events';

/**
 * The streams behind GraphQL subscriptions, with the same account scoping as the queries: a
 * session or transaction of another account is not found, and each event is checked against
 * the subscriber's account again. Built per subscription (its context); each stream lives
 * until the client completes it, the socket closes or, for a transaction, a final status.
 */
export class LiveService {
  constructor(
    private readonly events: LiveEvents,
    private readonly sessions: SessionRepository,
    private readonly em: () => EntityManager,
    private readonly clock: Clock,
    /** Subscribers a topic may have on this node: one session's turns fan out to at most this many. */
    private readonly subscribersPerTopic: number,
  ) {}

  /**
   * 429 when the topic streams to as many subscribers as it may. Called right before `listen`,
   * with no await between, so that subscribes arriving together cannot all pass at the last place.
   */
  private admitSubscriber(topic: string, what: string): void {
    if (this.events.listeners(topic) < this.subscribersPerTopic) return;
    throw new DomainError('rate_limit_exceeded', `This ${what} already streams to ${this.subscribersPerTopic} subscribers, the most it may`, {
      details: { limit: this.subscribersPerTopic },
    });
  }

  /**
   * Each message stored in the session from now on: a turn's user message, then its reply.
   * The session must be the caller's and not expired (as for its history); a terminated
   * session can be subscribed to, though nothing more will come.
   */
  async messagesOf(principal: Principal, sessionId: string): Promise<EventStream<MessageView>> {
    const session = reachesSession(principal, sessionId) ? await this.sessions.owned(principal.accountId, sessionId) : null;
    if (!session || sessionStatusAt(session, this.clock.now()) === 'expired') throw sessionNotFound(sessionId);
    let stop = () => undefined as void;
    const stream = new EventStream<MessageView>(() => stop());
    this.admitSubscriber(sessionTopic(session.id), 'session');
    stop = await this.events.listen(sessionTopic(session.id), (event) => {
      const { accountId, messages } = event as MessagesEvent;
      if (accountId !== principal.accountId) return;
      for (const message of messages) stream.push(reviveMessage(message));
    });
    return stream;
  }

  /**
   * The transaction as it stands, then each change of its status, ending after a final one
   * (confirmed, failed, expired, replaced). Listening starts before the read, so no change
   * between the two is missed; a change heard twice (in the read and as an event) is passed on
   * once.
   */
  async transactionOf(principal: Principal, transactionId: string): Promise<EventStream<TransactionSnapshot>> {
    let stream: EventStream<TransactionSnapshot> | null = null;
    const early: TransactionSnapshot[] = [];
    let progress = -1;
    const offer = (snapshot: TransactionSnapshot) => {
      if (!stream) return void early.push(snapshot);
      const reached = progressOf(snapshot.status);
      if (reached <= progress) return;
      progress = reached;
      stream.push(snapshot);
      if (FINAL_STATUSES.has(snapshot.status)) stream.end();
    };
    this.admitSubscriber(transactionTopic(transactionId), 'transaction');
    const stop = await this.events.listen(transactionTopic(transactionId), (event) => {
      const { accountId, transaction } = event as TransactionEvent;
      if (accountId === principal.accountId) offer(reviveSnapshot(transaction as unknown as Record<string, unknown>));
    });
    let record: TransactionRecord | null;
    try {
      record = await this.em().getRepository(TransactionRecord).findOne({ id: transactionId, account: principal.accountId });
    } catch (error) {
      stop();
      throw error;
    }
    if (!record || !reachesSession(principal, record.session.id)) {
      stop();
      throw new DomainError('transaction_not_found', `Transaction "${transactionId.slice(0, 64)}" not found`);
    }
    stream = new EventStream<TransactionSnapshot>(stop);
    offer(reviveSnapshot(snapshotOf(record)));
    for (const snapshot of early) offer(snapshot);
    return stream;
  }
}
