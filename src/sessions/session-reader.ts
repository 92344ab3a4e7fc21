import type DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { coalescingLoader } from '../shared/coalescing';
import { Session, type SessionView } from './session.entity';
import type { OwnedSession, SessionPageQuery } from './session.repository';

/**
 * Reads the sessions, and the pages of sessions, that concurrent requests ask for together (see
 * `coalescingLoader`): one statement for all the reads of a kind that arrive while earlier ones
 * are under way. Every read names its account, which the SQL matches. One instance lives as
 * long as the service and is shared by every request.
 */
export class SessionReader {
  private readonly views: DataLoader<OwnedSession, SessionView | null>;
  private readonly pages: DataLoader<SessionPageQuery, SessionView[]>;

  constructor(em: EntityManager) {
    const sessions = em.fork().getRepository(Session);
    this.views = coalescingLoader((keys) => sessions.findOwned(keys));
    this.pages = coalescingLoader((queries) => sessions.pagesFor(queries));
  }

  /** Up to `limit` of the account's sessions after the (createdAt, id) cursor, newest first (see `pagesFor`). */
  page(query: SessionPageQuery): Promise<SessionView[]> {
    return this.pages.load(query);
  }

  /** The account's session `id` as it is now, whatever its status; null if the account has none. */
  owned(accountId: string, id: string): Promise<SessionView | null> {
    return this.views.load({ accountId, id });
  }
}
