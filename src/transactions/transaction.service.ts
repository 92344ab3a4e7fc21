import type { EntityManager } from '@mikro-orm/postgresql';
import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';
import { VersionedTransaction, type PublicKey } from '@solana/web3.js';
import type { Principal } from '../auth/principal';
import type { ChainGateway } from '../chain/chain-gateway';
import { JsonRpcError } from '../chain/json-rpc';
import type { Clock } from '../shared/clock';
import { DomainError, invalidField } from '../shared/errors';
import type { TransactionDetails } from '../agent/intent';
import { networkOf, reachesSession } from '../auth/principal';
import { randomBase62 } from '../shared/ids';
import type { QuoteProvider } from '../quotes/quote-provider';
import type { Network } from '../tokens/token-registry';
import { builtRecord } from './record-fields';
import { transactionTopic, type LiveEvents } from '../live/live-events';
import { TransactionRecord } from './transaction-record.entity';
import { snapshotOf } from './transaction-events';

/**
 * Builds a stored transaction again from its parameters, with a fresh quote and blockhash, for
 * the wallet of its session: the agent's rebuild over the request's market. Throws a
 * DomainError (422 parsing_error) when it cannot (the balance no longer covers it, …).
 */
export type Rebuild = (record: TransactionRecord) => Promise<{ details: TransactionDetails; valueCents: bigint | null }>;

const notFound = (id: string) => new DomainError('transaction_not_found', `Transaction "${id.slice(0, 64)}" not found`);

/** Who follows a submitted transaction to its final status (TransactionTracker). */
export interface Follower {
  follow(transactionId: string): void;
}

/**
 * Submission and tracking of the transactions the agent built. Parley never signs: the
 * wallet signs the exact transaction it was given, and Parley checks that before sending.
 * Each change of status is published to `transactionUpdated` subscribers. Built per request
 * (and per look of the TransactionTracker).
 */
export class TransactionService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly chains: Record<Network, ChainGateway>,
    private readonly events: LiveEvents,
    /** Absent in the tracker's own looks. */
    private readonly follower?: Follower,
    private readonly rebuild?: Rebuild,
    /** Lands transactions of the quote provider's own (Jupiter's /execute). */
    private readonly provider?: Pick<QuoteProvider, 'execute'>,
  ) {}

  /** A transaction of the caller's account, its status brought up to date from the chain. */
  async get(principal: Principal, id: string): Promise<TransactionRecord> {
    const record = await this.owned(principal, id);
    if (record.status === 'submitted') await this.track(record);
    if (record.status === 'submitted') this.follower?.follow(record.id);
    return record;
  }

  /** A transaction the caller reaches (its account's; for a client token, its session's), else 404. */
  private async owned(principal: Principal, id: string): Promise<TransactionRecord> {
    const record = await this.em.getRepository(TransactionRecord).findOwned(principal.accountId, id);
    if (!record || !reachesSession(principal, record.session.id)) throw notFound(id);
    return record;
  }

  /**
   * Looks at a submitted transaction on the chain and moves it on as the chain says; its
   * status afterwards, or null when there is no such transaction. For the TransactionTracker,
   * which follows transactions of every account.
   */
  async recheck(id: string): Promise<TransactionRecord['status'] | null> {
    const record = await this.em.getRepository(TransactionRecord).findOne({ id });
    if (!record) return null;
    if (record.status === 'submitted') await this.track(record);
    return record.status;
  }

  /**
   * Sends the wallet-signed transaction: it must carry exactly the message that was built
   * and a valid signature of every required signer (the session's wallet pays the fee), else
   * 400 and nothing is sent. A blockhash already past its last valid block height makes the
   * record `expired` without sending. A retry of the same signed transaction answers the
   * record as it stands.
   */
  async submit(principal: Principal, id: string, signedTransaction: string): Promise<TransactionRecord> {
    const record = await this.owned(principal, id);
    if (!record.serializedTransaction) {
      throw invalidField('id', 'This swap was only quoted (route source "estimate"): there is no transaction to submit');
    }
    if (record.status === 'expired' || record.status === 'replaced') throw stale(record);
    const signed = decode(signedTransaction);
    const built = VersionedTransaction.deserialize(Buffer.from(record.serializedTransaction, 'base64'));
    const message = Buffer.from(signed.message.serialize());
    if (!message.equals(Buffer.from(built.message.serialize()))) {
      throw invalidField('signedTransaction', 'The signed transaction is not the one that was built: its message differs');
    }
    // A Jupiter order is landed by Jupiter, which adds what it still has to (an RFQ maker's
    // signature): only the wallet's is required here. Anything else needs every signature.
    const requestId = record.details?.jupiterRequestId;
    const execute = requestId && this.provider?.execute ? this.provider.execute.bind(this.provider) : undefined;
    const signers = signed.message.staticAccountKeys
      .slice(0, signed.message.header.numRequiredSignatures)
      .map((signer, i) => ({ signer, i }))
      .filter(({ signer }) => !execute || signer.toBase58() === record.session.walletAddress);
    const unsigned = signers.find(({ signer, i }) => !validSignature(signed.signatures[i], message, signer))?.signer;
    if (unsigned) {
      throw invalidField('signedTransaction', `The transaction lacks a valid signature of ${unsigned.toBase58()}`);
    }
    const chain = this.chains[record.network];
    const now = this.clock.now();
    if (record.status === 'built' && (await chain.blockHeight()) > (record.lastValidBlockHeight ?? Infinity)) {
      await this.settle(record, 'built', { status: 'expired', settledAt: now, error: 'The blockhash expired before the transaction was submitted' });
      throw stale(record);
    }
    // One submission per transaction: the request whose update finds it `built` sends it; a
    // concurrent or later one answers the record as the chain has it.
    const signature = bs58.encode(signed.signatures[0]);
    if (!(await this.settle(record, 'built', { status: 'submitted', submittedAt: now, signature }))) {
      if (record.status === 'submitted') await this.track(record);
      if (record.status === 'submitted') this.follower?.follow(record.id);
      return record;
    }
    if (execute) {
      const landed = await execute(signedTransaction, requestId!);
      await this.settle(
        record,
        'submitted',
        landed.status === 'Success'
          ? { status: 'confirmed', settledAt: this.clock.now(), ...(landed.signature && { signature: landed.signature }) }
          : { status: 'failed', settledAt: this.clock.now(), error: (landed.error ?? 'Jupiter could not land it').slice(0, 2000) },
      );
      return record;
    }
    try {
      await chain.send(signed.serialize());
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error;
      // "Already processed" and the like: a refusal is final only if the chain has not got the signature.
      const landed = await chain.signatureStatus(signature);
      if (!landed) {
        await this.settle(record, 'submitted', { status: 'failed', settledAt: now, error: (error as Error).message.slice(0, 2000) });
        return record;
      }
    }
    await this.track(record);
    // Not confirmed yet: the tracker follows it from here, and subscribers hear the outcome.
    if (record.status === 'submitted') this.follower?.follow(record.id);
    return record;
  }

  /**
   * Builds a built-but-unsent (or expired) transaction again with a fresh quote and blockhash:
   * a new record (new id) of the same shape as the agent's answer, and the old one `replaced`,
   * naming its successor. The swap is quoted, the balance checked and the transaction simulated
   * afresh. Only `built` and `expired` transactions can be refreshed (409 otherwise); a
   * concurrent refresh or submission of the same one makes all but the first 409. Not counted
   * against the daily transaction limit: it replaces one that was.
   */
  async refresh(principal: Principal, id: string): Promise<TransactionDetails> {
    const record = await this.owned(principal, id);
    if (record.network !== networkOf(principal)) {
      throw invalidField('transactionId', `This transaction is on ${record.network}: refresh it with a ${record.network === 'mainnet' ? 'live' : 'test'} key`);
    }
    if (record.status === 'submitted') await this.track(record);
    if ((record.status !== 'built' && record.status !== 'expired') || !record.details || !this.rebuild) throw notRefreshable(record);
    const from = record.status;
    const { details, valueCents } = await this.rebuild(record);
    const successor = { ...details, transactionId: `tx_${randomBase62(16)}` };
    const now = this.clock.now();
    await this.em.transactional(async (em) => {
      const moved = await em.nativeUpdate(TransactionRecord, { id: record.id, status: from }, { status: 'replaced', replacedBy: successor.transactionId, settledAt: now });
      if (moved !== 1) throw notRefreshable(await em.findOneOrFail(TransactionRecord, { id: record.id }));
      em.create(TransactionRecord, {
        ...builtRecord(successor.transactionId, successor, record.network, valueCents),
        account: record.account,
        session: record.session,
        createdAt: now,
      });
    });
    await this.em.refresh(record);
    this.events.publish(transactionTopic(record.id), { accountId: record.account.id, transaction: snapshotOf(record) });
    return successor;
  }

  /**
   * Moves the record from status `from` to `change`, only if it is still `from` in the
   * database (a conditional update); the record then holds what the database holds. The
   * change is published only by the update that made it, so subscribers hear it once however
   * many requests or nodes race to make it.
   */
  private async settle(record: TransactionRecord, from: TransactionRecord['status'], change: Partial<TransactionRecord>): Promise<boolean> {
    const moved = await this.em.nativeUpdate(TransactionRecord, { id: record.id, status: from }, change);
    await this.em.refresh(record);
    if (moved === 1) this.events.publish(transactionTopic(record.id), { accountId: record.account.id, transaction: snapshotOf(record) });
    return moved === 1;
  }

  /** Moves a submitted transaction on to confirmed, failed or expired, as the chain says. */
  private async track(record: TransactionRecord): Promise<void> {
    const chain = this.chains[record.network];
    const status = await chain.signatureStatus(record.signature!);
    const now = this.clock.now();
    if (status?.err) {
      await this.settle(record, 'submitted', { status: 'failed', settledAt: now, error: JSON.stringify(status.err).slice(0, 2000) });
    } else if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
      await this.settle(record, 'submitted', { status: 'confirmed', settledAt: now });
    } else if (!status && (await chain.blockHeight()) > (record.lastValidBlockHeight ?? Infinity)) {
      await this.settle(record, 'submitted', { status: 'expired', settledAt: now, error: 'Not confirmed before its blockhash expired' });
    }
  }
}

/** 409 for a transaction that can no longer land: expired (refresh it) or replaced (sign its successor). */
function stale(record: TransactionRecord): DomainError {
  if (record.status === 'replaced') {
    return new DomainError('transaction_expired', `Transaction ${record.id} was replaced by ${record.replacedBy}: sign and submit that one instead`, {
      details: { transactionId: record.id, status: record.status, replacedBy: record.replacedBy },
    });
  }
  return new DomainError(
    'transaction_expired',
    `Transaction ${record.id} expired (its blockhash is past its last valid block height): refresh it with POST /v1/transactions/${record.id}/refresh and sign the new one`,
    { details: { transactionId: record.id, status: record.status, refresh: `/v1/transactions/${record.id}/refresh` } },
  );
}

function notRefreshable(record: TransactionRecord): DomainError {
  const why = !record.details && (record.status === 'built' || record.status === 'expired') ? 'it was built before refresh existed' : `it is ${record.status}`;
  return new DomainError('transaction_not_refreshable', `Transaction ${record.id} cannot be refreshed: ${why}; only a built or expired one can`, {
    details: { transactionId: record.id, status: record.status, ...(record.replacedBy && { replacedBy: record.replacedBy }) },
  });
}

/** Legacy and v0 transactions alike. */
function decode(base64: string): VersionedTransaction {
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64');
    return VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  } catch {
    throw invalidField('signedTransaction', 'signedTransaction must be a base64 serialized Solana transaction');
  }
}

// DER prefix of an Ed25519 public key (SubjectPublicKeyInfo), before the 32 key bytes.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether `signature` is `signer`'s Ed25519 signature of `message` (Node's crypto). */
function validSignature(signature: Uint8Array | undefined, message: Buffer, signer: PublicKey): boolean {
  if (!signature || signature.every((byte) => byte === 0)) return false;
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, signer.toBuffer()]), format: 'der', type: 'spki' });
  return verify(null, message, key, signature);
}
