import type { MikroORM } from '@mikro-orm/postgresql';
import type { Agent } from '../agent/agent';
import { MetricsService } from '../analytics/metrics.service';
import type { ChainGateway } from '../chain/chain-gateway';
import type { LocalLedger } from '../chain/local-ledger';
import { DevService } from '../dev/dev.service';
import { networkOf, type Principal } from '../auth/principal';
import type { PrincipalCache } from '../auth/principal-cache';
import { KeyService } from '../keys/key.service';
import { UsageService } from '../limits/usage.service';
import type { UsageMeter } from '../limits/usage-meter';
import { createMessageLoaders } from '../messages/message.loaders';
import { WalletMarket } from '../messages/agent-market';
import { MessageService } from '../messages/message.service';
import type { PriceProvider } from '../prices/price-provider';
import type { QuoteProvider } from '../quotes/quote-provider';
import { PriceService, createPriceLoader } from '../prices/price.service';
import { PortfolioService } from '../portfolio/portfolio.service';
import { TransactionService } from '../transactions/transaction.service';
import type { Network, TokenRegistry } from '../tokens/token-registry';
import { SessionService } from '../sessions/session.service';
import type { Clock } from '../shared/clock';
import type { Observer } from '../shared/observer';

/** What lives as long as the service and is shared by every request. */
export interface AppDeps {
  orm: MikroORM;
  clock: Clock;
  meter: UsageMeter;
  agent: Agent;
  observer: Observer;
  principals: PrincipalCache;
  tokens: TokenRegistry;
  priceProvider: PriceProvider;
  quoteProvider: QuoteProvider;
  /** One gateway per cluster: live keys use mainnet, test keys devnet. */
  chains: Record<Network, ChainGateway>;
  /** The embedded ledgers, for the networks that have no configured RPC node. */
  ledgers: Partial<Record<Network, LocalLedger>>;
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
  usage: UsageService;
  sessions: SessionService;
  messages: MessageService;
  prices: PriceService;
  portfolio: PortfolioService;
  dev: DevService;
  transactions: TransactionService;
  metrics: MetricsService;
  loaders: { messages: ReturnType<typeof createMessageLoaders> };
}

/** The one context builder, used by /graphql, the REST adapter and tests alike. */
export function createContext(deps: AppDeps, request: { principal: Principal | null; requestId: string }): Context {
  const em = deps.orm.em.fork();
  const network = networkOf(request.principal);
  const priceLoader = createPriceLoader(deps.priceProvider);
  const portfolio = new PortfolioService(deps.tokens, deps.chains[network], priceLoader, deps.clock);
  const marketFor = (wallet: string) => new WalletMarket(deps.tokens, network, deps.chains[network], portfolio, priceLoader, deps.quoteProvider, wallet);
  return {
    requestId: request.requestId,
    principal: request.principal,
    now: deps.clock.now(),
    keys: new KeyService(em, deps.clock, deps.principals),
    usage: new UsageService(deps.meter, deps.clock),
    sessions: new SessionService(em, deps.clock),
    messages: new MessageService(em, deps.clock, deps.agent, deps.meter, marketFor, deps.observer),
    prices: new PriceService(deps.tokens, priceLoader),
    portfolio,
    dev: new DevService(deps.tokens, deps.ledgers[network]),
    transactions: new TransactionService(em, deps.clock, deps.chains),
    metrics: new MetricsService(em, deps.clock),
    loaders: { messages: createMessageLoaders(em) },
  };
}
