import type { MikroORM } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/principal';
import { KeyService } from '../keys/key.service';
import { UsageService } from '../limits/usage.service';
import type { UsageMeter } from '../limits/usage-meter';
import type { Clock } from '../shared/clock';

/** What lives as long as the service and is shared by every request. */
export interface AppDeps {
  orm: MikroORM;
  clock: Clock;
  meter: UsageMeter;
}

/**
 * Everything a resolver may use, built fresh for one request: a forked EntityManager and
 * services over it, so no identity map or cache crosses requests or accounts.
 */
export interface Context {
  requestId: string;
  /** Null only for a request without an Authorization header; every data field then answers 401. */
  principal: Principal | null;
  keys: KeyService;
  usage: UsageService;
}

/** The one context builder, used by /graphql, the REST adapter and tests alike. */
export function createContext(deps: AppDeps, request: { principal: Principal | null; requestId: string }): Context {
  const em = deps.orm.em.fork();
  return {
    ...request,
    keys: new KeyService(em, deps.clock),
    usage: new UsageService(deps.meter, deps.clock),
  };
}
