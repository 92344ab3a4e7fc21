import { getTransferFeeConfig, unpackMint, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, type TransferFeeConfig } from '@solana/spl-token';
import { Connection, PublicKey, SolanaJSONRPCError, VersionedTransaction, type SignatureStatus, type VersionedMessage } from '@solana/web3.js';
import { DomainError } from '../shared/errors';
import type { Network, TokenProgram } from '../tokens/token-registry';

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
}

/**
 * The one way Parley reads and writes a Solana cluster: JSON-RPC through @solana/web3.js
 * `Connection`, whether the node is a real one (SOLANA_RPC_URL) or the embedded local ledger.
 * Calls time out, are retried with backoff when the node cannot be reached, and then fail as
 * 503 `service_unavailable`. One instance per network lives as long as the service.
 */
export class ChainGateway {
  private readonly connection: Connection;

  constructor(
    readonly network: Network,
    rpcUrl: string,
    private readonly options: GatewayOptions = {},
  ) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    this.connection = new Connection(rpcUrl, {
      commitment: 'confirmed',
      disableRetryOnRateLimit: true,
      // web3.js reports a failed request only when the error is `instanceof Error` of its own
      // realm; fetch errors from another realm (as under jest's VM) would leave it pending forever.
      fetch: (input, init) =>
        fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
          throw new Error(`${(error as Error)?.name}: ${(error as Error)?.message}`, { cause: error });
        }),
    });
  }

  /** Lamports held by `owner` (https://solana.com/docs/rpc/http/getbalance). */
  async solBalance(owner: string): Promise<bigint> {
    return BigInt(await this.call('getBalance', () => this.connection.getBalance(new PublicKey(owner))));
  }

  /** Every token account of `owner` under SPL Token and Token-2022 (jsonParsed, https://solana.com/docs/rpc/http/gettokenaccountsbyowner). */
  async tokenAccounts(owner: string): Promise<TokenHolding[]> {
    const programs: Array<[TokenProgram, PublicKey]> = [
      ['token', TOKEN_PROGRAM_ID],
      ['token-2022', TOKEN_2022_PROGRAM_ID],
    ];
    const lists = await Promise.all(
      programs.map(async ([program, programId]) => {
        const { value } = await this.call('getTokenAccountsByOwner', () =>
          this.connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { programId }),
        );
        return value.map(({ pubkey, account }) => {
          const info = (account.data as { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } }).parsed.info;
          return {
            account: pubkey.toBase58(),
            mint: info.mint,
            program,
            amount: BigInt(info.tokenAmount.amount),
            decimals: info.tokenAmount.decimals,
          };
        });
      }),
    );
    return lists.flat();
  }

  /** Decimals and owning program of a mint, read from the mint account; null when there is none. */
  async mint(mint: string): Promise<MintInfo | null> {
    const key = new PublicKey(mint);
    const account = await this.call('getAccountInfo', () => this.connection.getAccountInfo(key));
    if (!account) return null;
    const program: TokenProgram | null = account.owner.equals(TOKEN_2022_PROGRAM_ID)
      ? 'token-2022'
      : account.owner.equals(TOKEN_PROGRAM_ID)
        ? 'token'
        : null;
    if (!program) return null;
    const unpacked = unpackMint(key, account, account.owner);
    const transferFee = program === 'token-2022' ? getTransferFeeConfig(unpacked) : null;
    return { decimals: unpacked.decimals, program, ...(transferFee && { transferFee }) };
  }

  /** The current epoch (https://solana.com/docs/rpc/http/getepochinfo): transfer fees change by epoch. */
  async epoch(): Promise<bigint> {
    return BigInt((await this.call('getEpochInfo', () => this.connection.getEpochInfo())).epoch);
  }

  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
    return this.call('getLatestBlockhash', () => this.connection.getLatestBlockhash());
  }

  blockHeight(): Promise<number> {
    return this.call('getBlockHeight', () => this.connection.getBlockHeight());
  }

  /**
   * Runs a transaction without committing it (https://solana.com/docs/rpc/http/simulatetransaction):
   * its error, if any, its logs, the compute units it used, and the state after it of the
   * accounts in `accounts` (in that order; null where there is none). Signatures are checked
   * only when `verifySignatures`; the transaction's own blockhash is kept (replaceRecentBlockhash
   * false), so a stale one fails as it would on sending.
   */
  async simulate(wire: Uint8Array, verifySignatures = true, accounts: string[] = []): Promise<Simulation> {
    const transaction = VersionedTransaction.deserialize(wire);
    const { value } = await this.call('simulateTransaction', () =>
      this.connection.simulateTransaction(transaction, {
        sigVerify: verifySignatures,
        replaceRecentBlockhash: false,
        commitment: 'confirmed',
        ...(accounts.length > 0 && { accounts: { encoding: 'base64', addresses: accounts } }),
      }),
    );
    return {
      err: value.err,
      logs: value.logs ?? [],
      unitsConsumed: value.unitsConsumed ?? 0,
      accounts: (value.accounts ?? accounts.map(() => null)).map((account) =>
        account ? { owner: account.owner, lamports: BigInt(account.lamports), data: Buffer.from((account.data as unknown as [string, string])[0], 'base64') } : null,
      ),
    };
  }

  /** Accounts as they stand, in the order asked; null where there is none (https://solana.com/docs/rpc/http/getmultipleaccounts). */
  async accounts(addresses: string[]): Promise<Array<RawAccount | null>> {
    const found = await this.call('getMultipleAccounts', () => this.connection.getMultipleAccountsInfo(addresses.map((key) => new PublicKey(key))));
    return found.map((account) => account && { owner: account.owner.toBase58(), lamports: BigInt(account.lamports), data: account.data });
  }

  /** The fee the cluster charges for a message, in lamports (https://solana.com/docs/rpc/http/getfeeformessage). */
  async feeForMessage(message: VersionedMessage): Promise<bigint | null> {
    const { value } = await this.call('getFeeForMessage', () => this.connection.getFeeForMessage(message));
    return value === null ? null : BigInt(value);
  }

  /** Sends signed wire bytes; resolves with the signature. A rejected transaction is an error of its own (not retried). */
  send(wire: Uint8Array): Promise<string> {
    return this.call('sendTransaction', () => this.connection.sendRawTransaction(wire, { skipPreflight: false }));
  }

  async signatureStatus(signature: string): Promise<SignatureStatus | null> {
    const { value } = await this.call('getSignatureStatuses', () => this.connection.getSignatureStatuses([signature]));
    return value[0];
  }

  /**
   * Runs `request`, retrying with exponential backoff while the node cannot be reached.
   * Errors the node itself answered (a JSON-RPC error, a rejected transaction) are not retried.
   */
  private async call<T>(method: string, request: () => Promise<T>): Promise<T> {
    const attempts = this.options.attempts ?? 3;
    let last: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        return await request();
      } catch (error) {
        if (!unreachable(error)) throw error;
        last = error;
        if (attempt < attempts - 1) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
    throw new DomainError('service_unavailable', `The Solana ${this.network} RPC node is unreachable (${method})`, { cause: last });
  }
}

/** Whether an error means the node could not be reached or did not answer, as opposed to an answer. */
function unreachable(error: unknown): boolean {
  if (error instanceof SolanaJSONRPCError) return false;
  const text = `${(error as Error)?.name} ${(error as Error)?.message} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|TimeoutError|AbortError|socket hang up|50[234]|failed to get/i.test(text);
}
