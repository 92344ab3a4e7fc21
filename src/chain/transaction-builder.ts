import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  calculateEpochFee,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  createTransferCheckedWithFeeInstruction,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { ComputeBudgetProgram, Message, PublicKey, SystemProgram, type Keypair, type TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import { SOL_MINT } from '../tokens/token-registry';
import type { ChainGateway, MintInfo } from './chain-gateway';
import { associatedAccount } from './associated-account';
import { feeForMessage } from './fees';
import { simulateOrRefuse, type Effect, type PreviewToken } from './transaction-preview';

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
/** Lamports a wallet (an account of no data) must keep to stay rent-exempt. */
const WALLET_RENT_MINIMUM = 890_880n;

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
  // Each message is serialized once: its bytes are what is simulated, signed and sent.
  const compile = (units: number, microLamports: number) => {
    const message = compileLegacyMessage(feePayer, [ComputeBudgetProgram.setComputeUnitLimit({ units }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports }), ...instructions], blockhash);
    return { message, bytes: message.serialize() };
  };
  const watch = options.watch ?? [feePayer.toBase58()];
  const simulate = ({ message, bytes }: ReturnType<typeof compile>) => simulateOrRefuse(chain, wireTransaction(message, bytes), message, watch, options.tokens ?? []);
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
    serializedTransaction: wireTransaction(final.message, final.bytes, options.cosigners).toString('base64'),
    blockhash,
    lastValidBlockHeight,
    transferFees: options.transferFees ?? [],
    effect: { before, simulation, feeLamports },
  };
}

/**
 * The legacy message of `instructions` with `payer` paying, as web3.js's
 * `TransactionMessage.compileToLegacyMessage` compiles it (the same keys in the same order, header
 * and indexes: https://solana.com/docs/core/transactions#message), its keys told apart by their
 * bytes: web3.js tells them apart by their base58 text, encoding each key several times per
 * compile (bench/README.md, "The swap's message, compiled once per key").
 */
export function compileLegacyMessage(payer: PublicKey, instructions: TransactionInstruction[], recentBlockhash: string): Message {
  const keys = new Map<string, { key: PublicKey; signer: boolean; writable: boolean }>();
  const idOf = (key: PublicKey) => key.toBuffer().toString('latin1');
  const meta = (key: PublicKey) => {
    const id = idOf(key);
    let found = keys.get(id);
    if (!found) keys.set(id, (found = { key, signer: false, writable: false }));
    return found;
  };
  Object.assign(meta(payer), { signer: true, writable: true });
  for (const instruction of instructions) {
    meta(instruction.programId);
    for (const account of instruction.keys) {
      const found = meta(account.pubkey);
      found.signer ||= account.isSigner;
      found.writable ||= account.isWritable;
    }
  }
  const all = [...keys.entries()];
  const group = (signer: boolean, writable: boolean) => all.filter(([, key]) => key.signer === signer && key.writable === writable);
  const [writableSigners, readonlySigners, writable, readonly] = [group(true, true), group(true, false), group(false, true), group(false, false)];
  const ordered = [...writableSigners, ...readonlySigners, ...writable, ...readonly];
  const indexOf = new Map(ordered.map(([id], index) => [id, index]));
  const index = (key: PublicKey) => indexOf.get(idOf(key))!;
  return new Message({
    header: {
      numRequiredSignatures: writableSigners.length + readonlySigners.length,
      numReadonlySignedAccounts: readonlySigners.length,
      numReadonlyUnsignedAccounts: readonly.length,
    },
    accountKeys: ordered.map(([, { key }]) => key),
    recentBlockhash,
    instructions: instructions.map((instruction) => ({
      programIdIndex: index(instruction.programId),
      accounts: instruction.keys.map((account) => index(account.pubkey)),
      data: bs58.encode(instruction.data),
    })),
  });
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
  options: Pick<BudgetOptions, 'tokens' | 'priorityFee' | 'watch'> = {},
): Promise<UnsignedTransaction> {
  const from = new PublicKey(request.from);
  const transferFees: TransferFee[] = [];
  const epoch = mintInfo?.transferFee ? await chain.epoch() : 0n;
  const instructions = transferLeg({ mint: request.mint, info: mintInfo }, request.amount, from, new PublicKey(request.to), from, epoch, transferFees, 'the recipient');
  return buildBudgeted(chain, from, instructions, { ...options, transferFees });
}

/**
 * The wire bytes of a legacy transaction of `message` (serialized as `bytes`): the signature
 * count (a one-byte compact-u16 here: a transaction has far fewer than 128 signers), a 64-byte
 * slot per signer in the order of the message's keys, signed by `cosigners` and left zero for
 * the others, then the message (https://solana.com/docs/core/transactions#transaction-size).
 * A cosigner that is not a signer of the message is an error, not a signature left out.
 */
function wireTransaction(message: Message, bytes: Uint8Array, cosigners: Keypair[] = []): Buffer {
  const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures);
  for (const cosigner of cosigners) {
    if (!signers.some((key) => key.equals(cosigner.publicKey))) throw new Error(`${cosigner.publicKey.toBase58()} does not sign this transaction`);
  }
  const signatures = signers.map((key) => {
    const cosigner = cosigners.find((candidate) => candidate.publicKey.equals(key));
    return cosigner ? ed25519Signature(bytes, cosigner) : new Uint8Array(64);
  });
  return Buffer.concat([Uint8Array.of(signatures.length), ...signatures, bytes]);
}

/** DER of an Ed25519 private key (RFC 8410) up to its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * `signer`'s Ed25519 signature of `message` by Node's crypto: web3.js's signer, in JavaScript,
 * was the largest single cost of a local-pool swap (bench/README.md, "Where a swap's time goes").
 */
function ed25519Signature(message: Uint8Array, signer: Keypair): Uint8Array {
  let key = signingKeys.get(signer);
  if (!key) {
    key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, signer.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
    signingKeys.set(signer, key);
  }
  return sign(null, message, key);
}

/** Node's key of each co-signer, made once: making one costs more than signing. */
const signingKeys = new WeakMap<Keypair, KeyObject>();
