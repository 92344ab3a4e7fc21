import DataLoader from 'dataloader';
import type { MessageView } from './message.entity';
import type { MessageRepository } from './message.repository';

/**
 * Per-request loaders for message fields under a list of sessions: every session's latest
 * message (one statement). Built with the request's context, never shared. (Pages of history
 * are read through the shared repository's `page`, batched across concurrent requests.)
 */
export function createMessageLoaders(messages: MessageRepository) {
  return {
    latest: new DataLoader<string, MessageView | null>(async (sessionIds) => {
      const latest = new Map((await messages.latestOf(sessionIds)).map((message) => [message.sessionId, message]));
      return sessionIds.map((id) => latest.get(id) ?? null);
    }),
  };
}
