import type { Clock } from '../shared/clock';
import type { Network, TokenRegistry } from '../tokens/token-registry';
import { ChainGateway } from './chain-gateway';
import { LocalLedger } from './local-ledger';

export interface Chains {
  gateways: Record<Network, ChainGateway>;
  /** The embedded ledgers, for the networks that have no configured RPC node. */
  ledgers: Partial<Record<Network, LocalLedger>>;
}

/**
 * One gateway per cluster: to the configured RPC node (SOLANA_RPC_URL for mainnet,
 * SOLANA_DEVNET_RPC_URL for devnet) over HTTP, under `callsPerSecond` (SOLANA_RPC_RPS), or else
 * to an embedded ledger made here and called in this process, its time kept by `clock`. They
 * live as long as the service; an embedded ledger holds no socket.
 */
export function connectChains(rpcUrls: Record<Network, string | undefined>, tokens: TokenRegistry, clock: Clock, callsPerSecond?: number): Chains {
  const gateways = {} as Record<Network, ChainGateway>;
  const ledgers: Partial<Record<Network, LocalLedger>> = {};
  for (const network of ['mainnet', 'devnet'] as const) {
    const url = rpcUrls[network];
    if (url) {
      gateways[network] = new ChainGateway(network, url, { callsPerSecond });
    } else {
      ledgers[network] = new LocalLedger(network, tokens.all(network), clock);
      gateways[network] = new ChainGateway(network, ledgers[network]);
    }
  }
  return { gateways, ledgers };
}
