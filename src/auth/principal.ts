import type { Tier } from '../accounts/account.entity';
import type { KeyEnvironment } from '../keys/api-key.entity';
import { DomainError } from '../shared/errors';
import type { Network } from '../tokens/token-registry';
import type { Scope } from './scopes';

/** Who is calling: the authenticated credential and its account. Built once per request. */
export interface Principal {
  accountId: string;
  tier: Tier;
  /** The API key, or for a client token the key that minted it: its connection caps and its end are the key's. */
  keyId: string;
  scopes: Scope[];
  environment: KeyEnvironment;
  /** The origins (`Origin` header) it may be used from; null: any (a server, or a key without a list). */
  allowedOrigins: string[] | null;
  /** Set for a client token (DESIGN, Front ends): the one session it acts on, and that session's wallet. */
  clientToken?: { tokenId: string; sessionId: string; walletAddress: string };
}

/** Test keys reach devnet only (spec, Authentication 4); live keys mainnet. */
export function networkOf(principal: Principal | null): Network {
  return principal?.environment === 'test' ? 'devnet' : 'mainnet';
}

/**
 * Whether the caller may act on this session, beside the account scoping its query does: any
 * session of its account for an API key, its own only for a client token. Every lookup of a
 * session or of what belongs to one asks it, and answers "not found" when it says no, as for
 * another account's.
 */
export function reachesSession(principal: Principal, sessionId: string): boolean {
  return !principal.clientToken || principal.clientToken.sessionId === sessionId;
}

/** The wallet a portfolio is read for: any for an API key; a client token's session wallet only (else 403). */
export function readableWallet(principal: Principal, walletAddress: string): string {
  if (principal.clientToken && principal.clientToken.walletAddress !== walletAddress) {
    throw new DomainError('forbidden', "A client token reads its session wallet's portfolio only");
  }
  return walletAddress;
}

/** 403 `origin_not_allowed` when a request's `Origin` is not among the credential's allowed origins. */
export function requireAllowedOrigin(principal: Principal, origin: string | undefined): void {
  if (origin === undefined || principal.allowedOrigins === null || principal.allowedOrigins.includes(origin)) return;
  throw new DomainError('origin_not_allowed', `Origin "${origin.slice(0, 200)}" is not allowed for this credential`, { details: { origin: origin.slice(0, 200) } });
}
