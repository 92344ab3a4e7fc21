import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { ComputeBudgetProgram, PublicKey, SystemProgram, Transaction, type Keypair, type TransactionInstruction } from '@solana/web3.js';
import { SOL_MINT } from '../tokens/token-registry';
import type { ChainGateway, MintInfo } from './chain-gateway';
import { explainFailure, SimulationRefusal, type PreviewToken } from './transaction-preview';

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

/** The most compute units a transaction may ask for. */
const MAX_COMPUTE_UNITS = 1_400_000;

/**
 * Builds a legacy transaction of `instructions` with `feePayer` paying, a compute-unit price,
 * and a compute-unit limit sized from a simulation (the units it used, plus a fifth and 3,000
 * for accounts that change before it lands), so the fee is what the wallet pays and no more.
 * `cosigners` (the local pool) sign their part; the fee payer's signature is the one left.
 * A simulation that fails is a SimulationRefusal, explained in words.
 */
export async function buildBudgeted(
  chain: ChainGateway,
  feePayer: PublicKey,
  instructions: TransactionInstruction[],
  options: { cosigners?: Keypair[]; tokens?: PreviewToken[]; priorityFee?: number } = {},
): Promise<UnsignedTransaction> {
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  const assemble = (units: number) => {
    const tx = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitLimit({ units }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: options.priorityFee ?? DEFAULT_PRIORITY_FEE_MICRO_LAMPORTS }),
      ...instructions,
    );
    tx.feePayer = feePayer;
    tx.recentBlockhash = blockhash;
    if (options.cosigners?.length) tx.partialSign(...options.cosigners);
    return tx;
  };
  const wire = (tx: Transaction) => tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  const probe = assemble(MAX_COMPUTE_UNITS);
  const measured = await chain.simulate(wire(probe), false);
  if (measured.err) {
    throw new SimulationRefusal(explainFailure(measured.err, measured.logs, probe.compileMessage(), options.tokens ?? []), measured);
  }
  const units = Math.min(MAX_COMPUTE_UNITS, Math.ceil(measured.unitsConsumed * 1.2) + 3_000);
  return { serializedTransaction: Buffer.from(wire(assemble(units))).toString('base64'), blockhash, lastValidBlockHeight };
}

/**
 * Builds an unsigned transfer with `from` as fee payer (see buildBudgeted): a System Program
 * transfer for SOL, or for an SPL / Token-2022 token an idempotent creation of the recipient's
 * associated token account followed by `transferChecked` (decimals from the mint on chain).
 * Parley never signs: the wallet does.
 */
export async function buildTransfer(
  chain: ChainGateway,
  request: TransferRequest,
  mintInfo: MintInfo | null,
  options: { tokens?: PreviewToken[]; priorityFee?: number } = {},
): Promise<UnsignedTransaction> {
  const from = new PublicKey(request.from);
  const to = new PublicKey(request.to);
  const instructions: TransactionInstruction[] = [];
  if (request.mint === SOL_MINT) {
    instructions.push(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }));
  } else {
    if (!mintInfo) throw new Error(`No mint account for ${request.mint}`);
    const mint = new PublicKey(request.mint);
    const programId = mintInfo.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
    const source = getAssociatedTokenAddressSync(mint, from, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
    const destination = getAssociatedTokenAddressSync(mint, to, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, programId, ASSOCIATED_TOKEN_PROGRAM_ID),
      createTransferCheckedInstruction(source, mint, destination, from, request.amount, mintInfo.decimals, [], programId),
    );
  }
  return buildBudgeted(chain, from, instructions, options);
}
