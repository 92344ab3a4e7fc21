import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  calculateEpochFee,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  createTransferCheckedWithFeeInstruction,
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
  /** Token-2022 transfer fees the transaction's token transfers pay (withheld from what the recipient gets). */
  transferFees: TransferFee[];
}

export interface TransferFee {
  mint: string;
  /** Base units withheld by the mint. */
  amount: bigint;
  /** Who receives the transfer: "the recipient", "you", "the local pool". */
  payee: string;
}

/**
 * A token transfer between token accounts: `transferChecked`, or for a Token-2022 mint with
 * the transfer-fee extension `transferCheckedWithFee` with the fee of the current epoch
 * (the program refuses the transfer if the fee stated differs from the mint's). The fee is
 * withheld from what the destination receives.
 * https://spl.solana.com/token-2022/extensions#transfer-fees
 */
export function tokenTransfer(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  info: MintInfo,
  epoch: bigint,
): { instruction: TransactionInstruction; fee: bigint } {
  const programId = info.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  if (!info.transferFee) {
    return { instruction: createTransferCheckedInstruction(source, mint, destination, owner, amount, info.decimals, [], programId), fee: 0n };
  }
  const fee = calculateEpochFee(info.transferFee, epoch, amount);
  return { instruction: createTransferCheckedWithFeeInstruction(source, mint, destination, owner, amount, info.decimals, fee, [], programId), fee };
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
  options: { cosigners?: Keypair[]; tokens?: PreviewToken[]; priorityFee?: number; transferFees?: TransferFee[] } = {},
): Promise<UnsignedTransaction> {
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  const assemble = (units: number, microLamports: number) => {
    const tx = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitLimit({ units }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports }),
      ...instructions,
    );
    tx.feePayer = feePayer;
    tx.recentBlockhash = blockhash;
    if (options.cosigners?.length) tx.partialSign(...options.cosigners);
    return tx;
  };
  const wire = (tx: Transaction) => tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  // Measured without a priority fee, so that the probe's fee (on the largest limit) does not
  // make a transaction that fits look short of SOL; the final one is simulated again for its preview.
  const probe = assemble(MAX_COMPUTE_UNITS, 0);
  const measured = await chain.simulate(wire(probe), false);
  if (measured.err) {
    throw new SimulationRefusal(explainFailure(measured.err, measured.logs, probe.compileMessage(), options.tokens ?? []), measured);
  }
  const units = Math.min(MAX_COMPUTE_UNITS, Math.ceil(measured.unitsConsumed * 1.2) + 3_000);
  return {
    serializedTransaction: Buffer.from(wire(assemble(units, options.priorityFee ?? DEFAULT_PRIORITY_FEE_MICRO_LAMPORTS))).toString('base64'),
    blockhash,
    lastValidBlockHeight,
    transferFees: options.transferFees ?? [],
  };
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
  const transferFees: TransferFee[] = [];
  if (request.mint === SOL_MINT) {
    instructions.push(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }));
  } else {
    if (!mintInfo) throw new Error(`No mint account for ${request.mint}`);
    const mint = new PublicKey(request.mint);
    const programId = mintInfo.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
    const source = getAssociatedTokenAddressSync(mint, from, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
    const destination = getAssociatedTokenAddressSync(mint, to, true, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
    const { instruction, fee } = tokenTransfer(source, mint, destination, from, request.amount, mintInfo, mintInfo.transferFee ? await chain.epoch() : 0n);
    instructions.push(createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, programId, ASSOCIATED_TOKEN_PROGRAM_ID), instruction);
    if (fee > 0n) transferFees.push({ mint: request.mint, amount: fee, payee: 'the recipient' });
  }
  return buildBudgeted(chain, from, instructions, { ...options, transferFees });
}
