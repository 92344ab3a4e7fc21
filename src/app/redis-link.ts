import { Redis } from 'ioredis';
import type { Logger } from '../shared/logger';
import { StartupError, whereOf } from './startup-error';

/** How long a command waits for Redis before the caller falls back (in-memory limits, in-process events). */
const COMMAND_TIMEOUT_MS = 500;
/** The longest pause between reconnection attempts: the service is back on Redis within about this of its return. */
const MAX_RECONNECT_DELAY_MS = 250;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The service's connections to Redis (REDIS_URL), and the one owner of their lifecycle: the
 * command connection (rate-limit counters, publishing live events) and the subscriber
 * connection of the live events. While Redis does not answer, `ready` is false: the usage
 * meter counts in memory and live events stay in this process; both go back to Redis by
 * themselves once it answers again. Each change is logged and told to `onChange` (the
 * `parley_dependency_up` metric). One instance lives as long as the service.
 */
export class RedisLink {
  readonly client: Redis;
  readonly subscriber: Redis;
  private state: 'starting' | 'up' | 'down' | 'closed' = 'starting';

  private constructor(
    url: string,
    private readonly logger: Logger,
    private readonly onChange: (up: boolean) => void,
  ) {
    const options = {
      // A command to a Redis that is away fails at once rather than wait for it in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
      lazyConnect: true,
      enableAutoPipelining: true,
    };
    this.client = new Redis(url, options);
    // A connection in subscriber mode can do nothing else; it queues SUBSCRIBEs while Redis is
    // away and subscribes again to every channel after a reconnect.
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
    this.client.on('ready', () => this.change(true));
    this.client.on('close', () => this.change(false));
    this.client.on('error', (error) => this.state === 'up' && logger.warn({ err: error }, 'redis connection error'));
    this.subscriber.on('error', () => undefined);
  }

  /**
   * Connects both connections, or throws a StartupError naming Redis and where it was looked
   * for (never its password) within CONNECT_TIMEOUT_MS.
   */
  static async connect(url: string, logger: Logger, onChange: (up: boolean) => void = () => undefined): Promise<RedisLink> {
    const link = new RedisLink(url, logger, onChange);
    // connect() rejects with "Connection is closed."; the socket's error says why.
    let reason: unknown;
    link.client.once('error', (error) => (reason = error));
    try {
      await Promise.all([link.client.connect(), link.subscriber.connect()]);
    } catch (error) {
      link.client.disconnect();
      link.subscriber.disconnect();
      throw new StartupError(`Redis at ${whereOf(url)} is unreachable`, reason ?? error);
    }
    return link;
  }

  /** Whether Redis answers now (the command connection is ready). */
  get ready(): boolean {
    return this.state === 'up';
  }

  /** A PING, for /health/ready: throws when Redis does not answer in time. */
  async check(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.subscriber.disconnect();
    if (this.client.status !== 'ready') return this.client.disconnect();
    // QUIT is sent at once, PING behind what auto-pipelining still holds (a turn's event): all of it goes out first.
    await this.client.ping().catch(() => undefined);
    await this.client.quit().catch(() => undefined);
  }

  private change(up: boolean): void {
    const was = this.state;
    if (was === 'closed' || was === (up ? 'up' : 'down')) return;
    this.state = up ? 'up' : 'down';
    this.onChange(up);
    if (was === 'starting') return;
    if (up) this.logger.info('redis is back: rate limits and live events are shared again');
    else this.logger.warn('redis is unreachable: rate limits are counted in memory on each node, live events stay in this process');
  }
}
