import type { Network, TokenRegistry } from '../tokens/token-registry';
import { ChainGateway } from './chain-gateway';
import { LocalLedger } from './local-ledger';

export interface Chains {
  gateways: Record<Network, ChainGateway>;
  /** The embedded ledgers, for the networks that have no configured RPC node. */
  ledgers: Partial<Record<Network, LocalLedger>>;
  stop(): Promise<void>;
}

/**
 * One gateway per cluster: to the configured RPC node (SOLANA_RPC_URL for mainnet,
 * SOLANA_DEVNET_RPC_URL for devnet), or else to an embedded ledger started here.
 */
export async function startChains(rpcUrls: Record<Network, string | undefined>, tokens: TokenRegistry): Promise<Chains> {
  const ledgers: Partial<Record<Network, LocalLedger>> = {};
  const stop = () => Promise.all(Object.values(ledgers).map((ledger) => ledger.stop())).then(() => undefined);
  try {
    const gateways = {} as Record<Network, ChainGateway>;
    for (const network of ['mainnet', 'devnet'] as const) {
      let url = rpcUrls[network];
      if (!url) {
        ledgers[network] = new LocalLedger(network, tokens.all(network));
        url = await ledgers[network].start();
      }
      gateways[network] = new ChainGateway(network, url);
    }
    return { gateways, ledgers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
