import type { Clock } from '../shared/clock';
import type { Principal } from './principal';

/** How long a verified key is trusted without asking the database again. */
export const PRINCIPAL_TTL_MS = 4_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: Principal;
  /** When this entry must be checked against the database again. */
  recheckAt: number;
  /** The key's own expiry, enforced on every request. */
  keyExpiresAt: number | null;
}

/** What checking a key against the database yields. */
export interface Verified {
  principal: Principal;
  keyExpiresAt: Date | null;
}

/**
 * Principals of recently verified keys, by the SHA-256 of the secret, so that a burst of
 * requests with one key costs one database lookup every 4 seconds instead of one each.
 * Requests that find no entry while that key is being checked wait for the same check, so
 * an expiring entry under load costs one lookup, not one per request in flight.
 * Revoking or rotating a key drops it here at once; another app node may accept a revoked
 * key for up to PRINCIPAL_TTL_MS (documented). One instance lives as long as the service.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly checking = new Map<string, Promise<Principal>>();
  /** Bumped by `forget`: a check begun before a revocation neither caches nor serves later requests. */
  private generation = 0;

  constructor(private readonly clock: Clock) {}

  /** The cached principal for this secret hash, or the one `verify` yields (then cached). */
  async resolve(secretHash: string, verify: () => Promise<Verified>): Promise<Principal> {
    const cached = this.get(secretHash);
    if (cached) return cached;
    const pending = this.checking.get(secretHash);
    if (pending) return pending;
    const generation = this.generation;
    const check: Promise<Principal> = verify()
      .then(({ principal, keyExpiresAt }) => {
        if (generation === this.generation) this.set(secretHash, principal, keyExpiresAt);
        return principal;
      })
      .finally(() => {
        if (this.checking.get(secretHash) === check) this.checking.delete(secretHash);
      });
    this.checking.set(secretHash, check);
    return check;
  }

  private get(secretHash: string): Principal | null {
    const entry = this.entries.get(secretHash);
    if (!entry) return null;
    const now = this.clock.now().getTime();
    if (now >= entry.recheckAt || (entry.keyExpiresAt !== null && now >= entry.keyExpiresAt)) {
      this.entries.delete(secretHash);
      return null;
    }
    return entry.principal;
  }

  private set(secretHash: string, principal: Principal, keyExpiresAt: Date | null): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(secretHash, {
      principal,
      recheckAt: this.clock.now().getTime() + PRINCIPAL_TTL_MS,
      keyExpiresAt: keyExpiresAt?.getTime() ?? null,
    });
  }

  /**
   * Forgets the credentials whose principal matches (a key revoked or rotated, with the client
   * tokens it minted; the tokens of a session terminated), so that their next request is checked again.
   */
  forget(matches: (principal: Principal) => boolean): void {
    this.generation++;
    this.checking.clear();
    for (const [hash, entry] of this.entries) if (matches(entry.principal)) this.entries.delete(hash);
  }
}
