import DataLoader from 'dataloader';

// Keys one statement serves at most.
const MAX_BATCH = 100;
// Statements of one loader under way at once; what arrives meanwhile waits for the next one.
const MAX_IN_FLIGHT = 2;

/**
 * A DataLoader shared across requests, for reads and writes that many concurrent requests make
 * one at a time: the keys that arrive while earlier statements are under way go to the database
 * together, as one statement. Under load one statement serves dozens of requests (a database's
 * cost, and a hot row's lock, is paid per statement); alone, a request waits for nothing.
 *
 * No cache (every load runs), at most MAX_IN_FLIGHT statements at once, and each key gets its
 * own answer: if a batch's statement fails on some key's values (`failedOnValues`), each key is
 * run alone, in order, so only the failing ones fail; any other failure (the database
 * unreachable) fails the batch at once, without a retry per key.
 */
export function coalescingLoader<K, V>(run: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  return new DataLoader<K, V>(
    async (keys) => {
      inFlight++;
      try {
        return await runBatch(keys, run);
      } finally {
        inFlight--;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (send) => {
        if (inFlight < MAX_IN_FLIGHT) setImmediate(send);
        else waiting.push(send);
      },
    },
  );
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

async function runBatch<K, V>(keys: readonly K[], run: (keys: readonly K[]) => Promise<V[]>): Promise<Array<V | Error>> {
  try {
    return await run(keys);
  } catch (error) {
    if (keys.length === 1 || !failedOnValues(error)) throw error;
    const results: Array<V | Error> = [];
    for (const key of keys) results.push(await run([key]).then(([value]) => value, (failure: Error) => failure));
    return results;
  }
}
