import type { Principal } from '../auth/principal';
import { nextUtcMidnight, type Clock } from '../shared/clock';
import type { UsageMeter } from './usage-meter';

/** The caller's tier, limits and counters, as the usage endpoint reports them. */
export class UsageService {
  constructor(
    private readonly meter: UsageMeter,
    private readonly clock: Clock,
  ) {}

  async report(principal: Principal) {
    const now = this.clock.now();
    return {
      tier: principal.tier,
      limits: this.meter.limitsFor(principal),
      usage: await this.meter.usage(principal, now),
      resetAt: nextUtcMidnight(now),
    };
  }
}
