import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { PublicKey, SystemProgram, type Keypair, type TransactionInstruction } from '@solana/web3.js';
import { SOL_MINT } from '../tokens/token-registry';
import type { ChainGateway, MintInfo } from './chain-gateway';
import { buildBudgeted, tokenTransfer, type TransferFee, type UnsignedTransaction } from './transaction-builder';
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
 * The pool signs here (partially); the wallet is the fee payer and signs last.
 */
export async function buildPoolSwap(chain: ChainGateway, pool: Keypair, request: PoolSwapRequest): Promise<UnsignedTransaction> {
  const wallet = new PublicKey(request.wallet);
  const fees = request.input.info?.transferFee || request.output.info?.transferFee;
  const epoch = fees ? await chain.epoch() : 0n;
  const transferFees: TransferFee[] = [];
  const instructions: TransactionInstruction[] = [
    ...leg(request.input, request.inAmount, wallet, pool.publicKey, wallet, epoch, transferFees, 'the local pool'),
    ...leg(request.output, request.outAmount, pool.publicKey, wallet, wallet, epoch, transferFees, 'you'),
  ];
  return buildBudgeted(chain, wallet, instructions, { cosigners: [pool], tokens: request.tokens, transferFees, watch: request.watch });
}

/** Moves `amount` of `token` from `from` to `to`; `payer` pays for the recipient's account if it has none. */
function leg(
  token: PoolSwapRequest['input'],
  amount: bigint,
  from: PublicKey,
  to: PublicKey,
  payer: PublicKey,
  epoch: bigint,
  fees: TransferFee[],
  payee: string,
): TransactionInstruction[] {
  if (token.mint === SOL_MINT) return [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount })];
  if (!token.info) throw new Error(`No mint account for ${token.mint}`);
  const mint = new PublicKey(token.mint);
  const programId = token.info.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  const source = getAssociatedTokenAddressSync(mint, from, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
  const destination = getAssociatedTokenAddressSync(mint, to, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
  const { instruction, fee } = tokenTransfer(source, mint, destination, from, amount, token.info, epoch);
  if (fee > 0n) fees.push({ mint: token.mint, amount: fee, payee });
  return [createAssociatedTokenAccountIdempotentInstruction(payer, destination, to, mint, programId, ASSOCIATED_TOKEN_PROGRAM_ID), instruction];
}
