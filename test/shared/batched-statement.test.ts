import { BatchedStatement, failedOnValues } from '../../src/shared/batched-statement';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batch function whose statements end when the test says: what it was given, in order. */
function controlledBatches() {
  const batches: Array<{ keys: number[]; end: () => void }> = [];
  const run = (keys: readonly number[]) =>
    new Promise<number[]>((resolve) => batches.push({ keys: [...keys], end: () => resolve(keys.map((key) => key * 10)) }));
  return { batches, run };
}

describe('BatchedStatement', () => {
  it('sends a lone load at once; loads made while two statements are under way wait and go together', async () => {
    const { batches, run } = controlledBatches();
    const statement = new BatchedStatement(run);
    const first = statement.run(1);
    await nextTurn();
    const second = statement.run(2);
    await nextTurn();
    const waiting = [statement.run(3), statement.run(4), statement.run(5)];
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([[1], [2]]);

    batches[0].end();
    expect(await first).toBe(10);
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([[1], [2], [3, 4, 5]]);
    batches[1].end();
    batches[2].end();
    expect(await Promise.all([second, ...waiting])).toEqual([20, 30, 40, 50]);
  });

  it('caches nothing: the same key loaded twice runs twice', async () => {
    const keys: number[][] = [];
    const statement = new BatchedStatement(async (batch: readonly number[]) => {
      keys.push([...batch]);
      return batch.map(() => keys.length);
    });
    expect(await statement.run(7)).toBe(1);
    expect(await statement.run(7)).toBe(2);
    expect(keys).toEqual([[7], [7]]);
  });

  it('a failure blamed on some key is retried key by key, in order: only that key fails', async () => {
    const calls: number[][] = [];
    const statement = new BatchedStatement(
      async (keys: readonly number[]) => {
        calls.push([...keys]);
        // 23505: a unique violation, PostgreSQL's blame on one row's values.
        if (keys.includes(2)) throw Object.assign(new Error('bad row'), { code: '23505' });
        return keys.map((key) => key * 10);
      },
    );
    const results = await Promise.allSettled([statement.run(1), statement.run(2), statement.run(3)]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([10, 'bad row', 30]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('any other failure (the database unreachable) fails the whole batch at once, without a retry per key', async () => {
    const calls: number[][] = [];
    const statement = new BatchedStatement(
      async (keys: readonly number[]) => {
        calls.push([...keys]);
        throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      },
    );
    const results = await Promise.allSettled([statement.run(1), statement.run(2), statement.run(3)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toEqual([[1, 2, 3]]);
  });
});

describe('failedOnValues', () => {
  it("blames a row's values for PostgreSQL's data exceptions and constraint violations only", () => {
    const withCode = (code: unknown) => Object.assign(new Error('x'), { code });
    expect(['23505', '23503', '22P02', '22001', '22P05'].map((code) => failedOnValues(withCode(code)))).toEqual([true, true, true, true, true]);
    expect(['08006', '57P01', '40P01', 'ECONNREFUSED', '2350', undefined].map((code) => failedOnValues(withCode(code)))).toEqual([false, false, false, false, false, false]);
    expect(failedOnValues(null)).toBe(false);
  });
});
