import type DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { coalescingLoader } from '../shared/coalescing';
import { Message, type MessageView } from './message.entity';
import type { PageQuery } from './message.repository';

/**
 * Reads the pages of history that concurrent requests ask for together (see
 * `coalescingLoader`): one statement for all the pages asked while earlier ones are under way,
 * whatever their sessions, sizes and cursors. One instance lives as long as the service and is
 * shared by every request; a caller reads only sessions it has found to be its account's.
 */
export class MessagePages {
  private readonly pages: DataLoader<PageQuery, MessageView[]>;

  constructor(em: EntityManager) {
    const messages = em.fork().getRepository(Message);
    this.pages = coalescingLoader((queries) => messages.pagesFor(queries));
  }

  /** Up to `limit` messages of the session after the (timestamp, seq) cursor, oldest first. */
  read(sessionId: string, limit: number, after?: [string, number]): Promise<MessageView[]> {
    return this.pages.load({ sessionId, limit, after });
  }
}
