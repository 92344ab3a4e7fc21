import { EntityRepository } from '@mikro-orm/postgresql';
import type { ApiKey } from './api-key.entity';

export class ApiKeyRepository extends EntityRepository<ApiKey> {
  /** Keys whose secret starts with `lookupPrefix`: almost always one, never many. */
  findByLookupPrefix(lookupPrefix: string): Promise<ApiKey[]> {
    return this.find({ lookupPrefix }, { populate: ['account'] });
  }

  findOwned(accountId: string, keyId: string): Promise<ApiKey | null> {
    return this.findOne({ id: keyId, account: accountId });
  }

  listForAccount(accountId: string): Promise<ApiKey[]> {
    return this.find({ account: accountId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }
}
