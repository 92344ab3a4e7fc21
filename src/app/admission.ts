import type { OriginRegistry } from '../auth/origin-registry';
import { requireAllowedOrigin, type Principal } from '../auth/principal';
import { ClientTokenService, looksLikeClientToken, parseClientToken, type ParsedClientToken } from '../client-tokens/client-token.service';
import type { ParsedSecret } from '../keys/key-secret';
import { KeyService, parsePresentedKey } from '../keys/key.service';
import type { RequestAllowance } from '../limits/usage-meter';
import { DomainError } from '../shared/errors';
import type { AppDeps } from './context';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** A presented credential, an API key or a client token: its hash and lookup prefix, never the secret itself. */
export type Credential = ({ kind: 'key' } & ParsedSecret) | ({ kind: 'client-token' } & ParsedClientToken);

/**
 * The one way in, for HTTP requests and WebSocket connections alike (as tRPC's adapters all
 * go through one `resolveResponse`): the credential of an `Authorization` value, who it belongs
 * to, and whether the caller's limits admit one more request. HTTP's `authenticate` and the
 * WebSocket's connection_init and subscribe all call it, so a rule added here holds on both.
 * One instance lives as long as the service.
 */
export class Admission {
  constructor(
    private readonly deps: Pick<AppDeps, 'orm' | 'clock' | 'principals' | 'meter'>,
    /** CORS_ORIGINS: the operator's list of browser origins ("*" for any). */
    private readonly corsOrigins: readonly string[],
    private readonly origins: OriginRegistry,
  ) {}

  /**
   * Whether a browser page of `origin` may call the API at all (CORS, the WebSocket's
   * handshake): it is in CORS_ORIGINS, or some usable key or client token lists it.
   */
  async browserMayCall(origin: string): Promise<boolean> {
    return this.corsOrigins.includes('*') || this.corsOrigins.includes(origin) || this.origins.listed(origin);
  }

  /**
   * The credential of an `Authorization` value: null when there is none (the request goes on
   * anonymously, and every data field answers 401); 401 `unauthorized` when it is not
   * "Bearer <credential>" or the credential does not have a credential's shape.
   */
  credential(authorization: string | undefined): Credential | null {
    if (authorization === undefined) return null;
    const secret = BEARER.exec(authorization)?.[1];
    if (!secret) throw new DomainError('unauthorized', 'Authorization must be "Bearer <API key>"');
    if (looksLikeClientToken(secret)) return { kind: 'client-token', ...parseClientToken(secret) };
    return { kind: 'key', ...parsePresentedKey(secret) };
  }

  /**
   * Who a credential belongs to: 401 `unauthorized` for an unknown or ended one; 403
   * `origin_not_allowed` when `origin` (the request's `Origin` header; none from servers) is not
   * among its allowed origins. A credential verified in the last few seconds costs no database
   * work (PrincipalCache).
   */
  async principal(credential: Credential, origin: string | undefined): Promise<Principal> {
    const principal = await this.deps.principals.resolve(credential.hash, () => {
      const em = this.deps.orm.em.fork();
      return credential.kind === 'key' ? new KeyService(em, this.deps.clock).verify(credential) : new ClientTokenService(em, this.deps.clock).verify(credential);
    });
    requireAllowedOrigin(principal, origin);
    return principal;
  }

  /** Takes one request from the caller's allowances, or throws 429 `rate_limit_exceeded`. */
  admit(principal: Principal): Promise<RequestAllowance> {
    return this.deps.meter.admitRequest(principal, this.deps.clock.now());
  }
}
