import { unavailable, type DomainError } from '../shared/errors';

/** What /health/ready asks, by the dependency's name: each throws when it is not reachable. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/** How long a check may take before its dependency counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Runs every check at once: each dependency `up` or `down`, and a 503 `service_unavailable`
 * naming those that are down (null when all are up).
 */
export async function checkReadiness(checks: ReadinessChecks): Promise<{ checks: Record<string, 'up' | 'down'>; error: DomainError | null }> {
  const names = Object.keys(checks);
  const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]())));
  const states = Object.fromEntries(names.map((name, i) => [name, outcomes[i].status === 'fulfilled' ? 'up' : 'down'] as const));
  const down = names.filter((name) => states[name] === 'down');
  if (!down.length) return { checks: states, error: null };
  return {
    checks: states,
    error: unavailable(`Not ready: ${down.join(', ')} ${down.length > 1 ? 'are' : 'is'} unreachable`, { details: { checks: states } }),
  };
}

function withTimeout(check: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)));
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}
