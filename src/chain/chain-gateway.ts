import { getTransferFeeConfig, unpackMint, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, type TransferFeeConfig } from '@solana/spl-token';
import { PublicKey, type SignatureStatus, type VersionedMessage } from '@solana/web3.js';
import DataLoader from 'dataloader';
import { SOL_MINT, type Network, type TokenProgram } from '../tokens/token-registry';
import { JsonRpcClient, type JsonRpcNode } from './json-rpc';

export interface TokenHolding {
  /** The token account's address. */
  account: string;
  mint: string;
  program: TokenProgram;
  amount: bigint;
  decimals: number;
}

export interface MintInfo {
  decimals: number;
  program: TokenProgram;
  /** Token-2022 mints with the transfer-fee extension: its configuration (older and newer fee). */
  transferFee?: TransferFeeConfig;
}

/** An account's owner, lamports and data, as read or as a simulation left it. */
export interface RawAccount {
  owner: string;
  lamports: bigint;
  data: Buffer;
}

export interface Simulation {
  /** The transaction error, in the node's JSON shape; null when it would succeed. */
  err: unknown;
  logs: string[];
  unitsConsumed: number;
  /** The accounts asked for, after the transaction (null where there is none, or when it failed). */
  accounts: Array<RawAccount | null>;
}

export interface GatewayOptions {
  timeoutMs?: number;
  /** Attempts per call when the RPC cannot be reached (default 3, backing off 100 ms, 200 ms, …). */
  attempts?: number;
  /** Calls per second the node allows (SOLANA_RPC_RPS). */
  callsPerSecond?: number;
}

/** How long a transfer-fee mint's facts are kept (a fee changes two epochs after it is set); other mints' are kept for good. */
const FEE_MINT_TTL_MS = 60_000;
/**
 * How long a remote node's latest blockhash is used for new transactions: a blockhash is valid
 * for 150 blocks (about 60 s), so one at most this old leaves a transaction most of its life.
 */
const BLOCKHASH_TTL_MS = 10_000;
/** The most addresses one getMultipleAccounts takes. */
const MAX_ACCOUNTS_PER_CALL = 100;

/**
 * The one way Parley reads and writes a Solana cluster: JSON-RPC (json-rpc.ts), whether the
 * node is a real one (SOLANA_RPC_URL, over HTTP) or the embedded local ledger (in this
 * process, the same requests without a socket). Reads made together go out
 * as one batch, and the accounts read together as one getMultipleAccounts; calls time out, are
 * retried with backoff when the node cannot be reached, and then fail as 503
 * `service_unavailable`. Mint facts are kept, and a remote node's blockhash for a few seconds.
 * One instance per network lives as long as the service.
 */
export class ChainGateway {
  private readonly rpc: JsonRpcClient;
  private readonly mints = new Map<string, { info: Promise<MintInfo | null>; until: number }>();
  private readonly accountLoader: DataLoader<string, RawAccount | null>;
  private readonly remote: boolean;
  private blockhash?: { latest: Promise<{ blockhash: string; lastValidBlockHeight: number }>; until: number };

  constructor(
    readonly network: Network,
    node: JsonRpcNode,
    options: GatewayOptions = {},
  ) {
    this.rpc = new JsonRpcClient(node, { ...options, name: `Solana ${network}` });
    this.remote = typeof node === 'string';
    // Gathered just before the JSON-RPC batch is sent: the accounts a message reads together (its
    // recipient, its own accounts before a simulation, its SOL) go as one call, in the same
    // request as the simulation and the balances.
    this.accountLoader = new DataLoader((addresses) => this.readAccounts(addresses), {
      cache: false,
      maxBatchSize: MAX_ACCOUNTS_PER_CALL,
      batchScheduleFn: this.rpc.beforeBatch,
    });
  }

  /** Resolves when the node reports itself healthy (https://solana.com/docs/rpc/http/gethealth), for /health/ready. */
  async health(): Promise<void> {
    await this.rpc.call('getHealth');
  }

  /**
   * Lamports held by `owner`: its account's, read with the other accounts asked for at the same
   * moment in one getMultipleAccounts (a getBalance would be a call of its own); 0 for none.
   */
  async solBalance(owner: string): Promise<bigint> {
    const [account] = await this.accounts([owner]);
    return account?.lamports ?? 0n;
  }

  /** Every token account of `owner` under SPL Token and Token-2022 (jsonParsed, https://solana.com/docs/rpc/http/gettokenaccountsbyowner). */
  async tokenAccounts(owner: string): Promise<TokenHolding[]> {
    const programs: Array<[TokenProgram, string]> = [
      ['token', TOKEN_PROGRAM],
      ['token-2022', TOKEN_2022_PROGRAM],
    ];
    const lists = await Promise.all(
      programs.map(async ([program, programId]) => {
        const { value } = await this.rpc.call<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [owner, { programId }, { ...CONFIRMED, encoding: 'jsonParsed' }]);
        return value.map(({ pubkey, account }) => {
          const { mint, tokenAmount } = account.data.parsed.info;
          return { account: pubkey, mint, program, amount: BigInt(tokenAmount.amount), decimals: tokenAmount.decimals };
        });
      }),
    );
    return lists.flat();
  }

  /**
   * What `owner` holds of one token in base units, as the portfolio sums it: every token
   * account of the mint; for SOL, the lamports plus wrapped SOL.
   */
  async balance(owner: string, mint: string): Promise<bigint> {
    const [lamports, { value }] = await Promise.all([
      mint === SOL_MINT ? this.solBalance(owner) : 0n,
      this.rpc.call<{ value: Array<{ account: { data: [string, string] } }> }>('getTokenAccountsByOwner', [owner, { mint }, { ...CONFIRMED, encoding: 'base64' }]),
    ]);
    return value.reduce((sum, { account }) => sum + Buffer.from(account.data[0], 'base64').readBigUInt64LE(TOKEN_AMOUNT_OFFSET), lamports);
  }

  /**
   * Decimals and owning program of a mint, read from the mint account (kept for good; a minute
   * for one with a transfer fee); null when there is none.
   */
  mint(mint: string): Promise<MintInfo | null> {
    const now = Date.now();
    const kept = this.mints.get(mint);
    if (kept && kept.until > now) return kept.info;
    const info = this.readMint(mint);
    const entry = { info, until: Infinity };
    this.mints.set(mint, entry);
    // A mint not there yet, or a failed read, is asked again next time.
    const forget = () => void this.mints.delete(mint);
    info.then((found) => {
      if (!found) forget();
      else if (found.transferFee) entry.until = now + FEE_MINT_TTL_MS;
    }, forget);
    return info;
  }

  private async readMint(mint: string): Promise<MintInfo | null> {
    const [account] = await this.accounts([mint]);
    const program: TokenProgram | null = account?.owner === TOKEN_2022_PROGRAM ? 'token-2022' : account?.owner === TOKEN_PROGRAM ? 'token' : null;
    if (!account || !program) return null;
    const key = new PublicKey(mint);
    const unpacked = unpackMint(key, { ...account, owner: new PublicKey(account.owner), lamports: Number(account.lamports), executable: false }, new PublicKey(account.owner));
    const transferFee = program === 'token-2022' ? getTransferFeeConfig(unpacked) : null;
    return { decimals: unpacked.decimals, program, ...(transferFee && { transferFee }) };
  }

  /** The current epoch (https://solana.com/docs/rpc/http/getepochinfo): transfer fees change by epoch. */
  async epoch(): Promise<bigint> {
    return BigInt((await this.rpc.call<{ epoch: number }>('getEpochInfo', [CONFIRMED])).epoch);
  }

  /** The blockhash new transactions use and its last valid block height; a remote node's is kept BLOCKHASH_TTL_MS. */
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
    const now = Date.now();
    if (this.blockhash && this.blockhash.until > now) return this.blockhash.latest;
    const latest = this.rpc.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [CONFIRMED]).then(({ value }) => value);
    if (this.remote) {
      const entry = { latest, until: now + BLOCKHASH_TTL_MS };
      this.blockhash = entry;
      latest.catch(() => this.blockhash === entry && (this.blockhash = undefined));
    }
    return latest;
  }

  blockHeight(): Promise<number> {
    return this.rpc.call('getBlockHeight', [CONFIRMED]);
  }

  /**
   * Runs a transaction without committing it (https://solana.com/docs/rpc/http/simulatetransaction):
   * its error, if any, its logs, the compute units it used, and the state after it of the
   * accounts in `accounts` (in that order; null where there is none). Signatures are checked
   * only when `verifySignatures`; the transaction's own blockhash is kept (replaceRecentBlockhash
   * false), so a stale one fails as it would on sending.
   */
  async simulate(wire: Uint8Array, verifySignatures = true, accounts: string[] = []): Promise<Simulation> {
    const { value } = await this.rpc.call<{ value: { err: unknown; logs: string[] | null; unitsConsumed?: number; accounts: Array<WireAccount | null> | null } }>(
      'simulateTransaction',
      [
        Buffer.from(wire).toString('base64'),
        {
          ...CONFIRMED,
          encoding: 'base64',
          sigVerify: verifySignatures,
          replaceRecentBlockhash: false,
          ...(accounts.length > 0 && { accounts: { encoding: 'base64', addresses: accounts } }),
        },
      ],
    );
    return {
      err: value.err,
      logs: value.logs ?? [],
      unitsConsumed: value.unitsConsumed ?? 0,
      accounts: (value.accounts ?? accounts.map(() => null)).map((account) => account && rawAccount(account)),
    };
  }

  /** Accounts as they stand, in the order asked; null where there is none (https://solana.com/docs/rpc/http/getmultipleaccounts). */
  async accounts(addresses: string[]): Promise<Array<RawAccount | null>> {
    const accounts = await this.accountLoader.loadMany(addresses);
    const failed = accounts.find((account) => account instanceof Error);
    if (failed) throw failed;
    return accounts as Array<RawAccount | null>;
  }

  private async readAccounts(addresses: readonly string[]): Promise<Array<RawAccount | null>> {
    const { value } = await this.rpc.call<{ value: Array<WireAccount | null> }>('getMultipleAccounts', [addresses, { ...CONFIRMED, encoding: 'base64' }]);
    return value.map((account) => account && rawAccount(account));
  }

  /** The fee the cluster charges for a message, in lamports (https://solana.com/docs/rpc/http/getfeeformessage). */
  async feeForMessage(message: VersionedMessage): Promise<bigint | null> {
    const { value } = await this.rpc.call<{ value: number | null }>('getFeeForMessage', [Buffer.from(message.serialize()).toString('base64'), CONFIRMED]);
    return value === null ? null : BigInt(value);
  }

  /** Sends signed wire bytes; resolves with the signature. A rejected transaction is a JsonRpcError (not retried). */
  send(wire: Uint8Array): Promise<string> {
    return this.rpc.call('sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64', preflightCommitment: 'confirmed' }]);
  }

  async signatureStatus(signature: string): Promise<SignatureStatus | null> {
    const { value } = await this.rpc.call<{ value: Array<SignatureStatus | null> }>('getSignatureStatuses', [[signature]]);
    return value[0];
  }
}

const CONFIRMED = { commitment: 'confirmed' };
const TOKEN_PROGRAM = TOKEN_PROGRAM_ID.toBase58();
const TOKEN_2022_PROGRAM = TOKEN_2022_PROGRAM_ID.toBase58();
/** Where a token account (either program) keeps its amount, a u64: after the mint and the owner. */
const TOKEN_AMOUNT_OFFSET = 64;

interface WireAccount {
  owner: string;
  lamports: number;
  data: [string, string];
}

interface ParsedTokenAccount {
  pubkey: string;
  account: { data: { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } } };
}

function rawAccount(account: WireAccount): RawAccount {
  return { owner: account.owner, lamports: BigInt(account.lamports), data: Buffer.from(account.data[0], 'base64') };
}
