import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../shared/clock';
import { randomBase62 } from '../shared/ids';
import { KeyService, type IssuedKey } from '../keys/key.service';
import { Account, type Tier } from './account.entity';

/** Operator actions on accounts (the `parley` CLI). */
export class AccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Creates an account with its first admin key, in one transaction. */
  async create(name: string, tier: Tier): Promise<{ account: Account; adminKey: IssuedKey }> {
    return this.em.transactional(async (em) => {
      const account = em.create(Account, { id: `acct_${randomBase62(16)}`, name, tier, createdAt: this.clock.now() });
      const adminKey = await new KeyService(em, this.clock).issueAdminKey(account.id, `${name} admin`);
      return { account, adminKey };
    });
  }
}
