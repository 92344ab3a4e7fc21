import { ACCOUNT_SIZE, AccountLayout, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { VersionedTransaction, type VersionedMessage } from '@solana/web3.js';
import { formatUnits } from '../shared/amounts';
import { SOL_MINT, type TokenProgram } from '../tokens/token-registry';
import { associatedAccount } from './associated-account';
import type { ChainGateway, RawAccount, Simulation } from './chain-gateway';

/** One token of the wallet whose balance the transaction changes, in base units (integer strings). */
export interface BalanceChange {
  mint: string;
  symbol: string;
  decimals: number;
  before: string;
  after: string;
  /** Signed: after − before. */
  change: string;
}

/**
 * What a transaction will do to the session wallet, from simulating it unsigned on the
 * key's chain (DESIGN, "Transactions: preview, summary, expiry"). SOL includes the fee.
 */
export interface TransactionPreview {
  simulated: boolean;
  balanceChanges: BalanceChange[];
  feeLamports: string;
  computeUnits: number;
  /** Token-2022 transfer fees withheld from the transfers (integer strings); empty for most tokens. */
  transferFees: Array<{ mint: string; symbol: string; decimals: number; amount: string; payee: string }>;
  warnings: string[];
}

export interface PreviewToken {
  mint: string;
  symbol: string;
  decimals: number;
  program: TokenProgram;
}

export interface PreviewRequest {
  wallet: string;
  /** Tokens besides SOL the transaction may move for the wallet. */
  tokens: PreviewToken[];
  /** The wallet's balances before, per mint, as its portfolio sums them (SOL with wrapped SOL). */
  holdings: Map<string, bigint>;
  /** Token accounts of others the wallet creates (and pays rent for): a warning names each one created. */
  creates?: Array<{ address: string; label: string }>;
  /** Warnings known before simulating (such as the local pool's), listed first. */
  warnings?: string[];
  /** Token-2022 transfer fees the transaction pays (from the builder). */
  transferFees?: Array<{ mint: string; amount: bigint; payee: string }>;
}

/**
 * What a transaction does to the accounts a preview watches (watchedAccounts, in that order):
 * their state before, the simulation (with their state after), and the fee the wallet pays.
 */
export interface Effect {
  before: Array<RawAccount | null>;
  simulation: Simulation;
  feeLamports: bigint;
}

/**
 * A simulation that failed: the transaction would fail on chain, so none is offered.
 * `reason` says why in words; the agent answers it as a 422.
 */
export class SimulationRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly simulation: { err: unknown; logs: string[] },
  ) {
    super(reason);
  }
}

const SOL = { mint: SOL_MINT, symbol: 'SOL', decimals: 9 };

/** Lamports an account of no data (a wallet) must hold to exist: the rent-exempt minimum. */
export const WALLET_RENT_MINIMUM = 890_880n;

/**
 * The accounts whose change a preview reports, in its order: the wallet, its wrapped SOL, its
 * associated account of each token, then the accounts it creates for others.
 */
export function watchedAccounts(request: Pick<PreviewRequest, 'wallet' | 'tokens' | 'creates'>): string[] {
  return [
    request.wallet,
    associatedAccount(SOL_MINT, request.wallet, 'token').toBase58(),
    ...previewedTokens(request).map((token) => associatedAccount(token.mint, request.wallet, token.program).toBase58()),
    ...(request.creates ?? []).map(({ address }) => address),
  ];
}

/**
 * The effect of a transaction built elsewhere (Jupiter's), in one batch of reads: the watched
 * accounts as they stand, the transaction simulated without signature checks and with its own
 * blockhash, returning them after (https://solana.com/docs/rpc/http/simulatetransaction), and
 * the fee the cluster charges. Throws SimulationRefusal when the transaction would fail.
 */
export async function simulateEffect(chain: ChainGateway, wire: Uint8Array, request: Pick<PreviewRequest, 'wallet' | 'tokens' | 'creates'>): Promise<Effect> {
  const addresses = watchedAccounts(request);
  const { message } = VersionedTransaction.deserialize(wire);
  const [before, simulation, fee] = await Promise.all([chain.accounts(addresses), simulateOrRefuse(chain, wire, message, addresses, request.tokens), chain.feeForMessage(message)]);
  return { before, simulation, feeLamports: fee ?? 0n };
}

/**
 * Simulates `wire` (the transaction of `message`) without signature checks, with the state
 * after it of `addresses`; a transaction that would fail is a SimulationRefusal in words.
 */
export async function simulateOrRefuse(chain: ChainGateway, wire: Uint8Array, message: VersionedMessage, addresses: string[], tokens: PreviewToken[]): Promise<Simulation> {
  const simulation = await chain.simulate(wire, false, addresses);
  if (simulation.err) throw new SimulationRefusal(explainFailure(simulation.err, simulation.logs, message, tokens), simulation);
  return simulation;
}

/**
 * What a transaction will do to the session wallet, from its effect: SOL is the wallet's
 * lamports plus its wrapped SOL (so the fee and any rent it pays are in it), each token the sum
 * of its associated accounts. `before` is the portfolio's balance, `after` = before + change, so
 * the portfolio read after the transaction lands equals `after` to the base unit.
 */
export function describePreview(request: PreviewRequest, { before, simulation, feeLamports }: Effect): TransactionPreview {
  const tokenAccounts = previewedTokens(request);
  const creates = request.creates ?? [];
  const after = simulation.accounts;
  const changes: BalanceChange[] = [];
  const solChange = (after[0]?.lamports ?? 0n) - (before[0]?.lamports ?? 0n) + tokenAmount(after[1]) - tokenAmount(before[1]);
  const entry = (token: { mint: string; symbol: string; decimals: number }, change: bigint) => {
    const was = request.holdings.get(token.mint) ?? 0n;
    changes.push({ ...token, before: was.toString(), after: (was + change).toString(), change: change.toString() });
  };
  if (solChange !== 0n) entry(SOL, solChange);
  const warnings = [...(request.warnings ?? [])];
  const rent = (account: RawAccount | null) => formatUnits(account?.lamports ?? 0n, 9);
  tokenAccounts.forEach((token, i) => {
    const change = tokenAmount(after[2 + i]) - tokenAmount(before[2 + i]);
    if (change !== 0n) entry(token, change);
    if (!before[2 + i] && after[2 + i]) {
      warnings.push(`Creates your ${token.symbol} token account: ${rent(after[2 + i])} SOL of rent, counted in the SOL change (returned if you close the account).`);
    }
  });
  creates.forEach(({ label }, i) => {
    const at = 2 + tokenAccounts.length + i;
    if (!before[at] && after[at]) warnings.push(`Creates ${label}, paid by your wallet: ${rent(after[at])} SOL of rent, counted in the SOL change.`);
  });
  const transferFees = (request.transferFees ?? []).map(({ mint, amount, payee }) => {
    const token = request.tokens.find((candidate) => candidate.mint === mint);
    const symbol = token?.symbol ?? mint;
    const decimals = token?.decimals ?? 0;
    warnings.push(`${symbol} charges a transfer fee: ${formatUnits(amount, decimals)} ${symbol} is withheld by the mint from what ${payee} receive${payee === 'you' ? '' : 's'}.`);
    return { mint, symbol, decimals, amount: amount.toString(), payee };
  });
  const solAfter = (request.holdings.get(SOL_MINT) ?? 0n) + solChange;
  if (solAfter < 10_000_000n) {
    warnings.push(`Leaves ${formatUnits(solAfter, 9)} SOL in the wallet: too little to pay the fees of many more transactions.`);
  }
  return {
    simulated: true,
    balanceChanges: changes,
    feeLamports: feeLamports.toString(),
    computeUnits: simulation.unitsConsumed,
    transferFees,
    warnings,
  };
}

/** The tokens other than SOL whose associated accounts a preview watches. */
function previewedTokens(request: Pick<PreviewRequest, 'tokens'>): PreviewToken[] {
  return request.tokens.filter((token) => token.mint !== SOL_MINT);
}

const TOKEN_PROGRAMS = new Set([TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]);

/** The token amount of a token account (either program); 0 for none or anything else. */
function tokenAmount(account: RawAccount | null): bigint {
  if (!account || account.data.length < ACCOUNT_SIZE) return 0n;
  if (!TOKEN_PROGRAMS.has(account.owner)) return 0n;
  return AccountLayout.decode(account.data.subarray(0, ACCOUNT_SIZE)).amount;
}

/**
 * Why a simulated transaction fails, in words a wallet's owner understands, from the error and
 * the program logs: not enough SOL for the fee or the amount, not enough of a token (named from
 * the failing instruction's mint), a frozen account, rent, a stale blockhash; else the error.
 */
export function explainFailure(err: unknown, logs: string[], message: VersionedMessage, tokens: PreviewToken[]): string {
  const text = JSON.stringify(err);
  const lamports = logs.map((line) => /insufficient lamports (\d+), need (\d+)/.exec(line)).find(Boolean);
  if (/InsufficientFundsForFee|"AccountNotFound"/.test(text)) {
    return 'Insufficient funds: the wallet has not enough SOL to pay the network fee.';
  }
  if (lamports) {
    return `Insufficient funds: this moves ${formatUnits(BigInt(lamports[2]), 9)} SOL but the wallet has ${formatUnits(BigInt(lamports[1]), 9)} SOL once the network fee is paid.`;
  }
  if (logs.some((line) => /Error: insufficient funds/i.test(line))) {
    const symbol = failingMintSymbol(err, message, tokens);
    return `Insufficient funds: the wallet holds less ${symbol ?? 'of the token'} than this transaction moves.`;
  }
  if (logs.some((line) => /Account is frozen/i.test(line))) {
    return 'The token account is frozen: the token’s freeze authority has locked it, so it cannot send or receive.';
  }
  if (/InsufficientFundsForRent/.test(text)) {
    const minimum = `${formatUnits(WALLET_RENT_MINIMUM, 9)} SOL (${WALLET_RENT_MINIMUM.toLocaleString('en-US')} lamports)`;
    const index = (err as { InsufficientFundsForRent?: { account_index?: number } })?.InsufficientFundsForRent?.account_index;
    const account = index ? message.staticAccountKeys[index]?.toBase58() : undefined;
    if (account) {
      return `Insufficient funds for rent: ${account} is a new account, and a new account must receive at least the rent-exempt minimum: ${minimum}. Send at least that much.`;
    }
    return `Insufficient funds: the transaction would leave too little SOL in the wallet to stay rent-exempt (keep at least ${minimum}, or spend all of it in a transfer).`;
  }
  if (/BlockhashNotFound/.test(text)) return 'The transaction’s blockhash expired: ask again for a fresh transaction.';
  const last = logs.filter((line) => !/invoke \[|success$|consumed/.test(line)).slice(-1)[0];
  return `The transaction would fail on chain (${text}${last ? `: ${last}` : ''}).`;
}

/** The symbol of the mint of the token instruction that failed, when it names one (transferChecked's second account). */
function failingMintSymbol(err: unknown, message: VersionedMessage, tokens: PreviewToken[]): string | undefined {
  const index = (err as { InstructionError?: [number, unknown] })?.InstructionError?.[0];
  if (index === undefined) return undefined;
  const instruction = message.compiledInstructions[index];
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  if (!instruction || !TOKEN_PROGRAMS.has(keys[instruction.programIdIndex])) return undefined;
  const mint = keys[instruction.accountKeyIndexes[1]];
  return tokens.find((token) => token.mint === mint)?.symbol;
}
