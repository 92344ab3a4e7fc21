import type { Principal } from '../auth/principal';
import type { ParsedSecret } from '../keys/key-secret';
import { KeyService, parsePresentedKey } from '../keys/key.service';
import type { RequestAllowance } from '../limits/usage-meter';
import { DomainError } from '../shared/errors';
import type { AppDeps } from './context';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** A presented credential: its hash and lookup prefix, never the secret itself. */
export type Credential = ParsedSecret;

/**
 * The one way in, for HTTP requests and WebSocket connections alike (as tRPC's adapters all
 * go through one `resolveResponse`): the credential of an `Authorization` value, who it belongs
 * to, and whether the caller's limits admit one more request. HTTP's `authenticate` and the
 * WebSocket's connection_init and subscribe all call it, so a rule added here holds on both.
 * One instance lives as long as the service.
 */
export class Admission {
  constructor(private readonly deps: Pick<AppDeps, 'orm' | 'clock' | 'principals' | 'meter'>) {}

  /**
   * The credential of an `Authorization` value: null when there is none (the request goes on
   * anonymously, and every data field answers 401); 401 `unauthorized` when it is not
   * "Bearer <credential>" or the credential does not have a credential's shape.
   */
  credential(authorization: string | undefined): Credential | null {
    if (authorization === undefined) return null;
    const secret = BEARER.exec(authorization)?.[1];
    if (!secret) throw new DomainError('unauthorized', 'Authorization must be "Bearer <API key>"');
    return parsePresentedKey(secret);
  }

  /**
   * Who a credential belongs to: 401 `unauthorized` for an unknown, revoked or expired one. A
   * credential verified in the last few seconds costs no database work (PrincipalCache).
   */
  principal(credential: Credential): Promise<Principal> {
    return this.deps.principals.resolve(credential.hash, () => new KeyService(this.deps.orm.em.fork(), this.deps.clock).verify(credential));
  }

  /** Takes one request from the caller's allowances, or throws 429 `rate_limit_exceeded`. */
  admit(principal: Principal): Promise<RequestAllowance> {
    return this.deps.meter.admitRequest(principal, this.deps.clock.now());
  }
}
