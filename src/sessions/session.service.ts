import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from '../accounts/account.entity';
import { reachesSession, type Principal } from '../auth/principal';
import type { PrincipalCache } from '../auth/principal-cache';
import { DAY_MS, type Clock } from '../shared/clock';
import { DomainError, invalidField } from '../shared/errors';
import { randomBase62 } from '../shared/ids';
import { decodeCursor, isTimeKey, pageSize, toPage, type Page } from '../shared/pagination';
import { requireSolanaAddress } from '../shared/solana-address';
import { Session, sessionStatusAt, type SessionStatus, type SessionView } from './session.entity';
import type { SessionRepository } from './session.repository';

export const SESSION_LIFETIME_MS = DAY_MS;

export interface SessionMetadata {
  userAgent?: string | null;
  ipAddress?: string | null;
  referrer?: string | null;
}

const METADATA_LIMITS: Record<keyof SessionMetadata, number> = { userAgent: 512, ipAddress: 64, referrer: 2048 };

export const sessionNotFound = (id: string) =>
  new DomainError('session_not_found', `Session "${id.slice(0, 64)}" not found or expired`);

/** Opens, reads, lists and terminates sessions of the caller's account. Built per request. */
export class SessionService {
  constructor(
    /** The request's EntityManager, forked on first use: a read needs none. */
    private readonly em: () => EntityManager,
    /** The repository shared by every request, whose reads share statements (AppDeps). */
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    /** Verified credentials of this process; a terminated session's client tokens are dropped. */
    private readonly principals: PrincipalCache,
  ) {}

  async create(principal: Principal, input: { walletAddress: string; metadata?: SessionMetadata | null }): Promise<Session> {
    requireSolanaAddress(input.walletAddress, 'walletAddress');
    const metadata = input.metadata ?? {};
    for (const [name, limit] of Object.entries(METADATA_LIMITS) as Array<[keyof SessionMetadata, number]>) {
      const value = metadata[name];
      if (value != null && value.length > limit) {
        throw invalidField(`metadata.${name}`, `metadata.${name} must be at most ${limit} characters, got ${value.length}`);
      }
    }
    const now = this.clock.now();
    const em = this.em();
    const session = em.create(Session, {
      id: `session_${randomBase62(16)}`,
      account: em.getReference(Account, principal.accountId),
      walletAddress: input.walletAddress,
      userAgent: metadata.userAgent ?? null,
      ipAddress: metadata.ipAddress ?? null,
      referrer: metadata.referrer ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      lastActivity: now,
    });
    await em.flush();
    return session;
  }

  /** A session of the caller's account that has not expired (a terminated one is returned). */
  async get(principal: Principal, id: string): Promise<SessionView> {
    const session = reachesSession(principal, id) ? await this.sessions.owned(principal.accountId, id) : null;
    if (!session || sessionStatusAt(session, this.clock.now()) === 'expired') throw sessionNotFound(id);
    return session;
  }

  /** Ends an active session; a missing, expired or already terminated one is 404. */
  async terminate(principal: Principal, id: string): Promise<SessionView> {
    const session = await this.sessions.terminateOwned(principal.accountId, id, this.clock.now());
    if (!session) throw sessionNotFound(id);
    // Its client tokens end with it: their next request is checked against the database again.
    this.principals.forget((caller) => caller.clientToken?.sessionId === id);
    return session;
  }

  async list(
    principal: Principal,
    options: { first?: number | null; after?: string | null; status?: SessionStatus | null },
  ): Promise<Page<SessionView>> {
    const size = pageSize(options.first);
    const after = options.after ? decodeCursor(options.after, isSessionKey) : undefined;
    const rows = await this.sessions.page({ accountId: principal.accountId, limit: size + 1, after, status: options.status, now: this.clock.now() });
    return toPage(rows, size, (session) => [session.createdAt.toISOString(), session.id]);
  }
}

function isSessionKey(value: unknown): value is [string, string] {
  return isTimeKey(value) && typeof value[1] === 'string';
}
