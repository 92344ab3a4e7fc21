import type { LocalLedger } from '../chain/local-ledger';
import { AmountError, toBaseUnits } from '../shared/amounts';
import { DomainError, invalidField } from '../shared/errors';
import { requireSolanaAddress } from '../shared/solana-address';
import type { TokenRegistry } from '../tokens/token-registry';

/** The most one airdrop gives, in whole tokens. */
export const MAX_AIRDROP = 1_000_000_000n;

export interface AirdropInput {
  walletAddress: string;
  token: string;
  /** Whole tokens as decimal text ("2.5"). */
  amount: string;
}

/**
 * The faucet of the embedded ledger: funds a wallet with SOL or any registry token. It exists
 * only on a network served by the embedded ledger (never against a real RPC node).
 */
export class DevService {
  constructor(
    private readonly registry: TokenRegistry,
    private readonly ledger: LocalLedger | undefined,
  ) {}

  airdrop(input: AirdropInput) {
    if (!this.ledger) {
      throw new DomainError('not_found', 'No faucet here: this network is served by a configured RPC node, not the embedded ledger');
    }
    requireSolanaAddress(input.walletAddress, 'walletAddress');
    const token = this.registry.resolve(input.token, this.ledger.network);
    if (!token) {
      throw new DomainError('token_not_found', `Unknown token "${input.token.slice(0, 64)}" on ${this.ledger.network}`, { details: { token: input.token.slice(0, 64) } });
    }
    let amount: bigint;
    try {
      amount = toBaseUnits(input.amount, token.decimals);
    } catch (error) {
      throw invalidField('amount', `Invalid amount: ${(error as AmountError).message}`);
    }
    if (amount <= 0n || amount > MAX_AIRDROP * 10n ** BigInt(token.decimals)) {
      throw invalidField('amount', `amount must be above 0 and at most ${MAX_AIRDROP} ${token.symbol}`);
    }
    this.ledger.airdrop(input.walletAddress, token, amount);
    return { walletAddress: input.walletAddress, network: this.ledger.network, mint: token.mint, symbol: token.symbol, amount: input.amount, baseUnits: amount.toString() };
  }
}
