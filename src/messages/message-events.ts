import type { MessageView } from './message.entity';

/**
 * What `messageAdded` subscribers hear: the messages one turn stored (the user's message, then
 * the agent's reply), in one event so that they arrive together and in order, with the
 * session's account so that no listener can be handed another account's messages. Published
 * on `sessionTopic(sessionId)` by MessageService once the turn is stored.
 */
export interface MessagesEvent {
  accountId: string;
  sessionId: string;
  messages: MessageView[];
}

/** A message back from JSON: its timestamp becomes a date again. */
export function reviveMessage(json: MessageView): MessageView {
  return { ...json, timestamp: new Date(json.timestamp) };
}
