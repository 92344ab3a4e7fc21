import { PublicKey, type Keypair, type TransactionInstruction } from '@solana/web3.js';
import type { ChainGateway, MintInfo } from './chain-gateway';
import { buildBudgeted, newReference, transferLeg, type ReferencedTransaction, type TransferFee } from './transaction-builder';
import type { PreviewToken } from './transaction-preview';

export interface PoolSwapRequest {
  wallet: string;
  input: { mint: string; info: MintInfo | null };
  output: { mint: string; info: MintInfo | null };
  /** Base units the wallet pays the pool, and the pool pays the wallet (the quote's amounts). */
  inAmount: bigint;
  outAmount: bigint;
  tokens?: PreviewToken[];
  /** The accounts whose effect the caller previews, the wallet first. */
  watch?: string[];
}

/**
 * The local pool's settlement of a swap quoted by the offline estimator, on the embedded ledger
 * (route source `local-pool`): one transaction with two legs, the input from the wallet to the
 * pool and the output from the pool to the wallet, at exactly the quoted amounts.
 *
 * - A token leg is `transferChecked` between associated token accounts (`transferCheckedWithFee`
 *   for a Token-2022 mint with a transfer fee, which is withheld from what the other side
 *   gets); the wallet's output account is created idempotently first (the wallet pays its
 *   rent, as any swap does).
 * - A SOL leg is a System Program transfer of native lamports, not wrapped SOL: no temporary
 *   wrapped-SOL account, so the wallet's SOL moves by exactly the amount, the fee and nothing
 *   else, and no rent is left behind in a wSOL account.
 *
 * The wallet's leg carries a new reference key (see `newReference`). The pool signs here
 * (partially); the wallet is the fee payer and signs last.
 */
export async function buildPoolSwap(chain: ChainGateway, pool: Keypair, request: PoolSwapRequest): Promise<ReferencedTransaction> {
  const wallet = new PublicKey(request.wallet);
  const fees = request.input.info?.transferFee || request.output.info?.transferFee;
  const epoch = fees ? await chain.epoch() : 0n;
  const transferFees: TransferFee[] = [];
  const reference = newReference();
  const instructions: TransactionInstruction[] = [
    ...transferLeg(request.input, request.inAmount, wallet, pool.publicKey, wallet, epoch, transferFees, 'the local pool', reference),
    ...transferLeg(request.output, request.outAmount, pool.publicKey, wallet, wallet, epoch, transferFees, 'you'),
  ];
  const built = await buildBudgeted(chain, wallet, instructions, { cosigners: [pool], tokens: request.tokens, transferFees, watch: request.watch });
  return { ...built, reference: reference.toBase58() };
}
