import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DAY_MS, type Clock } from '../shared/clock';
import { DomainError, invalidField } from '../shared/errors';
import { IdempotencyRecord } from './idempotency-record.entity';

/** How long a stored response answers retries. */
export const IDEMPOTENCY_WINDOW_MS = DAY_MS;

/**
 * How long a claim without a response holds its key: a request is answered in well under a
 * second, so a claim this old belongs to a process that died (kill -9, a crash) before it
 * answered, and a retry takes it over and runs.
 */
export const CLAIM_LEASE_MS = 60_000;

export type IdempotencyStart = { kind: 'first' } | { kind: 'replay'; status: number; body: unknown };

/**
 * Idempotency keys as payment APIs have them: the first request with a key is answered and
 * its response stored; a retry with the same key and request gets that response again; the
 * same key with another request is 409 `idempotency_conflict`, as is a retry that arrives
 * while the first is still being answered (within CLAIM_LEASE_MS). Keys are scoped to the account.
 */
export class IdempotencyService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async start(accountId: string, key: string, request: { method: string; path: string; body: unknown; session?: string }): Promise<IdempotencyStart> {
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw invalidField('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const requestHash = hashRequest(request);
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
    const leaseBefore = new Date(now.getTime() - CLAIM_LEASE_MS);
    // Claims the key: inserts it, or takes over a record older than the window or a claim whose lease ran out.
    const claimed = await this.em.execute<Array<{ key: string }>>(
      `insert into "idempotency_record" ("account_id", "key", "request_hash", "response_status", "response_body", "created_at")
       values (?, ?, ?, null, null, ?)
       on conflict ("account_id", "key") do update
         set "request_hash" = excluded."request_hash", "response_status" = null, "response_body" = null, "created_at" = excluded."created_at"
         where "idempotency_record"."created_at" <= ?
            or ("idempotency_record"."response_status" is null and "idempotency_record"."created_at" <= ?)
       returning "key"`,
      [accountId, key, requestHash, now, staleBefore, leaseBefore],
    );
    if (claimed.length) return { kind: 'first' };

    const existing = await this.em.findOneOrFail(IdempotencyRecord, { account: accountId, key }, { disableIdentityMap: true });
    if (existing.requestHash !== requestHash) {
      throw new DomainError('idempotency_conflict', 'This Idempotency-Key was already used with a different request');
    }
    if (existing.responseStatus === null) {
      throw new DomainError('idempotency_conflict', 'A request with this Idempotency-Key is still being processed; retry later');
    }
    return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
  }

  /** Stores the first response. */
  async finish(accountId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.em.nativeUpdate(IdempotencyRecord, { account: accountId, key }, { responseStatus: status, responseBody: body });
  }

  /** Forgets a key whose request failed on our side, so that a retry runs again. */
  async release(accountId: string, key: string): Promise<void> {
    await this.em.nativeDelete(IdempotencyRecord, { account: accountId, key });
  }
}

/** The request's fingerprint; a client token's session is part of it (a key's requests hash as before). */
function hashRequest(request: { method: string; path: string; body: unknown; session?: string }): string {
  const parts = [request.method, request.path, request.body, ...(request.session ? [request.session] : [])];
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

/** JSON with object keys sorted, so that key order does not make two equal bodies differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
