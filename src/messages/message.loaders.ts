import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { toPage, type Page } from '../shared/pagination';
import { Message, type MessageView } from './message.entity';
import { messageKey, type MessageKey } from './message.service';

export interface MessagePageKey {
  sessionId: string;
  size: number;
  after?: MessageKey;
}

/**
 * Per-request loaders for message fields under a list of sessions: every session's first
 * page (one statement for all sessions asking the same page size and cursor) and every
 * session's latest message (one statement). Built with the request's context, never shared.
 */
export function createMessageLoaders(em: EntityManager) {
  const messages = em.getRepository(Message);
  return {
    pages: new DataLoader<MessagePageKey, Page<MessageView>, string>(
      async (keys) => {
        const groups = new Map<string, MessagePageKey[]>();
        for (const key of keys) {
          const group = `${key.size}|${key.after?.join('|') ?? ''}`;
          groups.set(group, [...(groups.get(group) ?? []), key]);
        }
        const pages = new Map<string, Page<MessageView>>();
        for (const group of groups.values()) {
          const { size, after } = group[0];
          const rows = await messages.pagesFor(
            group.map((key) => key.sessionId),
            size + 1,
            after,
          );
          const bySession = new Map<string, MessageView[]>();
          for (const row of rows) bySession.set(row.sessionId, [...(bySession.get(row.sessionId) ?? []), row]);
          for (const key of group) pages.set(pageKeyId(key), toPage(bySession.get(key.sessionId) ?? [], size, messageKey));
        }
        return keys.map((key) => pages.get(pageKeyId(key))!);
      },
      { cacheKeyFn: pageKeyId },
    ),
    latest: new DataLoader<string, MessageView | null>(async (sessionIds) => {
      const latest = new Map((await messages.latestOf(sessionIds)).map((message) => [message.sessionId, message]));
      return sessionIds.map((id) => latest.get(id) ?? null);
    }),
  };
}

export type MessageLoaders = ReturnType<typeof createMessageLoaders>;

function pageKeyId(key: MessagePageKey): string {
  return `${key.sessionId}|${key.size}|${key.after?.join('|') ?? ''}`;
}
