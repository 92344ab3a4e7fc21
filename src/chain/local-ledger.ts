import { createServer, type IncomingMessage, type Server } from 'node:http';
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
import bs58 from 'bs58';
import { formatUnits } from '../shared/amounts';
import { systemClock, type Clock } from '../shared/clock';
import { invalidField } from '../shared/errors';
import { SOL_MINT, type Network, type Token } from '../tokens/token-registry';
import { associatedAccount } from './associated-account';
import { feeForMessage } from './fees';
import type { JsonRpcAnswer, JsonRpcRequest } from './json-rpc';
import { Account, FailedTransactionMetadata, LiteSvm, rpcError } from './litesvm-binding';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = TOKEN_PROGRAM_ID.toBase58();
const TOKEN_2022_PROGRAM = TOKEN_2022_PROGRAM_ID.toBase58();
const U64_MAX = 2n ** 64n - 1n;
/** A cluster's slot time: the ledger makes one block per slot, skipping none. */
export const SLOT_MS = 400;
/** Blocks a blockhash stays valid for after the block it was taken at. */
const BLOCKHASH_VALIDITY = 150;

/** An account as the ledger holds it. */
interface LedgerAccount {
  owner: string;
  lamports: bigint;
  data: Uint8Array;
  executable: boolean;
}

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
 * this process, answering the JSON-RPC methods the chain gateway calls (`answer`: a batch of
 * requests in, their answers out; `serve` also puts it on loopback HTTP, as the tests' stand-in
 * for a configured node). The app therefore speaks the same JSON-RPC to it as to a real node,
 * and the transactions it builds really execute. State lives in memory and starts afresh with
 * the service.
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
  readonly svm = new LiteSvm();
  private readonly addresses = new AddressCodec();
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
  /** The current block height: 1,000 at genesis, then one more a slot. */
  private blockHeight = 1000;
  /** When slot 0 began, by `clock`. */
  private readonly genesisMs: number;
  /** Slots since genesis as of the last call: the chain moves on by the clock, one block a slot. */
  private slots = 0;
  /** Blockhashes still valid, oldest first, each with its last valid block height. */
  private readonly recentBlockhashes = new Map<string, number>();

  constructor(
    readonly network: Network,
    tokens: readonly Token[],
    /** The service's clock: slots, blockhashes and block height move with it (a test's stands still until moved). */
    private readonly clock: Clock = systemClock,
  ) {
    this.genesisMs = clock.now().getTime();
    // LiteSVM knows only its latest blockhash; the ledger keeps a cluster's window of them (see `refuseStaleBlockhash`).
    this.svm.setBlockhashCheck(false);
    this.recentBlockhashes.set(this.svm.latestBlockhash(), this.blockHeight + BLOCKHASH_VALIDITY);
    for (const token of tokens) this.addMint(token);
    for (const token of tokens) this.airdrop(this.pool.publicKey.toBase58(), token, poolReserve(token.decimals));
  }

  /** Serves `answer` as JSON-RPC over HTTP POST on loopback; resolves with the URL. */
  async serve(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const reply = await jsonRpcReply(req, (calls) => this.answer(calls));
      res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
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
    const wallet = this.accountAt(owner);
    if (wallet && (wallet.executable || wallet.owner !== SYSTEM_PROGRAM || wallet.data.length > 0)) {
      throw invalidField('walletAddress', `${owner} is not a wallet: it is a program or an account owned by one`);
    }
    if (token.mint === SOL_MINT) {
      const balance = (wallet?.lamports ?? 0n) + amount;
      if (balance > U64_MAX) throw invalidField('amount', 'The wallet would hold more lamports than a u64 can (about 18.4 billion SOL)');
      this.setAccount(owner, { owner: SYSTEM_PROGRAM, lamports: balance, data: new Uint8Array(), executable: false });
      return;
    }
    const programId = programOf(token);
    const mint = new PublicKey(token.mint);
    const mintAccount = this.accountAt(token.mint);
    const decodedMint = mintAccount ? MintLayout.decode(mintAccount.data) : undefined;
    if (decodedMint && decodedMint.supply + amount > U64_MAX) {
      throw invalidField('amount', `${token.symbol}'s supply would pass what a u64 can hold`);
    }
    const ata = associatedAccount(token.mint, owner, token.program);
    const existing = this.accountAt(ata.toBase58());
    const data = Buffer.alloc(ACCOUNT_SIZE);
    if (existing) {
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

  /**
   * Brings the chain up to the clock: for the slots passed since the last call, as many blocks
   * and a new blockhash, the Clock sysvar at the new slot and time; blockhashes past their last
   * valid block height are forgotten.
   */
  private keepTime(): void {
    const nowMs = this.clock.now().getTime();
    const slots = Math.floor((nowMs - this.genesisMs) / SLOT_MS);
    if (slots <= this.slots) return;
    this.blockHeight += slots - this.slots;
    this.slots = slots;
    this.svm.warpToSlot(BigInt(slots));
    const sysvar = this.svm.getClock();
    sysvar.unixTimestamp = BigInt(Math.floor(nowMs / 1000));
    this.svm.setClock(sysvar);
    this.svm.expireBlockhash();
    this.recentBlockhashes.set(this.svm.latestBlockhash(), this.blockHeight + BLOCKHASH_VALIDITY);
    for (const [blockhash, lastValid] of this.recentBlockhashes) {
      if (lastValid >= this.blockHeight) break;
      this.recentBlockhashes.delete(blockhash);
    }
  }

  /** A node's refusal of a transaction whose blockhash it does not know or is past its last valid block height. */
  private refuseStaleBlockhash(blockhash: string): void {
    if (this.recentBlockhashes.has(blockhash)) return;
    throw new RpcError(-32002, 'Transaction simulation failed: Blockhash not found', { err: 'BlockhashNotFound', logs: [] });
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
    this.setAccount(account, {
      owner: owner.toBase58(),
      lamports: this.svm.minimumBalanceForRentExemption(BigInt(data.length)),
      data: new Uint8Array(data),
      executable: false,
    });
    this.index(account);
  }

  /**
   * Answers each JSON-RPC call of a batch (https://www.jsonrpc.org/specification#batch), in
   * order, all at the slot the batch arrived at.
   */
  answer(batch: JsonRpcRequest[]): JsonRpcAnswer[] {
    this.keepTime();
    const context = { slot: Number(this.svm.getClock().slot), apiVersion: '2.1.0' };
    return batch.map((call) => {
      const id = call?.id ?? null;
      try {
        return { jsonrpc: '2.0', id, result: this.call(call?.method ?? '', call?.params ?? [], context) };
      } catch (error) {
        const rpc = error instanceof RpcError ? error : new RpcError(-32603, (error as Error).message);
        return { jsonrpc: '2.0', id, error: { code: rpc.code, message: rpc.message, data: rpc.data } };
      }
    });
  }

  private call(method: string, params: unknown[], context: { slot: number; apiVersion: string }): unknown {
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
        return { context, value: Number(this.svm.getBalance(this.addresses.bytes(this.pubkey(params[0]))) ?? 0n) };
      case 'getAccountInfo':
        return { context, value: this.rawAccountAt(this.pubkey(params[0])) };
      case 'getMultipleAccounts':
        return { context, value: (params[0] as unknown[]).map((key) => this.rawAccountAt(this.pubkey(key))) };
      case 'getFeeForMessage':
        return { context, value: Number(feeForMessage(decodeMessage(params[0] as string))) };
      case 'getLatestBlockhash':
        return { context, value: { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.blockHeight + BLOCKHASH_VALIDITY } };
      case 'getTokenAccountsByOwner':
        return { context, value: this.tokenAccountsOf(this.pubkey(params[0]), params[1] as { programId?: string; mint?: string }, params[2] as { encoding?: string } | undefined) };
      case 'sendTransaction':
        return this.send(params[0] as string);
      case 'simulateTransaction':
        return { context, value: this.simulate(params[0] as string, (params[1] ?? {}) as SimulateConfig) };
      case 'getSignatureStatuses':
        return {
          context,
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

  /** The account at `key` (base58), or undefined where there is none. */
  private accountAt(key: string): LedgerAccount | undefined {
    const found = this.svm.getAccount(this.addresses.bytes(key));
    return found === null ? undefined : this.held(found);
  }

  /** LiteSVM's account as the ledger holds it. */
  private held(account: Account): LedgerAccount {
    return { owner: this.addresses.text(account.owner()), lamports: account.lamports(), data: account.data(), executable: account.executable() };
  }

  private setAccount(key: string, account: LedgerAccount): void {
    this.svm.setAccount(this.addresses.bytes(key), new Account(account.lamports, account.data, this.addresses.bytes(account.owner), account.executable, 0n));
  }

  /** `value` as a public key's base58 text; a JSON-RPC invalid-params error when it is none. */
  private pubkey(value: unknown): string {
    if (typeof value !== 'string') throw notAPublicKey(value);
    return this.addresses.text(this.addresses.bytes(value));
  }

  /** Records `account` under its owner when it is a token account. */
  private index(account: string): void {
    const decoded = this.tokenAccount(account);
    if (!decoded) return;
    const { owner } = decoded;
    const entry = { mint: decoded.mint, program: decoded.program };
    const known = this.tokenAccounts.get(owner);
    if (known) known.set(account, entry);
    else this.tokenAccounts.set(owner, new Map([[account, entry]]));
  }

  /**
   * The account's token-account fields and program, when it is a token account of either
   * program, read at their offsets in the SPL Token account layout (Token-2022 extends it).
   */
  private tokenAccount(account: string) {
    const found = this.accountAt(account);
    if (!found || found.data.length < ACCOUNT_SIZE || found.data.length === MINT_SIZE) return undefined;
    const program = found.owner;
    if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) return undefined;
    const data = Buffer.from(found.data.buffer, found.data.byteOffset, found.data.byteLength);
    return {
      mint: this.addresses.text(data.subarray(0, 32)),
      owner: this.addresses.text(data.subarray(32, 64)),
      amount: data.readBigUInt64LE(64),
      frozen: data[108] === 2,
      program,
      account: found,
    };
  }

  private decimalsOf(mint: string): number {
    let decimals = this.decimals.get(mint);
    if (decimals === undefined) {
      const account = this.accountAt(mint);
      if (!account) return 0;
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
      if (!decoded || decoded.owner !== owner) continue;
      const { program, account, mint } = decoded;
      if ((filter.programId && program !== filter.programId) || (filter.mint && mint !== filter.mint)) continue;
      if (config.encoding === 'base64') {
        out.push({ pubkey, account: rawAccount(account) });
        continue;
      }
      const decimals = this.decimalsOf(mint);
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
            program: program === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022',
            space: account.data.length,
            parsed: {
              type: 'account',
              info: {
                isNative: false,
                mint,
                owner,
                state: decoded.frozen ? 'frozen' : 'initialized',
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
    const { message } = run(bytes, () => VersionedTransaction.deserialize(bytes));
    this.refuseStaleBlockhash(message.recentBlockhash);
    const result = run(bytes, (wire, versioned) => (versioned ? this.svm.sendVersionedTransaction(wire) : this.svm.sendLegacyTransaction(wire)));
    if (result instanceof FailedTransactionMetadata) {
      const err = rpcError(result.err());
      throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(err)}`, {
        err,
        logs: result.meta().logs(),
      });
    }
    this.statuses.set(signature, { slot: Number(this.svm.getClock().slot), err: null });
    for (const key of message.staticAccountKeys) this.index(this.addresses.text(key.toBytes()));
    return signature;
  }

  /**
   * simulateTransaction as a node answers it: signatures checked unless `sigVerify` is false,
   * the transaction's own blockhash kept unless `replaceRecentBlockhash`, and the state after
   * the transaction of the accounts in `accounts.addresses` (null where there is none). LiteSVM
   * charges the fee in simulation as it does when executing.
   */
  private simulate(base64: string, config: SimulateConfig) {
    let bytes = config.encoding === 'base58' ? Buffer.from(bs58.decode(base64)) : Buffer.from(base64, 'base64');
    if (config.replaceRecentBlockhash) {
      const decoded = run(bytes, () => VersionedTransaction.deserialize(bytes));
      decoded.message.recentBlockhash = this.svm.latestBlockhash();
      bytes = Buffer.from(decoded.serialize());
    }
    const verify = config.sigVerify !== false && !config.replaceRecentBlockhash;
    this.svm.setSigverify(verify);
    let result;
    try {
      result = run(bytes, (wire, versioned) => (versioned ? this.svm.simulateVersionedTransaction(wire) : this.svm.simulateLegacyTransaction(wire)));
    } finally {
      this.svm.setSigverify(true);
    }
    const wanted = config.accounts?.addresses ?? [];
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return { err: rpcError(result.err()), logs: meta.logs(), accounts: null, unitsConsumed: Number(meta.computeUnitsConsumed()), returnData: null };
    }
    const meta = result.meta();
    // Keyed by the bytes, not the base58 text: a transaction's reference key is new every time,
    // and remembering its text would fill the address codec with keys never met again.
    const after = new Map(result.postAccounts().map((entry) => [latin1(entry.address), entry.account()]));
    const accounts = wanted.map((wantedKey) => {
      const key = this.pubkey(wantedKey);
      const changed = after.get(latin1(this.addresses.bytes(key)));
      if (!changed) return this.rawAccountAt(key);
      const account = this.held(changed);
      return account.lamports === 0n && account.data.length === 0 ? null : rawAccount(account);
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
    const account = this.accountAt(key);
    return account ? rawAccount(account) : null;
  }
}

interface SimulateConfig {
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  encoding?: 'base64' | 'base58';
  accounts?: { encoding?: string; addresses: string[] };
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

/**
 * Base58 text of 32-byte addresses and back, remembered: the ledger meets the same few
 * addresses (wallets, mints, programs) in every call, and each conversion is a base-x
 * division. Forgotten all at once past MAX_KNOWN of either.
 */
class AddressCodec {
  private static readonly MAX_KNOWN = 100_000;
  private readonly bytesOf = new Map<string, Uint8Array>();
  private readonly textOf = new Map<string, string>();

  /** The address's 32 bytes; a JSON-RPC invalid-params error when `text` is not base58 of 32 bytes. */
  bytes(text: string): Uint8Array {
    let bytes = this.bytesOf.get(text);
    if (!bytes) {
      const decoded = text.length <= 44 ? bs58.decodeUnsafe(text) : undefined;
      if (!decoded || decoded.length !== 32) throw notAPublicKey(text);
      if (this.bytesOf.size >= AddressCodec.MAX_KNOWN) this.bytesOf.clear();
      this.bytesOf.set(text, (bytes = decoded));
    }
    return bytes;
  }

  text(bytes: Uint8Array): string {
    const key = latin1(bytes);
    let text = this.textOf.get(key);
    if (text === undefined) {
      if (this.textOf.size >= AddressCodec.MAX_KNOWN) this.textOf.clear();
      this.textOf.set(key, (text = bs58.encode(bytes)));
    }
    return text;
  }
}

/** The bytes as a string, one character a byte: a map key for an address without encoding it. */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function notAPublicKey(value: unknown): RpcError {
  return new RpcError(-32602, `Invalid param: not a public key: ${String(value).slice(0, 60)}`);
}

function decodeMessage(base64: string): VersionedMessage {
  try {
    return VersionedMessage.deserialize(Buffer.from(base64, 'base64'));
  } catch (error) {
    throw new RpcError(-32602, `Invalid message: ${(error as Error).message}`);
  }
}

/**
 * Runs `use` on a transaction's wire bytes with whether its message is versioned (the first
 * byte after the signatures has its top bit set); malformed bytes are a JSON-RPC invalid-params
 * error, as a node answers them.
 */
function run<T>(wire: Buffer, use: (wire: Buffer, versioned: boolean) => T): T {
  try {
    const signatures = wire[0];
    if (wire.length === 0 || signatures > 0x7f) throw new Error('the signature count is not one byte');
    const first = wire[1 + 64 * signatures];
    if (first === undefined) throw new Error('it ends before its message');
    return use(wire, (first & 0x80) !== 0);
  } catch (error) {
    throw new RpcError(-32602, `Invalid transaction: ${(error as Error).message}`);
  }
}

function rawAccount(account: LedgerAccount) {
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: 0,
    space: account.data.length,
  };
}

/**
 * The JSON text answering a JSON-RPC request body read from `req`: one answer, a batch's
 * answers, or a parse error. For `serve()` and `npm run ledger` (ledger-node.ts).
 */
export async function jsonRpcReply(req: IncomingMessage, answer: (calls: JsonRpcRequest[]) => JsonRpcAnswer[]): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  return JSON.stringify(Array.isArray(body) ? answer(body as JsonRpcRequest[]) : answer([body as JsonRpcRequest])[0]);
}
