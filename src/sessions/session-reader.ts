import type DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { coalescingLoader } from '../shared/coalescing';
import { Session, type SessionView } from './session.entity';
import type { OwnedSession } from './session.repository';

/**
 * Reads the sessions that concurrent requests ask for together (see `coalescingLoader`): one
 * statement for all the reads that arrive while earlier ones are under way. One instance lives
 * as long as the service and is shared by every request.
 */
export class SessionReader {
  private readonly views: DataLoader<OwnedSession, SessionView | null>;

  constructor(em: EntityManager) {
    const sessions = em.fork().getRepository(Session);
    this.views = coalescingLoader((keys) => sessions.findOwned(keys));
  }

  /** The account's session `id` as it is now, whatever its status; null if the account has none. */
  owned(accountId: string, id: string): Promise<SessionView | null> {
    return this.views.load({ accountId, id });
  }
}
