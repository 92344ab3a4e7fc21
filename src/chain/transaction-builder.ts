import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  calculateEpochFee,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  createTransferCheckedWithFeeInstruction,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { randomBytes } from '../shared/ids';
import { SOL_MINT } from '../tokens/token-registry';
import type { ChainGateway, MintInfo } from './chain-gateway';
import { associatedAccount } from './associated-account';
import { feeForMessage } from './fees';
import { compileLegacyMessage, wireTransaction } from './legacy-transaction';
import { simulateOrRefuse, WALLET_RENT_MINIMUM, type Effect, type PreviewToken } from './transaction-preview';

/** Priority fee in micro-lamports per compute unit: enough to land in ordinary congestion. */
export const DEFAULT_PRIORITY_FEE_MICRO_LAMPORTS = 50_000;

export interface UnsignedTransaction {
  /** Base64 of the legacy transaction, ready for a wallet to sign and send (co-signers, such as the local pool, have signed). */
  serializedTransaction: string;
  blockhash: string;
  lastValidBlockHeight: number;
  /** Token-2022 transfer fees the transaction's token transfers pay (withheld from what the recipient gets). */
  transferFees: TransferFee[];
  /** What it does to the accounts the builder was asked to watch, with the fee the wallet pays. */
  effect: Effect;
}

/** A transaction of Parley's own making, with the reference key it carries. */
export type ReferencedTransaction = UnsignedTransaction & {
  /** Base58 of the random account key in the transfer or swap instruction (see `newReference`). */
  reference: string;
};

/**
 * A new reference key (Solana Pay's `reference`, https://docs.solanapay.com/spec#reference):
 * a random account key added, read-only and not a signer, to the transfer or swap instruction
 * of one built transaction, which the programs ignore. No two built transactions are then the
 * same bytes, so one signature can never stand for two records, and a record's transaction can
 * be found on chain by it (getSignaturesForAddress).
 */
export function newReference(): PublicKey {
  // 32 random bytes: a reference is never a signer, so it needs no private key, and deriving
  // one from a keypair (Ed25519 point arithmetic in JavaScript) was ~10 % of a transfer's CPU.
  // They come from the ids' pool: a system call per 4 KiB rather than per key.
  return new PublicKey(randomBytes(32));
}

export interface TransferFee {
  mint: string;
  /** Base units withheld by the mint. */
  amount: bigint;
  /** Who receives the transfer: "the recipient", "you", "the local pool". */
  payee: string;
}

/**
 * Moves `amount` of `token` from `from` to `to`. SOL is a System Program transfer of lamports.
 * A token goes between associated token accounts, the recipient's created first if it has none
 * (idempotently, `payer` paying its rent), with `transferChecked`, or for a Token-2022 mint with
 * the transfer-fee extension `transferCheckedWithFee` at the fee of `epoch` (the program
 * refuses the transfer if the fee stated differs from the mint's); that fee, withheld from what
 * the recipient gets, is added to `fees` for `payee`.
 * https://spl.solana.com/token-2022/extensions#transfer-fees
 */
export function transferLeg(
  token: { mint: string; info: MintInfo | null },
  amount: bigint,
  from: PublicKey,
  to: PublicKey,
  payer: PublicKey,
  epoch: bigint,
  fees: TransferFee[],
  payee: string,
  /** Appended to the transfer instruction's accounts, read-only and not a signer (see `newReference`). */
  reference?: PublicKey,
): TransactionInstruction[] {
  const instructions = legInstructions(token, amount, from, to, payer, epoch, fees, payee);
  if (reference) instructions[instructions.length - 1].keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  return instructions;
}

function legInstructions(
  token: { mint: string; info: MintInfo | null },
  amount: bigint,
  from: PublicKey,
  to: PublicKey,
  payer: PublicKey,
  epoch: bigint,
  fees: TransferFee[],
  payee: string,
): TransactionInstruction[] {
  if (token.mint === SOL_MINT) return [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount })];
  const { info } = token;
  if (!info) throw new Error(`No mint account for ${token.mint}`);
  const mint = new PublicKey(token.mint);
  const programId = info.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  const source = associatedAccount(token.mint, from.toBase58(), info.program);
  const destination = associatedAccount(token.mint, to.toBase58(), info.program);
  const create = createAssociatedTokenAccountIdempotentInstruction(payer, destination, to, mint, programId, ASSOCIATED_TOKEN_PROGRAM_ID);
  if (!info.transferFee) return [create, createTransferCheckedInstruction(source, mint, destination, from, amount, info.decimals, [], programId)];
  const fee = calculateEpochFee(info.transferFee, epoch, amount);
  if (fee > 0n) fees.push({ mint: token.mint, amount: fee, payee });
  return [create, createTransferCheckedWithFeeInstruction(source, mint, destination, from, amount, info.decimals, fee, [], programId)];
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

export interface BudgetOptions {
  /** Who signs besides the fee payer (the local pool), before the wallet does. */
  cosigners?: Keypair[];
  /** For naming a token in the words of a failure. */
  tokens?: PreviewToken[];
  priorityFee?: number;
  transferFees?: TransferFee[];
  /** The accounts whose state before and after the effect holds, the fee payer first (default: the fee payer alone). */
  watch?: string[];
}

/**
 * Builds a legacy transaction of `instructions` with `feePayer` paying, a compute-unit price,
 * and a compute-unit limit sized from a simulation (the units it used, plus a fifth and 3,000
 * for accounts that change before it lands), so the fee is what the wallet pays and no more.
 * That one simulation is also the transaction's effect on the watched accounts: the final
 * transaction differs only in its compute budget, so the fee payer's lamports after are
 * corrected by the difference in fee, computed as the runtime charges it. Where that difference
 * could leave the fee payer short of rent-exemption, the final transaction is simulated too.
 * `cosigners` (the local pool) sign; the fee payer's signature is the one left.
 * A simulation that fails is a SimulationRefusal, explained in words.
 */
export async function buildBudgeted(chain: ChainGateway, feePayer: PublicKey, instructions: TransactionInstruction[], options: BudgetOptions = {}): Promise<UnsignedTransaction> {
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  const compile = (units: number, microLamports: number) =>
    compileLegacyMessage(feePayer, [ComputeBudgetProgram.setComputeUnitLimit({ units }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports }), ...instructions], blockhash);
  const watch = options.watch ?? [feePayer.toBase58()];
  const simulate = (compiled: ReturnType<typeof compile>) => simulateOrRefuse(chain, wireTransaction(compiled), compiled.message, watch, options.tokens ?? []);
  // Measured without a priority fee, so that the probe's fee (on the largest limit) does not
  // make a transaction that fits look short of SOL. Signatures are not checked: nobody signs it.
  const probe = compile(MAX_COMPUTE_UNITS, 0);
  const [before, measured] = await Promise.all([chain.accounts(watch), simulate(probe)]);
  const units = Math.min(MAX_COMPUTE_UNITS, Math.ceil(measured.unitsConsumed * 1.2) + 3_000);
  const final = compile(units, options.priorityFee ?? DEFAULT_PRIORITY_FEE_MICRO_LAMPORTS);
  const feeLamports = feeForMessage(final.message);
  const payerAfter = (measured.accounts[0]?.lamports ?? 0n) - (feeLamports - feeForMessage(probe.message));
  const simulation =
    payerAfter < WALLET_RENT_MINIMUM
      ? await simulate(final)
      : { ...measured, accounts: [{ ...measured.accounts[0]!, lamports: payerAfter }, ...measured.accounts.slice(1)] };
  return {
    serializedTransaction: wireTransaction(final, options.cosigners).toString('base64'),
    blockhash,
    lastValidBlockHeight,
    transferFees: options.transferFees ?? [],
    effect: { before, simulation, feeLamports },
  };
}

/**
 * Builds an unsigned transfer with `from` as fee payer (see buildBudgeted): a System Program
 * transfer for SOL, or for an SPL / Token-2022 token an idempotent creation of the recipient's
 * associated token account followed by `transferChecked` (decimals from the mint on chain);
 * the transfer carries a new reference key. Parley never signs: the wallet does.
 */
export async function buildTransfer(
  chain: ChainGateway,
  request: TransferRequest,
  mintInfo: MintInfo | null,
  options: Pick<BudgetOptions, 'tokens' | 'priorityFee' | 'watch'> = {},
): Promise<ReferencedTransaction> {
  const from = new PublicKey(request.from);
  const transferFees: TransferFee[] = [];
  const epoch = mintInfo?.transferFee ? await chain.epoch() : 0n;
  const reference = newReference();
  const instructions = transferLeg({ mint: request.mint, info: mintInfo }, request.amount, from, new PublicKey(request.to), from, epoch, transferFees, 'the recipient', reference);
  return { ...(await buildBudgeted(chain, from, instructions, { ...options, transferFees })), reference: reference.toBase58() };
}
