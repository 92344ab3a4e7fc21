import type { Principal } from '../auth/principal';
import { nextUtcMidnight, type Clock } from '../shared/clock';
import type { UsageMeter } from './usage-meter';

/** The caller's tier, limits and counters, as the usage endpoint reports them. */
export class UsageService {
  constructor(
    private readonly meter: UsageMeter,
    private readonly clock: Clock,
  ) {}

  /** With `interval: 'day'`, also the last 30 UTC days' counts (`daily`); null otherwise. */
  async report(principal: Principal, interval?: 'day' | null) {
    const now = this.clock.now();
    const [usage, daily] = await Promise.all([this.meter.usage(principal, now), interval === 'day' ? this.meter.daily(principal, now) : null]);
    return { tier: principal.tier, limits: this.meter.limitsFor(principal), usage, resetAt: nextUtcMidnight(now), daily };
  }
}
