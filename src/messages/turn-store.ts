import type DataLoader from 'dataloader';
import type { Pending } from '../agent/command';
import type { EntityManager } from '@mikro-orm/postgresql';
import { coalescingLoader } from '../shared/coalescing';
import { Message } from './message.entity';
import type { NewTurn, TurnContext, TurnKey } from './message.repository';

/**
 * Reads and stores the turns of concurrent requests together (see `coalescingLoader`): the
 * context reads that arrive while earlier ones are under way go to the database as one
 * statement, and so do the turns to store, which keep the order they came in (a batch that
 * fails on one turn's values is run turn by turn). One instance lives as long as the service
 * and is shared by every request.
 */
export class TurnStore {
  private readonly contexts: DataLoader<TurnKey, TurnContext | null>;
  private readonly appends: DataLoader<NewTurn, number | null>;

  /** `contextIntents`: how many earlier intents a context holds (see `turnContexts`). */
  private readonly messages;

  constructor(em: EntityManager, contextIntents: number) {
    const messages = em.fork().getRepository(Message);
    this.messages = messages;
    this.contexts = coalescingLoader((keys) => messages.turnContexts(keys, contextIntents));
    this.appends = coalescingLoader((turns) => messages.appendTurns(turns));
  }

  /** The session (of this account) a new message is for, with its recent intents; null if none. */
  context(accountId: string, sessionId: string): Promise<TurnContext | null> {
    return this.contexts.load({ accountId, sessionId });
  }

  /** Keeps or drops the session's pending command (rare: only around clarifying questions, so not batched). */
  keepPending(accountId: string, sessionId: string, pending: Pending | null): Promise<void> {
    return this.messages.keepPending(accountId, sessionId, pending);
  }

  /** Stores a turn (see `appendTurns`): the reply's position, or null when nothing was stored. */
  append(turn: NewTurn): Promise<number | null> {
    return this.appends.load(turn);
  }
}
