import type { Tier } from '../accounts/account.entity';
import type { KeyEnvironment } from '../keys/api-key.entity';
import type { Network } from '../tokens/token-registry';
import type { Scope } from './scopes';

/** Who is calling: the authenticated key and its account. Built once per request. */
export interface Principal {
  accountId: string;
  tier: Tier;
  keyId: string;
  scopes: Scope[];
  environment: KeyEnvironment;
}

/** Test keys reach devnet only (spec, Authentication 4); live keys mainnet. */
export function networkOf(principal: Principal | null): Network {
  return principal?.environment === 'test' ? 'devnet' : 'mainnet';
}
