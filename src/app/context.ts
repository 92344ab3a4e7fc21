import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Agent } from '../agent/agent';
import { MetricsService } from '../analytics/metrics.service';
import type { ChainGateway } from '../chain/chain-gateway';
import type { LocalLedger } from '../chain/local-ledger';
import { DevService } from '../dev/dev.service';
import { networkOf, type Principal } from '../auth/principal';
import type { PrincipalCache } from '../auth/principal-cache';
import { ClientTokenService } from '../client-tokens/client-token.service';
import { KeyService } from '../keys/key.service';
import { UsageService } from '../limits/usage.service';
import type { UsageMeter } from '../limits/usage-meter';
import { createMessageLoaders } from '../messages/message.loaders';
import { WalletMarket } from '../messages/wallet-market';
import { MessageService } from '../messages/message.service';
import type { MessageRepository } from '../messages/message.repository';
import type { PriceProvider } from '../prices/price-provider';
import type { QuoteProvider } from '../quotes/quote-provider';
import { PriceService, createPriceLoader, type PriceLoader } from '../prices/price.service';
import { PortfolioService } from '../portfolio/portfolio.service';
import { TransactionService } from '../transactions/transaction.service';
import type { TransactionRecord } from '../transactions/transaction-record.entity';
import { DomainError } from '../shared/errors';
import type { Network, TokenRegistry } from '../tokens/token-registry';
import type { SessionRepository } from '../sessions/session.repository';
import { SessionService } from '../sessions/session.service';
import type { Clock } from '../shared/clock';
import type { Observer } from '../shared/observer';
import type { LiveEvents } from '../live/live-events';
import { LiveService } from '../live/live.service';
import type { TransactionTracker } from '../transactions/transaction-tracker';

/** What lives as long as the service and is shared by every request. */
export interface AppDeps {
  orm: MikroORM;
  clock: Clock;
  meter: UsageMeter;
  agent: Agent;
  observer: Observer;
  principals: PrincipalCache;
  /** Shared by every request, so that concurrent requests' reads and writes share statements (BatchedStatement). */
  messageRepository: MessageRepository;
  sessionRepository: SessionRepository;
  tokens: TokenRegistry;
  priceProvider: PriceProvider;
  quoteProvider: QuoteProvider;
  /** One gateway per cluster: live keys use mainnet, test keys devnet. */
  chains: Record<Network, ChainGateway>;
  /** The embedded ledgers, for the networks that have no configured RPC node. */
  ledgers: Partial<Record<Network, LocalLedger>>;
  /** Live events for subscriptions: in-process, or Redis pub/sub across nodes. */
  events: LiveEvents;
  /** Follows submitted transactions to a final status. */
  tracker: TransactionTracker;
  /** Subscribers one session's or transaction's events stream to on this node (WS_SUBSCRIBERS_PER_SESSION). */
  subscribersPerTopic: number;
}

/**
 * Everything a resolver may use, built fresh for one request: a forked EntityManager, services
 * over it and DataLoaders, so no identity map or cache crosses requests or accounts.
 */
export interface Context {
  requestId: string;
  /** Null only for a request without an Authorization header; every data field then answers 401. */
  principal: Principal | null;
  /** The request's time: one instant for every status derived while answering it. */
  now: Date;
  keys: KeyService;
  clientTokens: ClientTokenService;
  usage: UsageService;
  sessions: SessionService;
  messages: MessageService;
  prices: PriceService;
  portfolio: PortfolioService;
  dev: DevService;
  transactions: TransactionService;
  metrics: MetricsService;
  live: LiveService;
  loaders: { messages: ReturnType<typeof createMessageLoaders> };
}

/**
 * The one context builder, used by /graphql, the REST adapter and tests alike. Services are
 * made on first use, so a request pays only for what it touches: a price read forks no
 * EntityManager and builds no loaders.
 */
export function createContext(deps: AppDeps, request: { principal: Principal | null; requestId: string }): Context {
  return new RequestContext(deps, request.principal, request.requestId);
}

type Services = Omit<Context, 'requestId' | 'principal' | 'now'> & { em: EntityManager; priceLoader: PriceLoader };

// Apollo copies the context object for each operation of a request; the copies share `made`.
class RequestContext implements Context {
  readonly now: Date;
  private readonly network: Network;
  private readonly made: Partial<Services> = {};

  constructor(
    private readonly deps: AppDeps,
    readonly principal: Principal | null,
    readonly requestId: string,
  ) {
    this.now = deps.clock.now();
    this.network = networkOf(principal);
  }

  private once<K extends keyof Services>(name: K, make: () => Services[K]): Services[K] {
    return (this.made[name] ??= make());
  }

  private get em() {
    return this.once('em', () => this.deps.orm.em.fork());
  }

  private get priceLoader() {
    return this.once('priceLoader', () => createPriceLoader(this.deps.priceProvider));
  }

  get keys() {
    return this.once('keys', () => new KeyService(this.em, this.deps.clock, this.deps.principals));
  }

  get clientTokens() {
    return this.once('clientTokens', () => new ClientTokenService(this.em, this.deps.clock));
  }

  get usage() {
    return this.once('usage', () => new UsageService(this.deps.meter, this.deps.clock));
  }

  get sessions() {
    return this.once('sessions', () => new SessionService(() => this.em, this.deps.sessionRepository, this.deps.clock, this.deps.principals));
  }

  get messages() {
    const { deps } = this;
    return this.once('messages', () => new MessageService(deps.messageRepository, deps.sessionRepository, deps.clock, deps.agent, deps.meter, (wallet) => this.marketFor(wallet), deps.observer, deps.events));
  }

  private marketFor(wallet: string): WalletMarket {
    const { deps, network } = this;
    const ledger = deps.ledgers[network];
    return new WalletMarket(deps.tokens, network, deps.chains[network], this.portfolio, this.priceLoader, deps.quoteProvider, wallet, deps.clock, ledger && { pool: ledger.pool });
  }

  get prices() {
    return this.once('prices', () => new PriceService(this.deps.tokens, this.priceLoader));
  }

  get portfolio() {
    return this.once('portfolio', () => new PortfolioService(this.deps.tokens, this.deps.chains[this.network], this.priceLoader, this.deps.clock));
  }

  get dev() {
    return this.once('dev', () => new DevService(this.deps.tokens, this.deps.ledgers[this.network]));
  }

  get transactions() {
    return this.once('transactions', () => new TransactionService(
        this.em,
        this.deps.clock,
        this.deps.chains,
        this.deps.events,
        this.deps.tracker,
        (record) => this.rebuild(record),
        this.deps.quoteProvider,
      ));
  }

  /** A stored transaction built again by the agent for its session's wallet (refresh). */
  private async rebuild(record: TransactionRecord) {
    const outcome = await this.deps.agent.rebuild(record.details!, this.marketFor(record.session.walletAddress));
    if (!outcome.ok || !outcome.transaction) {
      const reason = outcome.ok ? 'The transaction could not be built again.' : outcome.reason;
      throw new DomainError('parsing_error', reason, { details: { reason } });
    }
    return { details: outcome.transaction, valueCents: outcome.valueCents ?? null };
  }

  get metrics() {
    return this.once('metrics', () => new MetricsService(this.em, this.deps.clock));
  }

  get live() {
    return this.once('live', () => new LiveService(this.deps.events, this.deps.sessionRepository, () => this.em, this.deps.clock, this.deps.subscribersPerTopic));
  }

  get loaders() {
    return this.once('loaders', () => ({ messages: createMessageLoaders(this.deps.messageRepository) }));
  }
}
