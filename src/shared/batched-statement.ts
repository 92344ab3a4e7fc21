import DataLoader from 'dataloader';

// Keys one statement serves at most.
const MAX_BATCH = 100;
// Statements of one kind under way at once; what arrives meanwhile waits for the next one.
const MAX_IN_FLIGHT = 2;

/**
 * One statement for the keys that concurrent requests ask for: the keys that arrive while
 * earlier statements of this kind are under way go to the database together (a database's
 * cost, and a hot row's lock, is paid per statement); a lone request waits for nothing. Why it
 * is kept: bench/README.md#kept-speed-tricks.
 *
 * A repository owns one per batched method. Only MessageRepository and SessionRepository own
 * them: each is built once per app (AppDeps) and shared by every request, and holds no
 * EntityManager, only `Sql`, so nothing read through it can be cached across requests.
 * Nothing is cached (every key runs), at most MAX_IN_FLIGHT statements run at once, and each key
 * gets its own answer: if a statement fails on some key's values (`failedOnValues`), each key
 * is run alone, in order, so only the failing ones fail; any other failure (the database
 * unreachable) fails the batch at once, without a retry per key.
 */
export class BatchedStatement<K, V> {
  private loader: DataLoader<K, V> | undefined;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  /** `statement` answers any number of keys, in their order and number. */
  constructor(private readonly statement: (keys: readonly K[]) => Promise<V[]>) {}

  /** The answer for `key`, from the statement it shares with the keys of concurrent calls. */
  run(key: K): Promise<V> {
    this.loader ??= new DataLoader<K, V>((keys) => this.send(keys), {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (send) => {
        if (this.inFlight < MAX_IN_FLIGHT) setImmediate(send);
        else this.waiting.push(send);
      },
    });
    return this.loader.load(key);
  }

  private async send(keys: readonly K[]): Promise<Array<V | Error>> {
    this.inFlight++;
    try {
      return await this.statement(keys);
    } catch (error) {
      if (keys.length === 1 || !failedOnValues(error)) throw error;
      const results: Array<V | Error> = [];
      for (const key of keys) results.push(await this.statement([key]).then(([value]) => value, (failure: Error) => failure));
      return results;
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * A statement that failed on some key's values: a data exception or an integrity constraint
 * violation (PostgreSQL SQLSTATE classes 22 and 23), which running the keys one by one pins on
 * one key.
 */
export function failedOnValues(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}
