import { EntityRepository } from '@mikro-orm/postgresql';
import type { TransactionRecord } from './transaction-record.entity';

export class TransactionRecordRepository extends EntityRepository<TransactionRecord> {
  findOwned(accountId: string, id: string): Promise<TransactionRecord | null> {
    return this.findOne({ id, account: accountId }, { populate: ['session'] });
  }
}
