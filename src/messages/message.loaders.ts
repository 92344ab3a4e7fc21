import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Message, type MessageView } from './message.entity';

/**
 * Per-request loaders for message fields under a list of sessions: every session's latest
 * message (one statement). Built with the request's context, never shared. (Pages of history
 * are read through the shared repository's `page`, batched across concurrent requests.)
 */
export function createMessageLoaders(em: EntityManager) {
  const messages = em.getRepository(Message);
  return {
    latest: new DataLoader<string, MessageView | null>(async (sessionIds) => {
      const latest = new Map((await messages.latestOf(sessionIds)).map((message) => [message.sessionId, message]));
      return sessionIds.map((id) => latest.get(id) ?? null);
    }),
  };
}
