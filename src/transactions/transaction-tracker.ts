import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChainGateway } from '../chain/chain-gateway';
import type { LiveEvents } from '../live/live-events';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { Network } from '../tokens/token-registry';
import { TransactionRecord } from './transaction-record.entity';
import { TransactionService } from './transaction.service';

/**
 * Waits before each look at a submitted transaction's signature: quick at first (a local
 * ledger or a fast cluster confirms in well under a second), then backing off to every 10 s.
 * About 3 minutes in all, past a blockhash's lifetime (~150 blocks, 60–90 s on mainnet), so a
 * transaction that never lands is found `expired` before the tracker gives up on it.
 */
export const TRACKING_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000, ...Array<number>(16).fill(10_000)];

/** Submitted transactions resumed at start-up, oldest first (the rest wait for a GET of theirs). */
const RESUMED_AT_MOST = 1_000;

/**
 * Follows each submitted transaction to a final status by itself: after `submit`, it looks at
 * the signature on the chain with the delays above, and each change it makes is published to
 * `transactionUpdated` subscribers (by TransactionService, whose conditional updates make one
 * node's change count once when several follow the same transaction). A chain error on a look
 * is logged and the next look goes ahead. After the last delay it stops; a GET of the
 * transaction looks again and follows it anew. At start-up `resume` picks up the transactions
 * left `submitted` by a previous run. One instance lives as long as the service.
 */
export class TransactionTracker {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly looking = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
    private readonly chains: Record<Network, ChainGateway>,
    private readonly events: LiveEvents,
    private readonly logger: Logger,
    private readonly delays: readonly number[] = TRACKING_DELAYS_MS,
  ) {}

  /** Starts following a submitted transaction, unless it is followed already. */
  follow(transactionId: string): void {
    if (this.stopped || this.timers.has(transactionId)) return;
    this.plan(transactionId, 0);
  }

  /** Transactions being followed (tests). */
  get size(): number {
    return this.timers.size;
  }

  /** Follows the transactions a previous run left `submitted`; resolves with how many. */
  async resume(): Promise<number> {
    const pending = await this.orm.em
      .fork()
      .find(TransactionRecord, { status: 'submitted' }, { fields: ['id'], orderBy: { submittedAt: 'asc' }, limit: RESUMED_AT_MOST });
    for (const record of pending) this.follow(record.id);
    if (pending.length) this.logger.info({ transactions: pending.length }, 'resumed tracking submitted transactions');
    return pending.length;
  }

  /** Stops every timer and waits for the looks under way, so the database can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.looking]);
  }

  private plan(transactionId: string, attempt: number): void {
    const delay = this.delays[attempt];
    if (delay === undefined) {
      this.timers.delete(transactionId);
      this.logger.warn({ transactionId, attempts: attempt }, 'transaction still unconfirmed; tracking stopped (a GET of it looks again)');
      return;
    }
    const timer = setTimeout(() => {
      const look = this.look(transactionId, attempt).finally(() => this.looking.delete(look));
      this.looking.add(look);
    }, delay);
    // A pending look never keeps the process alive on its own.
    timer.unref();
    this.timers.set(transactionId, timer);
  }

  private async look(transactionId: string, attempt: number): Promise<void> {
    let status: string | null = 'submitted';
    try {
      status = await new TransactionService(this.orm.em.fork(), this.clock, this.chains, this.events).recheck(transactionId);
    } catch (error) {
      this.logger.warn({ err: error, transactionId, attempt }, 'looking at a submitted transaction failed; trying again');
    }
    if (this.stopped) return;
    if (status === 'submitted') this.plan(transactionId, attempt + 1);
    else this.timers.delete(transactionId);
  }
}
