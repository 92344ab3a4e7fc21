import type { Tier } from '../accounts/account.entity';
import type { TierLimitsOverride } from '../app/config';

export interface TierLimits {
  requestsPerMinute: number;
  /** null: unlimited. */
  transactionsPerDay: number | null;
  /** Open GraphQL WebSocket connections of one account on one node, its keys and client tokens together. */
  webSocketConnections: number;
}

/** The spec's Limits table. */
const DEFAULT_TIER_LIMITS: Record<Tier, TierLimits> = {
  free: { requestsPerMinute: 30, transactionsPerDay: 100, webSocketConnections: 20 },
  pro: { requestsPerMinute: 120, transactionsPerDay: 1000, webSocketConnections: 200 },
  enterprise: { requestsPerMinute: 600, transactionsPerDay: null, webSocketConnections: 2000 },
};

/** Requests a test key may make per UTC day, whatever its tier (spec, Authentication 4). */
export const TEST_KEY_REQUESTS_PER_DAY = 100;

/** The spec's limits with the operator's TIER_LIMITS applied over them. */
export function resolveTierLimits(override: TierLimitsOverride = {}): Record<Tier, TierLimits> {
  return {
    free: { ...DEFAULT_TIER_LIMITS.free, ...override.free },
    pro: { ...DEFAULT_TIER_LIMITS.pro, ...override.pro },
    enterprise: { ...DEFAULT_TIER_LIMITS.enterprise, ...override.enterprise },
  };
}
