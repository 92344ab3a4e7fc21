import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_SIZE,
  AccountLayout,
  MINT_SIZE,
  MintLayout,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { address, getTransactionDecoder, lamports, type EncodedAccount } from '@solana/kit';
import bs58 from 'bs58';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { formatUnits } from '../shared/amounts';
import { invalidField } from '../shared/errors';
import { SOL_MINT, type Network, type Token } from '../tokens/token-registry';
import { associatedAccount } from './associated-account';
import { feeForMessage } from './fees';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const U64_MAX = 2n ** 64n - 1n;

/**
 * What the local pool holds of each token at start-up, in base units: 10^17, or 10^(decimals + 12)
 * when that is less (a trillion whole tokens). Enough for any swap the estimator quotes on its
 * virtual depths (at most $100M a side), while a wallet can still be funded up to what a u64
 * holds minus this (the faucet's tests take 18 × 10^18 base units of a 9-decimal token).
 */
export function poolReserve(decimals: number): bigint {
  const trillion = 10n ** BigInt(decimals + 12);
  return trillion < 10n ** 17n ? trillion : 10n ** 17n;
}

/**
 * The embedded Solana ledger used when no RPC URL is configured for a network: LiteSVM (the
 * real Solana runtime with the SPL Token, Token-2022 and Associated Token Account programs) in
 * this process, served on loopback as the JSON-RPC methods the chain gateway calls. The app
 * therefore speaks the same JSON-RPC to it as to a real node, and the transactions it builds
 * really execute. State lives in memory and starts afresh with the service.
 *
 * Seeded with every registry mint of its network at its real address and decimals, under the
 * program that owns it on mainnet (PYUSD is Token-2022). `airdrop` is the dev faucet.
 *
 * It also holds the **local pool** (`pool`): a keypair of the ledger's own, funded at start-up
 * with `poolReserve` of SOL and of every registry token, which settles swaps quoted by the
 * offline estimator (route source `local-pool`, see src/chain/pool-swap.ts). It is this
 * ledger's counterparty, not a market: it pays whatever the estimate says, and its reserves
 * do not move the price.
 *
 * Methods: getAccountInfo (base64), getMultipleAccounts (base64), getBalance, getEpochInfo,
 * getTokenAccountsByOwner (jsonParsed or base64), getLatestBlockhash, getBlockHeight, getSlot,
 * getMinimumBalanceForRentExemption, getFeeForMessage, simulateTransaction (sigVerify,
 * replaceRecentBlockhash, accounts), sendTransaction, getSignatureStatuses, getHealth,
 * getVersion, getGenesisHash (https://solana.com/docs/rpc/http).
 */
export class LocalLedger {
  readonly svm = new LiteSVM();
  private readonly mintAuthority = Keypair.generate();
  /** The local pool's keypair: it signs its leg of every local-pool swap. Lives with the ledger. */
  readonly pool = Keypair.generate();
  private readonly statuses = new Map<string, { slot: number; err: unknown }>();
  /**
   * Token accounts by owner, as far as they were seen: getTokenAccountsByOwner reads these
   * instead of every account of both token programs, so its cost grows with the wallet, not
   * the ledger. Kept on airdrops and after each executed transaction (from its account keys);
   * each entry is checked against the account when read, so a closed or transferred account
   * drops out. Each account is kept with its mint and program, so a read of one mint or one
   * program reads only their accounts.
   */
  private readonly tokenAccounts = new Map<string, Map<string, { mint: string; program: string }>>();
  /** Decimals by mint, as read (a mint's decimals never change). */
  private readonly decimals = new Map<string, number>();
  private server?: Server;
  /** Block height of the current blockhash; a blockhash is valid for 150 blocks. */
  private blockHeight = 1000;
  url = '';

  constructor(
    readonly network: Network,
    tokens: readonly Token[],
  ) {
    for (const token of tokens) this.addMint(token);
    for (const token of tokens) this.airdrop(this.pool.publicKey.toBase58(), token, poolReserve(token.decimals));
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Funds `owner` with `amount` base units of `token` by setting balances directly (there is
   * no faucet account to drain): lamports for SOL; for an SPL token, its associated token
   * account, created from nothing when missing (the wallet pays no rent), and the mint's
   * supply grows by as much. `owner` must be a wallet (a system account or none yet), and no
   * balance or supply may pass u64: each is 400 naming the field, never a wrapped balance.
   */
  airdrop(owner: string, token: Token, amount: bigint): void {
    const wallet = this.svm.getAccount(address(owner));
    if (wallet.exists && (wallet.executable || wallet.programAddress !== SYSTEM_PROGRAM || wallet.data.length > 0)) {
      throw invalidField('walletAddress', `${owner} is not a wallet: it is a program or an account owned by one`);
    }
    if (token.mint === SOL_MINT) {
      const balance = (wallet.exists ? wallet.lamports : 0n) + amount;
      if (balance > U64_MAX) throw invalidField('amount', 'The wallet would hold more lamports than a u64 can (about 18.4 billion SOL)');
      this.svm.setAccount({ address: address(owner), data: new Uint8Array(), executable: false, lamports: lamports(balance), programAddress: address(SYSTEM_PROGRAM), space: 0n, exists: true } as EncodedAccount);
      return;
    }
    const programId = programOf(token);
    const mint = new PublicKey(token.mint);
    const mintAccount = this.svm.getAccount(address(token.mint));
    const decodedMint = mintAccount.exists ? MintLayout.decode(mintAccount.data) : undefined;
    if (decodedMint && decodedMint.supply + amount > U64_MAX) {
      throw invalidField('amount', `${token.symbol}'s supply would pass what a u64 can hold`);
    }
    const ata = associatedAccount(token.mint, owner, token.program);
    const existing = this.svm.getAccount(address(ata.toBase58()));
    const data = Buffer.alloc(ACCOUNT_SIZE);
    if (existing.exists) {
      const account = AccountLayout.decode(existing.data);
      if (account.amount + amount > U64_MAX) throw invalidField('amount', `The wallet would hold more ${token.symbol} than a u64 can`);
      AccountLayout.encode({ ...account, amount: account.amount + amount }, data);
    } else {
      AccountLayout.encode(
        {
          mint,
          owner: new PublicKey(owner),
          amount,
          delegateOption: 0,
          delegate: PublicKey.default,
          state: 1,
          isNativeOption: 0,
          isNative: 0n,
          delegatedAmount: 0n,
          closeAuthorityOption: 0,
          closeAuthority: PublicKey.default,
        },
        data,
      );
    }
    this.put(ata.toBase58(), data, programId);
    if (decodedMint) {
      const mintData = Buffer.alloc(MINT_SIZE);
      MintLayout.encode({ ...decodedMint, supply: decodedMint.supply + amount }, mintData);
      this.put(token.mint, mintData, programId);
    }
  }

  /** Moves the chain on by `blocks`: the current blockhash is replaced, as on a real cluster. */
  advance(blocks: number): void {
    this.blockHeight += blocks;
    this.svm.expireBlockhash();
  }

  /** Creates a mint account for `token` (the registry mints are created at start-up). */
  addMint(token: Token): void {
    const data = Buffer.alloc(MINT_SIZE);
    const native = token.mint === SOL_MINT;
    MintLayout.encode(
      {
        mintAuthorityOption: native ? 0 : 1,
        mintAuthority: native ? PublicKey.default : this.mintAuthority.publicKey,
        supply: 0n,
        decimals: token.decimals,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      data,
    );
    this.put(token.mint, data, programOf(token));
  }

  /**
   * Writes `data` as a rent-exempt account owned by `owner` (a program), and indexes it when it
   * is a token account. Every write of a token account outside a transaction goes through here.
   */
  put(account: string, data: Buffer, owner: PublicKey): void {
    this.svm.setAccount({
      address: address(account),
      data: new Uint8Array(data),
      executable: false,
      lamports: lamports(this.svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: address(owner.toBase58()),
      space: BigInt(data.length),
      exists: true,
    } as EncodedAccount);
    this.index(account);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    const calls = Array.isArray(body) ? body : [body];
    const answers = calls.map((call: { id?: unknown; method?: string; params?: unknown[] }) => {
      try {
        return { jsonrpc: '2.0', id: call.id ?? null, result: this.call(call.method ?? '', call.params ?? []) };
      } catch (error) {
        const rpc = error instanceof RpcError ? error : new RpcError(-32603, (error as Error).message);
        return { jsonrpc: '2.0', id: call.id ?? null, error: { code: rpc.code, message: rpc.message, data: rpc.data } };
      }
    });
    reply(res, Array.isArray(body) ? answers : answers[0]);
  }

  private context() {
    return { slot: Number(this.svm.getClock().slot), apiVersion: '2.1.0' };
  }

  private call(method: string, params: unknown[]): unknown {
    switch (method) {
      case 'getHealth':
        return 'ok';
      case 'getVersion':
        return { 'solana-core': '2.1.0', 'feature-set': 0 };
      case 'getGenesisHash':
        return `parley-local-${this.network}`;
      case 'getSlot':
        return Number(this.svm.getClock().slot);
      case 'getBlockHeight':
        return this.blockHeight;
      case 'getEpochInfo': {
        const clock = this.svm.getClock();
        return { absoluteSlot: Number(clock.slot), blockHeight: this.blockHeight, epoch: Number(clock.epoch), slotIndex: 0, slotsInEpoch: 432_000, transactionCount: this.statuses.size };
      }
      case 'getMinimumBalanceForRentExemption':
        return Number(this.svm.minimumBalanceForRentExemption(BigInt(params[0] as number)));
      case 'getBalance':
        return { context: this.context(), value: Number(this.svm.getBalance(address(pubkey(params[0]))) ?? 0n) };
      case 'getAccountInfo': {
        const account = this.svm.getAccount(address(pubkey(params[0])));
        return { context: this.context(), value: account.exists ? rawAccount(account) : null };
      }
      case 'getMultipleAccounts':
        return { context: this.context(), value: (params[0] as unknown[]).map((key) => this.rawAccountAt(pubkey(key))) };
      case 'getFeeForMessage':
        return { context: this.context(), value: Number(feeForMessage(decodeMessage(params[0] as string))) };
      case 'getLatestBlockhash':
        return { context: this.context(), value: { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.blockHeight + 150 } };
      case 'getTokenAccountsByOwner':
        return { context: this.context(), value: this.tokenAccountsOf(pubkey(params[0]), params[1] as { programId?: string; mint?: string }, params[2] as { encoding?: string } | undefined) };
      case 'sendTransaction':
        return this.send(params[0] as string);
      case 'simulateTransaction':
        return { context: this.context(), value: this.simulate(params[0] as string, (params[1] ?? {}) as SimulateConfig) };
      case 'getSignatureStatuses':
        return {
          context: this.context(),
          value: (params[0] as string[]).map((signature) => {
            const status = this.statuses.get(signature);
            if (!status) return null;
            return {
              slot: status.slot,
              confirmations: null,
              err: status.err,
              status: status.err ? { Err: status.err } : { Ok: null },
              confirmationStatus: 'finalized',
            };
          }),
        };
      default:
        throw new RpcError(-32601, `Method not found: ${method}`);
    }
  }

  /** Records `account` under its owner when it is a token account. */
  private index(account: string): void {
    const decoded = this.tokenAccount(account);
    if (!decoded) return;
    const owner = decoded.owner.toBase58();
    const entry = { mint: decoded.mint.toBase58(), program: decoded.program };
    const known = this.tokenAccounts.get(owner);
    if (known) known.set(account, entry);
    else this.tokenAccounts.set(owner, new Map([[account, entry]]));
  }

  /** The account's token-account fields and program, when it is a token account of either program. */
  private tokenAccount(account: string) {
    const found = this.svm.getAccount(address(account));
    if (!found.exists || found.data.length < ACCOUNT_SIZE || found.data.length === MINT_SIZE) return undefined;
    const program = found.programAddress as string;
    if (program !== TOKEN_PROGRAM_ID.toBase58() && program !== TOKEN_2022_PROGRAM_ID.toBase58()) return undefined;
    return { ...AccountLayout.decode(found.data.slice(0, ACCOUNT_SIZE)), program, account: found };
  }

  private decimalsOf(mint: string): number {
    let decimals = this.decimals.get(mint);
    if (decimals === undefined) {
      const account = this.svm.getAccount(address(mint));
      if (!account.exists) return 0;
      decimals = MintLayout.decode(account.data).decimals;
      this.decimals.set(mint, decimals);
    }
    return decimals;
  }

  /** The owner's token accounts of one program or mint, jsonParsed or (`encoding` base64) raw. */
  private tokenAccountsOf(owner: string, filter: { programId?: string; mint?: string }, config: { encoding?: string } = {}) {
    const out = [];
    for (const [pubkey, indexed] of this.tokenAccounts.get(owner) ?? []) {
      if ((filter.mint && indexed.mint !== filter.mint) || (filter.programId && indexed.program !== filter.programId)) continue;
      const decoded = this.tokenAccount(pubkey);
      if (!decoded || decoded.owner.toBase58() !== owner) continue;
      const { program, account } = decoded;
      if ((filter.programId && program !== filter.programId) || (filter.mint && decoded.mint.toBase58() !== filter.mint)) continue;
      if (config.encoding === 'base64') {
        out.push({ pubkey, account: rawAccount(account) });
        continue;
      }
      const decimals = this.decimalsOf(decoded.mint.toBase58());
      const amount = decoded.amount.toString();
      const ui = Number(amount) / 10 ** decimals;
      out.push({
        pubkey,
        account: {
          executable: false,
          owner: program,
          lamports: Number(account.lamports),
          rentEpoch: 0,
          space: account.data.length,
          data: {
            program: program === TOKEN_PROGRAM_ID.toBase58() ? 'spl-token' : 'spl-token-2022',
            space: account.data.length,
            parsed: {
              type: 'account',
              info: {
                isNative: false,
                mint: decoded.mint.toBase58(),
                owner,
                state: decoded.state === 2 ? 'frozen' : 'initialized',
                tokenAmount: { amount, decimals, uiAmount: ui, uiAmountString: formatUnits(decoded.amount, decimals) },
              },
            },
          },
        },
      });
    }
    return out;
  }

  private send(base64: string): string {
    const bytes = Buffer.from(base64, 'base64');
    const signature = bs58.encode(bytes.subarray(1, 65));
    const result = this.svm.sendTransaction(decodeTransaction(bytes));
    if (result instanceof FailedTransactionMetadata) {
      const err = rpcError(result.err());
      throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(err)}`, {
        err,
        logs: result.meta().logs(),
      });
    }
    this.statuses.set(signature, { slot: Number(this.svm.getClock().slot), err: null });
    for (const key of VersionedTransaction.deserialize(bytes).message.staticAccountKeys) this.index(key.toBase58());
    return signature;
  }

  /**
   * simulateTransaction as a node answers it: signatures checked unless `sigVerify` is false,
   * the transaction's own blockhash kept unless `replaceRecentBlockhash`, and the state after
   * the transaction of the accounts in `accounts.addresses` (null where there is none). LiteSVM
   * charges the fee in simulation as it does when executing.
   */
  private simulate(base64: string, config: SimulateConfig) {
    const bytes = config.encoding === 'base58' ? Buffer.from(bs58.decode(base64)) : Buffer.from(base64, 'base64');
    let transaction = decodeTransaction(bytes);
    if (config.replaceRecentBlockhash) {
      const decoded = VersionedTransaction.deserialize(bytes);
      decoded.message.recentBlockhash = this.svm.latestBlockhash();
      transaction = decodeTransaction(Buffer.from(decoded.serialize()));
    }
    const verify = config.sigVerify !== false && !config.replaceRecentBlockhash;
    this.svm.withSigverify(verify);
    let result;
    try {
      result = this.svm.simulateTransaction(transaction);
    } finally {
      this.svm.withSigverify(true);
    }
    const wanted = config.accounts?.addresses ?? [];
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return { err: rpcError(result.err()), logs: meta.logs(), accounts: null, unitsConsumed: Number(meta.computeUnitsConsumed()), returnData: null };
    }
    const meta = result.meta();
    const after = new Map(result.postAccounts().map((account) => [account.address as string, account]));
    const accounts = wanted.map((key) => {
      const changed = after.get(pubkey(key));
      if (changed) return changed.lamports === 0n && changed.data.length === 0 ? null : rawAccount(changed);
      return this.rawAccountAt(pubkey(key));
    });
    return {
      err: null,
      logs: meta.logs(),
      accounts: config.accounts ? accounts : null,
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData: null,
    };
  }

  private rawAccountAt(key: string) {
    const account = this.svm.getAccount(address(key));
    return account.exists ? rawAccount(account) : null;
  }
}

interface SimulateConfig {
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  encoding?: 'base64' | 'base58';
  accounts?: { encoding?: string; addresses: string[] };
}

const TRANSACTION_ERRORS = `AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee
  InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex
  SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding
  WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit
  WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner
  InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit
  WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded
  InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled`.split(/\s+/);
const INSTRUCTION_ERRORS = `GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall
  InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount
  UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange
  ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys
  AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync
  InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth
  MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded
  PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable
  IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner
  MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded
  BuiltinProgramsMustConsumeComputeUnits`.split(/\s+/);

/**
 * LiteSVM's transaction error in the JSON shape a node answers in `err`
 * (`"InsufficientFundsForFee"`, `{ "InstructionError": [0, { "Custom": 1 }] }`,
 * `{ "InsufficientFundsForRent": { "account_index": 1 } }`); its text where it is none of these.
 */
export function rpcError(error: unknown): unknown {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `TransactionError ${error}`;
  const value = error as { index?: number; err?: () => unknown; accountIndex?: number };
  if (typeof value?.index === 'number' && typeof value.err === 'function') {
    const inner = value.err() as number | { code?: number };
    const detail = typeof inner === 'number' ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError ${inner}`) : typeof inner?.code === 'number' ? { Custom: inner.code } : String(inner);
    return { InstructionError: [value.index, detail] };
  }
  if (typeof value?.accountIndex === 'number') return { InsufficientFundsForRent: { account_index: value.accountIndex } };
  return String(error);
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

function programOf(token: Token): PublicKey {
  return token.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
}

function pubkey(value: unknown): string {
  try {
    return new PublicKey(value as string).toBase58();
  } catch {
    throw new RpcError(-32602, `Invalid param: not a public key: ${String(value).slice(0, 60)}`);
  }
}

function decodeMessage(base64: string): VersionedMessage {
  try {
    return VersionedMessage.deserialize(Buffer.from(base64, 'base64'));
  } catch (error) {
    throw new RpcError(-32602, `Invalid message: ${(error as Error).message}`);
  }
}

function decodeTransaction(bytes: Buffer) {
  try {
    return getTransactionDecoder().decode(bytes);
  } catch (error) {
    throw new RpcError(-32602, `Invalid transaction: ${(error as Error).message}`);
  }
}

function rawAccount(account: EncodedAccount) {
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
}

function reply(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
