import type { Redis } from 'ioredis';
import type { Logger } from '../shared/logger';

/** The Redis connections RedisEvents uses (RedisLink owns them): one for commands, one subscribed. */
export interface RedisConnections {
  client: Redis;
  subscriber: Redis;
  /** Whether Redis answers now. */
  readonly ready: boolean;
}

/**
 * The live events behind GraphQL subscriptions: a publisher says what happened on a topic
 * (`session:<id>`, `transaction:<id>`), and every listener of that topic on every node hears
 * it once, in the order it was published. In-process by default; through Redis pub/sub with
 * REDIS_URL, so a subscriber on one node hears what another node stored. One instance lives as
 * long as the service.
 *
 * Delivery is at most once and not stored: a listener hears what is published while it
 * listens. Subscriptions read the current state first where it matters (a transaction's
 * status), so nothing that happened before they listened is lost to them.
 */
export interface LiveEvents {
  /** Sends `event` (a JSON value) to the topic's listeners. Never throws: a failure is logged. */
  publish(topic: string, event: unknown): void;
  /** Calls `listener` with each event of the topic, from when the promise resolves; the result stops it. */
  listen(topic: string, listener: (event: unknown) => void): Promise<() => void>;
  /** Listeners of a topic on this node (tests and the bench wait on it). */
  listeners(topic: string): number;
  close(): Promise<void>;
}

export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
export const transactionTopic = (transactionId: string) => `transaction:${transactionId}`;

/** Listeners of each topic, called in the order they started listening. */
class Topics {
  private readonly byTopic = new Map<string, Set<(event: unknown) => void>>();

  /** Adds a listener; true when it is the topic's first. */
  add(topic: string, listener: (event: unknown) => void): boolean {
    const listeners = this.byTopic.get(topic);
    if (listeners) {
      listeners.add(listener);
      return false;
    }
    this.byTopic.set(topic, new Set([listener]));
    return true;
  }

  /** Removes a listener; true when it was the topic's last. */
  remove(topic: string, listener: (event: unknown) => void): boolean {
    const listeners = this.byTopic.get(topic);
    if (!listeners?.delete(listener) || listeners.size > 0) return false;
    this.byTopic.delete(topic);
    return true;
  }

  count(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  /** Delivers to this node's listeners only, as Redis would deliver: a copy, after the publisher's turn. */
  deliverHere(topic: string, event: unknown, logger: Logger): void {
    // Most turns have no subscriber: nothing to copy or deliver.
    if (this.count(topic) === 0) return;
    // A copy through JSON, as Redis would deliver it: listeners never share the publisher's objects.
    const copy = JSON.parse(JSON.stringify(event)) as unknown;
    // After the publisher's synchronous turn, as Redis would, but at once: a subscriber hears the
    // reply before the sender's HTTP answer is written. Delivering in the next check phase
    // (setImmediate) let that answer go first but made subscribers wait behind other I/O
    // (bench:subscriptions, 100 subscribers: reply p50 ~17-27 ms against ~17-23 ms, on a loaded host).
    queueMicrotask(() => this.deliver(topic, copy, logger));
  }

  deliver(topic: string, event: unknown, logger: Logger): void {
    const listeners = this.byTopic.get(topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error, topic }, 'live event listener failed');
      }
    }
  }
}

/** Events within this process (one node). */
export class InProcessEvents implements LiveEvents {
  private readonly topics = new Topics();

  constructor(private readonly logger: Logger) {}

  publish(topic: string, event: unknown): void {
    this.topics.deliverHere(topic, event, this.logger);
  }

  async listen(topic: string, listener: (event: unknown) => void): Promise<() => void> {
    this.topics.add(topic, listener);
    return () => void this.topics.remove(topic, listener);
  }

  listeners(topic: string): number {
    return this.topics.count(topic);
  }

  async close(): Promise<void> {}
}

/**
 * Events across nodes through Redis pub/sub: one channel per topic (`parley:live:<topic>`),
 * published on the service's Redis connection and heard on one subscriber connection per node,
 * which subscribes to a channel while this node has a listener of it. A node hears its own
 * events through Redis too, so each listener hears each event once. Redis delivers a channel's
 * messages in the order one connection published them.
 *
 * While Redis does not answer, events stay in this process (as InProcessEvents), and listening
 * starts at once; the subscriber connection subscribes when Redis is back.
 */
export class RedisEvents implements LiveEvents {
  private readonly topics = new Topics();
  private readonly subscriber: Redis;
  /** The SUBSCRIBE of a channel in flight: listening starts once Redis has confirmed it. */
  private readonly subscribing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly redis: RedisConnections,
    private readonly logger: Logger,
    private readonly prefix = 'parley:live:',
  ) {
    this.subscriber = redis.subscriber;
    this.subscriber.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch (error) {
        logger.error({ err: error, channel }, 'unreadable live event');
        return;
      }
      this.topics.deliver(channel.slice(this.prefix.length), event, logger);
    });
  }

  publish(topic: string, event: unknown): void {
    if (!this.redis.ready) return this.topics.deliverHere(topic, event, this.logger);
    this.redis.client.publish(this.prefix + topic, JSON.stringify(event)).catch((error: unknown) => {
      this.logger.warn({ err: error, topic }, 'publishing a live event through redis failed; delivered on this node only');
      this.topics.deliverHere(topic, event, this.logger);
    });
  }

  async listen(topic: string, listener: (event: unknown) => void): Promise<() => void> {
    const channel = this.prefix + topic;
    if (this.topics.add(topic, listener)) {
      const subscribed = this.subscriber.subscribe(channel);
      this.subscribing.set(channel, subscribed);
      subscribed.finally(() => {
        if (this.subscribing.get(channel) === subscribed) this.subscribing.delete(channel);
      }).catch(() => undefined);
    }
    try {
      if (this.redis.ready) await this.subscribing.get(channel);
    } catch (error) {
      this.stop(topic, listener);
      throw error;
    }
    return () => this.stop(topic, listener);
  }

  private stop(topic: string, listener: (event: unknown) => void): void {
    // Commands on one connection run in order: a SUBSCRIBE sent after this UNSUBSCRIBE wins.
    if (this.topics.remove(topic, listener)) {
      this.subscriber.unsubscribe(this.prefix + topic).catch((error: unknown) => this.logger.warn({ err: error, topic }, 'redis unsubscribe failed'));
    }
  }

  listeners(topic: string): number {
    return this.topics.count(topic);
  }

  async close(): Promise<void> {
    this.subscriber.removeAllListeners('message');
  }
}
