import type { EntityManager } from '@mikro-orm/postgresql';
import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';
import { SendTransactionError, VersionedTransaction, type PublicKey } from '@solana/web3.js';
import type { Principal } from '../auth/principal';
import type { ChainGateway } from '../chain/chain-gateway';
import type { Clock } from '../shared/clock';
import { DomainError, invalidField } from '../shared/errors';
import type { Network } from '../tokens/token-registry';
import { transactionTopic, type LiveEvents } from '../live/live-events';
import { TransactionRecord } from './transaction-record.entity';
import { snapshotOf } from './transaction-events';

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
  ) {}

  /** A transaction of the caller's account, its status brought up to date from the chain. */
  async get(principal: Principal, id: string): Promise<TransactionRecord> {
    const record = await this.em.getRepository(TransactionRecord).findOwned(principal.accountId, id);
    if (!record) throw notFound(id);
    if (record.status === 'submitted') await this.track(record);
    if (record.status === 'submitted') this.follower?.follow(record.id);
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
    const record = await this.em.getRepository(TransactionRecord).findOwned(principal.accountId, id);
    if (!record) throw notFound(id);
    if (!record.serializedTransaction) {
      throw invalidField('id', 'This swap was only quoted (route source "estimate"): there is no transaction to submit');
    }
    const signed = decode(signedTransaction);
    const built = VersionedTransaction.deserialize(Buffer.from(record.serializedTransaction, 'base64'));
    const message = Buffer.from(signed.message.serialize());
    if (!message.equals(Buffer.from(built.message.serialize()))) {
      throw invalidField('signedTransaction', 'The signed transaction is not the one that was built: its message differs');
    }
    const signers = signed.message.staticAccountKeys.slice(0, signed.message.header.numRequiredSignatures);
    const unsigned = signers.find((signer, i) => !validSignature(signed.signatures[i], message, signer));
    if (unsigned) {
      throw invalidField('signedTransaction', `The transaction lacks a valid signature of ${unsigned.toBase58()}`);
    }
    const chain = this.chains[record.network];
    const now = this.clock.now();
    if (record.status === 'built' && (await chain.blockHeight()) > (record.lastValidBlockHeight ?? Infinity)) {
      await this.settle(record, 'built', { status: 'expired', settledAt: now, error: 'The blockhash expired before the transaction was submitted' });
      return record;
    }
    // One submission per transaction: the request whose update finds it `built` sends it; a
    // concurrent or later one answers the record as the chain has it.
    const signature = bs58.encode(signed.signatures[0]);
    if (!(await this.settle(record, 'built', { status: 'submitted', submittedAt: now, signature }))) {
      if (record.status === 'submitted') await this.track(record);
      if (record.status === 'submitted') this.follower?.follow(record.id);
      return record;
    }
    try {
      await chain.send(signed.serialize());
    } catch (error) {
      if (!(error instanceof SendTransactionError) && !/simulation failed/i.test(String((error as Error)?.message))) throw error;
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
