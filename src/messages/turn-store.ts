import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Message } from './message.entity';
import type { NewTurn, TurnContext, TurnKey } from './message.repository';

// Turns stored (or contexts read) by one statement at most.
const MAX_BATCH = 100;
// Statements of one kind under way at once; what arrives meanwhile waits for the next one.
const MAX_IN_FLIGHT = 2;

/**
 * Reads and stores the turns of concurrent requests together: the context reads that arrive
 * while earlier ones are under way go to the database as one statement, and so do the turns to
 * store. Under load a statement serves dozens of turns (PostgreSQL's cost and a hot session's
 * row lock are paid per statement, not per turn); alone, a turn waits for nothing. Each turn
 * gets its own answer: a failed statement is retried turn by turn, so one turn's failure never
 * fails another's. One instance lives as long as the service and is shared by every request.
 */
export class TurnStore {
  private readonly contexts: DataLoader<TurnKey, TurnContext | null>;
  private readonly appends: DataLoader<NewTurn, number | null>;

  /** `contextIntents`: how many earlier intents a context holds (see `turnContexts`). */
  constructor(em: EntityManager, contextIntents: number) {
    const messages = em.fork().getRepository(Message);
    this.contexts = coalescing((keys) => messages.turnContexts(keys, contextIntents));
    this.appends = coalescing((turns) => messages.appendTurns(turns));
  }

  /** The session (of this account) a new message is for, with its recent intents; null if none. */
  context(accountId: string, sessionId: string): Promise<TurnContext | null> {
    return this.contexts.load({ accountId, sessionId });
  }

  /** Stores a turn (see `appendTurns`): the reply's position, or null when nothing was stored. */
  append(turn: NewTurn): Promise<number | null> {
    return this.appends.load(turn);
  }
}

/**
 * A DataLoader without a cache, shared across requests, whose batch is sent when fewer than
 * MAX_IN_FLIGHT of its statements are under way, and otherwise when one of them ends.
 */
function coalescing<K, V>(run: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  return new DataLoader<K, V>(
    async (keys) => {
      inFlight++;
      try {
        return await oneByOneOnFailure(keys, run);
      } finally {
        inFlight--;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (send) => {
        if (inFlight < MAX_IN_FLIGHT) setImmediate(send);
        else waiting.push(send);
      },
    },
  );
}

/**
 * Runs the batch; if its statement fails, runs each key alone, in order (turns keep the order
 * they came in), so only the failing ones fail.
 */
async function oneByOneOnFailure<K, V>(keys: readonly K[], run: (keys: readonly K[]) => Promise<V[]>): Promise<Array<V | Error>> {
  try {
    return await run(keys);
  } catch (error) {
    if (keys.length === 1) throw error;
    const results: Array<V | Error> = [];
    for (const key of keys) results.push(await run([key]).then(([value]) => value, (failure: Error) => failure));
    return results;
  }
}
