import type { Clock } from '../shared/clock';
import type { Principal } from './principal';

/** How long a verified key is trusted without asking the database again. */
export const PRINCIPAL_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: Principal;
  /** When this entry must be checked against the database again. */
  recheckAt: number;
  /** The key's own expiry, enforced on every request. */
  keyExpiresAt: number | null;
}

/**
 * Principals of recently verified keys, by the SHA-256 of the secret, so that a burst of
 * requests with one key costs one database lookup every 5 seconds instead of one each.
 * Revoking or rotating a key drops it here at once; another app node may accept a revoked
 * key for up to PRINCIPAL_TTL_MS (documented). One instance lives as long as the service.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: Clock) {}

  get(secretHash: string): Principal | null {
    const entry = this.entries.get(secretHash);
    if (!entry) return null;
    const now = this.clock.now().getTime();
    if (now >= entry.recheckAt || (entry.keyExpiresAt !== null && now >= entry.keyExpiresAt)) {
      this.entries.delete(secretHash);
      return null;
    }
    return entry.principal;
  }

  set(secretHash: string, principal: Principal, keyExpiresAt: Date | null): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(secretHash, {
      principal,
      recheckAt: this.clock.now().getTime() + PRINCIPAL_TTL_MS,
      keyExpiresAt: keyExpiresAt?.getTime() ?? null,
    });
  }

  /** Forgets a key (revoked or rotated) so that its next request is checked again. */
  forget(keyId: string): void {
    for (const [hash, entry] of this.entries) if (entry.principal.keyId === keyId) this.entries.delete(hash);
  }
}
