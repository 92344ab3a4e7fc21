import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { ComputeBudgetProgram, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { SOL_MINT } from '../tokens/token-registry';
import type { ChainGateway, MintInfo } from './chain-gateway';

/** Priority fee in micro-lamports per compute unit: enough to land in ordinary congestion. */
export const DEFAULT_PRIORITY_FEE_MICRO_LAMPORTS = 50_000;

export interface UnsignedTransaction {
  /** Base64 of the unsigned legacy transaction, ready for a wallet to sign and send. */
  serializedTransaction: string;
  blockhash: string;
  lastValidBlockHeight: number;
}

export interface TransferRequest {
  from: string;
  to: string;
  mint: string;
  /** Base units of the token (lamports for SOL). */
  amount: bigint;
}

/**
 * Builds an unsigned transfer with `from` as fee payer: a compute-unit price instruction, then
 * a System Program transfer for SOL, or for an SPL / Token-2022 token an idempotent creation of
 * the recipient's associated token account followed by `transferChecked` (decimals from the
 * mint on chain). Parley never signs: the wallet does.
 */
export async function buildTransfer(
  chain: ChainGateway,
  request: TransferRequest,
  mintInfo: MintInfo | null,
  priorityFee = DEFAULT_PRIORITY_FEE_MICRO_LAMPORTS,
): Promise<UnsignedTransaction> {
  const from = new PublicKey(request.from);
  const to = new PublicKey(request.to);
  const tx = new Transaction().add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: priorityFee }));
  if (request.mint === SOL_MINT) {
    tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }));
  } else {
    if (!mintInfo) throw new Error(`No mint account for ${request.mint}`);
    const mint = new PublicKey(request.mint);
    const programId = mintInfo.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
    const source = getAssociatedTokenAddressSync(mint, from, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
    const destination = getAssociatedTokenAddressSync(mint, to, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
    tx.add(
      createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, programId, ASSOCIATED_TOKEN_PROGRAM_ID),
      createTransferCheckedInstruction(source, mint, destination, from, request.amount, mintInfo.decimals, [], programId),
    );
  }
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  tx.feePayer = from;
  tx.recentBlockhash = blockhash;
  const serializedTransaction = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  return { serializedTransaction, blockhash, lastValidBlockHeight };
}
