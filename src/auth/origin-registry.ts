import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../shared/clock';

/** How long an answer about an origin is kept: a key created with a new origin is heard of within this. */
const REMEMBER_MS = 10_000;
const MAX_REMEMBERED = 10_000;

/**
 * The origins some usable key or client token lists in `allowedOrigins`: the browsers CORS
 * answers (and the WebSocket lets in) beside the operator's CORS_ORIGINS. A preflight carries
 * no credential, so it can only be told whether an origin is listed at all; which credential
 * may be used from it is Admission's check. Answers are kept 10 s (a browser keeps a preflight's
 * 600 s), so a burst from one page costs one query. One instance lives as long as the service.
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
    this.answers.set(origin, { listed, until: now + REMEMBER_MS });
    listed.catch(() => this.answers.delete(origin));
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
