import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../shared/clock';

/** How long an origin found listed is remembered: a credential ended is no longer answered for within this. */
const REMEMBER_LISTED_MS = 10_000;
/**
 * How long an origin found unlisted is remembered: briefly, as a dApp's server may mint a token
 * for a new origin just before its page's first call (examples/dapp), which must then be let in.
 */
const REMEMBER_UNLISTED_MS = 1_000;
const MAX_REMEMBERED = 10_000;

/**
 * The origins some usable key or client token lists in `allowedOrigins`: the browsers CORS
 * answers (and the WebSocket lets in) beside the operator's CORS_ORIGINS. A preflight carries
 * no credential, so it can only be told whether an origin is listed at all; which credential
 * may be used from it is Admission's check. A listed origin is remembered 10 s (a browser keeps
 * a preflight's 600 s), an unlisted one 1 s, so a burst from one page costs one query. One
 * instance lives as long as the service.
 */
export class OriginRegistry {
  private readonly answers = new Map<string, { listed: Promise<boolean>; until: number }>();

  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  listed(origin: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    const known = this.answers.get(origin);
    if (known && known.until > now) return known.listed;
    if (this.answers.size >= MAX_REMEMBERED) this.answers.delete(this.answers.keys().next().value!);
    const listed = this.lookUp(origin, new Date(now));
    const answer = { listed, until: now + REMEMBER_LISTED_MS };
    this.answers.set(origin, answer);
    listed.then(
      (yes) => {
        if (!yes) answer.until = now + REMEMBER_UNLISTED_MS;
      },
      () => this.answers.delete(origin),
    );
    return listed;
  }

  private async lookUp(origin: string, now: Date): Promise<boolean> {
    const rows = await this.orm.em.fork().getConnection().execute<Array<{ listed: boolean }>>(
      `select exists (select 1 from api_key where ? = any(allowed_origins) and revoked_at is null and (expires_at is null or expires_at > ?))
           or exists (select 1 from client_token where ? = any(allowed_origins) and expires_at > ?) as listed`,
      [origin, now, origin, now],
    );
    return rows[0].listed;
  }
}
