import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from '../accounts/account.entity';
import { originList } from '../auth/origins';
import { reachesSession, type Principal } from '../auth/principal';
import type { Verified } from '../auth/principal-cache';
import { grants, type Scope } from '../auth/scopes';
import { ApiKey } from '../keys/api-key.entity';
import { hashSecret, sameHash } from '../keys/key-secret';
import { keyUsableAt } from '../keys/key.service';
import { Session, sessionStatusAt } from '../sessions/session.entity';
import { sessionNotFound } from '../sessions/session.service';
import type { Clock } from '../shared/clock';
import { DomainError, invalidField } from '../shared/errors';
import { randomBase62 } from '../shared/ids';
import { ClientToken } from './client-token.entity';

/** What a client token may do at most (DESIGN, Front ends); a token gets those its key holds. */
export const CLIENT_TOKEN_SCOPES: readonly Scope[] = ['read:messages', 'write:messages', 'read:portfolio', 'read:prices'];

export const CLIENT_TOKEN_TTL = { min: 60, max: 86_400, default: 3_600 } as const;

/** `parley_ct_<32 base62>`: the first 8 random characters are its lookup prefix, as for keys (key-secret.ts). */
const TOKEN_PATTERN = /^parley_ct_([0-9A-Za-z]{32})$/;
const LOOKUP_PREFIX_LENGTH = 8;

export interface ParsedClientToken {
  lookupPrefix: string;
  hash: string;
}

/** Whether a presented secret has the shape of a client token (rather than of an API key). */
export const looksLikeClientToken = (secret: string) => secret.startsWith('parley_ct_');

/** A presented client token's parts, or 401 `unauthorized` when it does not have a token's shape. */
export function parseClientToken(secret: string): ParsedClientToken {
  const match = TOKEN_PATTERN.exec(secret);
  if (!match) throw new DomainError('unauthorized', 'Invalid or missing API key');
  return { lookupPrefix: match[1].slice(0, LOOKUP_PREFIX_LENGTH), hash: hashSecret(secret) };
}

export interface MintInput {
  ttlSeconds?: number | null;
  allowedOrigins?: string[] | null;
}

/**
 * Mints and checks client tokens. Built per request over the request's EntityManager (or, to
 * verify, over a fork of the service's); holds no state of its own.
 */
export class ClientTokenService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /**
   * A token for one active session of the caller's account, shown once. It lives `ttlSeconds`
   * (60 to 86,400; 3,600 by default) and never past its session; it may be used from its
   * own `allowedOrigins`, which must be among its key's, or else from its key's.
   */
  async mint(principal: Principal, sessionId: string, input: MintInput): Promise<{ token: ClientToken; secret: string }> {
    const ttl = input.ttlSeconds ?? CLIENT_TOKEN_TTL.default;
    if (!Number.isInteger(ttl) || ttl < CLIENT_TOKEN_TTL.min || ttl > CLIENT_TOKEN_TTL.max) {
      throw invalidField('ttlSeconds', `ttlSeconds must be a whole number from ${CLIENT_TOKEN_TTL.min} to ${CLIENT_TOKEN_TTL.max}, got ${ttl}`);
    }
    const allowedOrigins = input.allowedOrigins ? this.originsWithin(principal, originList('allowedOrigins', input.allowedOrigins)) : principal.allowedOrigins;
    const now = this.clock.now();
    const session = await this.em.findOne(Session, { id: sessionId, account: principal.accountId });
    if (!session || !reachesSession(principal, sessionId) || sessionStatusAt(session, now) !== 'active') throw sessionNotFound(sessionId);
    const secret = `parley_ct_${randomBase62(32)}`;
    const parsed = parseClientToken(secret);
    const token = this.em.create(ClientToken, {
      id: `ct_${randomBase62(16)}`,
      account: this.em.getReference(Account, principal.accountId),
      key: this.em.getReference(ApiKey, principal.keyId),
      session,
      lookupPrefix: parsed.lookupPrefix,
      secretHash: parsed.hash,
      scopes: CLIENT_TOKEN_SCOPES.filter((scope) => grants(principal.scopes, scope)),
      allowedOrigins,
      createdAt: now,
      expiresAt: new Date(Math.min(now.getTime() + ttl * 1000, session.expiresAt.getTime())),
    });
    await this.em.flush();
    return { token, secret };
  }

  /**
   * Checks a presented token against the database: 401 `unauthorized` (as for a bad key) when
   * it is unknown or has ended: past its `expiresAt`, its session terminated or expired, its key
   * revoked or expired (a rotated key's grace included). The hash comparison is constant-time.
   */
  async verify(parsed: ParsedClientToken): Promise<Verified> {
    const candidates = await this.em.find(ClientToken, { lookupPrefix: parsed.lookupPrefix }, { populate: ['key', 'key.account', 'session'] });
    const token = candidates.find((candidate) => sameHash(candidate.secretHash, parsed.hash));
    const now = this.clock.now();
    if (!token || !tokenUsableAt(token, now)) throw new DomainError('unauthorized', 'Invalid or missing API key');
    const { key, session } = token;
    const principal: Principal = {
      accountId: key.account.id,
      tier: key.account.tier,
      keyId: key.id,
      scopes: token.scopes,
      environment: key.environment,
      allowedOrigins: token.allowedOrigins,
      clientToken: { tokenId: token.id, sessionId: session.id, walletAddress: session.walletAddress },
    };
    const ends = [token.expiresAt, session.expiresAt, key.expiresAt].filter((end) => end !== null);
    return { principal, keyExpiresAt: new Date(Math.min(...ends.map((end) => end.getTime()))) };
  }

  /** A token's own origins must be among its key's: a key cannot hand out more than it holds. */
  private originsWithin(principal: Principal, origins: string[]): string[] {
    const beyond = principal.allowedOrigins && origins.find((origin) => !principal.allowedOrigins!.includes(origin));
    if (beyond) throw invalidField('allowedOrigins', `"${beyond}" is not among this key's allowed origins`);
    return origins;
  }
}

/** Whether a token (with its key and session loaded) still works at `now`. */
export function tokenUsableAt(token: ClientToken, now: Date): boolean {
  return token.expiresAt > now && keyUsableAt(token.key, now) && sessionStatusAt(token.session, now) === 'active';
}
