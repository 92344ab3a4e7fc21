import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { Account, DEFAULT_ACCOUNT_ID } from '../accounts/account.entity';
import type { Principal } from '../auth/principal';
import type { PrincipalCache, Verified } from '../auth/principal-cache';
import { originList } from '../auth/origins';
import { grants, isScope, type Scope } from '../auth/scopes';
import { DAY_MS, type Clock } from '../shared/clock';
import { DomainError, invalidField } from '../shared/errors';
import { randomBase62 } from '../shared/ids';
import { ApiKey, type KeyEnvironment } from './api-key.entity';
import { generateSecret, parseSecret, sameHash, type ParsedSecret } from './key-secret';

export interface CreateKeyInput {
  name: string;
  scopes: string[];
  expiresAt?: Date | null;
  environment?: KeyEnvironment | null;
  allowedOrigins?: string[] | null;
}

/** A key with its secret, which exists only in the response that creates it. */
export interface IssuedKey {
  key: ApiKey;
  secret: string;
}

/** How long a rotated key keeps working beside its successor (spec, Limits). */
export const ROTATION_GRACE_MS = DAY_MS;

// The answer for every key that cannot be used, so that a caller cannot tell a revoked or
// expired key from one that never existed.
const unusableKey = () => new DomainError('unauthorized', 'Invalid or missing API key');
const keyNotFound = (keyId: string) => new DomainError('key_not_found', `API key "${keyId}" not found`);

/** A presented secret's parts, or 401 `unauthorized` when it does not have the shape of a key. */
export function parsePresentedKey(secret: string): ParsedSecret {
  const parsed = parseSecret(secret);
  if (!parsed) throw unusableKey();
  return parsed;
}

/**
 * Creates, revokes, rotates and checks API keys. Built per request over the request's
 * EntityManager (or per CLI command); holds no state of its own.
 */
export class KeyService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    /** Verified keys of this process; revocation and rotation drop theirs. Absent in the CLI. */
    private readonly cache?: PrincipalCache,
  ) {}

  private get keys() {
    return this.em.getRepository(ApiKey);
  }

  /**
   * Checks a presented key (see `parsePresentedKey`) against the database and records its use:
   * 401 `unauthorized` for an unknown, revoked or expired key alike. The hash comparison is
   * constant-time.
   */
  async verify(parsed: ParsedSecret): Promise<Verified> {
    const candidates = await this.keys.findByLookupPrefix(parsed.lookupPrefix);
    const key = candidates.find((candidate) => sameHash(candidate.secretHash, parsed.hash));
    const now = this.clock.now();
    if (!key || !keyUsableAt(key, now)) throw unusableKey();
    await this.touch(key, now);
    const principal: Principal = {
      accountId: key.account.id,
      tier: key.account.tier,
      keyId: key.id,
      scopes: key.scopes,
      environment: key.environment,
      allowedOrigins: key.allowedOrigins,
    };
    return { principal, keyExpiresAt: key.expiresAt ?? null };
  }

  async create(principal: Principal, input: CreateKeyInput): Promise<IssuedKey> {
    const now = this.clock.now();
    const name = validName(input.name);
    const scopes = this.grantableScopes(principal, input.scopes);
    const environment = input.environment ?? principal.environment;
    if (principal.environment === 'test' && environment === 'live') {
      throw new DomainError('forbidden', 'A test key cannot create a live key', { details: { requiredEnvironment: 'live' } });
    }
    if (input.expiresAt && input.expiresAt <= now) {
      throw invalidField('expiresAt', `expiresAt must be in the future, got ${input.expiresAt.toISOString()}`);
    }
    const allowedOrigins = input.allowedOrigins ? originList('allowedOrigins', input.allowedOrigins) : null;
    const issued = this.issue(principal.accountId, { name, scopes, environment, expiresAt: input.expiresAt ?? null, allowedOrigins }, now);
    await this.em.flush();
    return issued;
  }

  async revoke(principal: Principal, keyId: string): Promise<ApiKey> {
    const key = await this.findActive(principal, keyId);
    key.revokedAt = this.clock.now();
    await this.em.flush();
    this.cache?.forget((principal) => principal.keyId === key.id);
    return key;
  }

  /**
   * Issues a successor with the same name, scopes and environment (and, where the old key
   * expires, the same lifetime counted from now). The old key keeps working for 24 hours.
   * A key has one successor: rotating it again is 409 `key_already_rotated` naming that
   * successor (the unique index on previous_key_id settles two rotations at once).
   */
  async rotate(principal: Principal, keyId: string): Promise<IssuedKey & { previous: ApiKey }> {
    const previous = await this.findActive(principal, keyId);
    await this.refuseIfRotated(keyId);
    const now = this.clock.now();
    const lifetime = previous.expiresAt ? previous.expiresAt.getTime() - previous.createdAt.getTime() : null;
    const graceEnd = new Date(now.getTime() + ROTATION_GRACE_MS);
    const issued = this.issue(
      principal.accountId,
      {
        name: previous.name,
        scopes: previous.scopes,
        environment: previous.environment,
        expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
        allowedOrigins: previous.allowedOrigins,
      },
      now,
    );
    issued.key.previousKeyId = previous.id;
    if (!previous.expiresAt || previous.expiresAt > graceEnd) previous.expiresAt = graceEnd;
    try {
      await this.em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.em.clear();
      await this.refuseIfRotated(keyId);
      throw error;
    }
    this.cache?.forget((principal) => principal.keyId === previous.id);
    return { ...issued, previous };
  }

  private async refuseIfRotated(keyId: string): Promise<void> {
    const successor = await this.em.findOne(ApiKey, { previousKeyId: keyId }, { fields: ['id'] });
    if (successor) {
      throw new DomainError('key_already_rotated', `Key "${keyId}" was already rotated; its successor is "${successor.id}"`, {
        details: { successorKeyId: successor.id },
      });
    }
  }

  listForAccount(accountId: string): Promise<ApiKey[]> {
    return this.keys.listForAccount(accountId);
  }

  /** The caller's account's keys, oldest first, each with its status now. */
  async list(principal: Principal): Promise<Array<{ key: ApiKey; status: KeyStatus }>> {
    const keys = await this.keys.listForAccount(principal.accountId);
    const rotated = new Set(keys.map((key) => key.previousKeyId).filter((id) => id !== null));
    const now = this.clock.now();
    return keys.map((key) => ({ key, status: statusOf(key, rotated.has(key.id), now) }));
  }

  /** Issues a key for an account outside any request: the first admin key of a new account. */
  async issueAdminKey(accountId: string, name: string): Promise<IssuedKey> {
    const issued = this.issue(accountId, { name, scopes: ['admin'], environment: 'live', expiresAt: null }, this.clock.now());
    await this.em.flush();
    return issued;
  }

  /**
   * Start-up: makes sure the default account exists. With `configuredSecret`
   * (PARLEY_ADMIN_KEY), that exact key is made a usable admin key of the default account.
   */
  async ensureDefaultAccount(configuredSecret?: string): Promise<void> {
    const now = this.clock.now();
    let account = await this.em.findOne(Account, DEFAULT_ACCOUNT_ID);
    if (!account) {
      account = this.em.create(Account, { id: DEFAULT_ACCOUNT_ID, name: 'default', tier: 'enterprise', createdAt: now });
    }
    if (configuredSecret) {
      const parsed = parseSecret(configuredSecret);
      if (!parsed) throw new Error('PARLEY_ADMIN_KEY is not a Parley key');
      const existing = (await this.keys.findByLookupPrefix(parsed.lookupPrefix)).find((key) =>
        sameHash(key.secretHash, parsed.hash),
      );
      const key =
        existing ??
        this.em.create(ApiKey, {
          id: `key_${randomBase62(16)}`,
          account,
          name: 'PARLEY_ADMIN_KEY',
          environment: parsed.environment,
          lookupPrefix: parsed.lookupPrefix,
          secretHash: parsed.hash,
          scopes: ['admin'],
          createdAt: now,
        });
      Object.assign(key, { account, scopes: ['admin'], revokedAt: null, expiresAt: null });
    }
    await this.em.flush();
  }

  /**
   * The first admin key of the default account, when the database holds no key at all; its
   * secret is returned for the caller to print, once. Null when any key exists.
   */
  async issueFirstAdminKey(): Promise<string | null> {
    if ((await this.keys.count()) > 0) return null;
    const issued = this.issue(DEFAULT_ACCOUNT_ID, { name: 'bootstrap admin', scopes: ['admin'], environment: 'live', expiresAt: null }, this.clock.now());
    await this.em.flush();
    return issued.secret;
  }

  private issue(
    accountId: string,
    fields: { name: string; scopes: Scope[]; environment: KeyEnvironment; expiresAt: Date | null; allowedOrigins?: string[] | null },
    now: Date,
  ): IssuedKey {
    const secret = generateSecret(fields.environment);
    const parsed = parseSecret(secret)!;
    const key = this.em.create(ApiKey, {
      id: `key_${randomBase62(16)}`,
      account: this.em.getReference(Account, accountId),
      ...fields,
      lookupPrefix: parsed.lookupPrefix,
      secretHash: parsed.hash,
      createdAt: now,
    });
    return { key, secret };
  }

  /** A key of the caller's account that is neither revoked nor expired, else 404. */
  private async findActive(principal: Principal, keyId: string): Promise<ApiKey> {
    const key = await this.keys.findOwned(principal.accountId, keyId);
    const now = this.clock.now();
    if (!key || !keyUsableAt(key, now)) throw keyNotFound(keyId);
    return key;
  }

  private grantableScopes(principal: Principal, requested: string[]): Scope[] {
    if (requested.length === 0) throw invalidField('scopes', 'scopes must name at least one scope');
    const unknown = requested.filter((scope) => !isScope(scope));
    if (unknown.length) throw invalidField('scopes', `Unknown scope "${unknown[0]}"`, { unknown });
    const scopes = [...new Set(requested)] as Scope[];
    const beyond = scopes.find((scope) => !grants(principal.scopes, scope));
    if (beyond) {
      throw new DomainError('forbidden', `This key cannot grant the scope "${beyond}", which it does not hold`, {
        details: { requiredScope: beyond },
      });
    }
    return scopes;
  }

  // lastUsedAt is kept to the minute: one write per key per minute, not per request.
  private async touch(key: ApiKey, now: Date): Promise<void> {
    if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < 60_000) return;
    await this.em.nativeUpdate(ApiKey, { id: key.id }, { lastUsedAt: now });
  }
}

/** Whether a key works at `now`: neither revoked nor past its `expiresAt` (a rotated key's grace included). */
export function keyUsableAt(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return !key.revokedAt && !(key.expiresAt && key.expiresAt <= now);
}

function validName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 100) {
    throw invalidField('name', `name must be 1 to 100 characters, got ${trimmed.length}`);
  }
  return trimmed;
}

export type KeyStatus = 'active' | 'revoked' | 'expired' | 'rotated';

/** `rotated`: replaced by a successor and still working, in its grace period. */
function statusOf(key: ApiKey, hasSuccessor: boolean, now: Date): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return hasSuccessor ? 'rotated' : 'active';
}
