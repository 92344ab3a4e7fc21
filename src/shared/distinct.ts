/**
 * Answers a batch of queries with one statement that runs each distinct query (by `idOf`) once:
 * `run` is given the distinct queries and returns rows tagged with `ord`, the index among them
 * of the query each row answers. Each query given gets the rows of its equal, in the order
 * `run` returned them, each made into a view once.
 */
export async function rowsPerQuery<Q, R extends { ord: number }, V>(
  queries: readonly Q[],
  idOf: (query: Q) => string,
  run: (distinct: Q[]) => Promise<R[]>,
  view: (row: R) => V,
): Promise<V[][]> {
  if (queries.length === 0) return [];
  const indexById = new Map<string, number>();
  const distinct: Q[] = [];
  const indexOf = queries.map((query) => {
    const id = idOf(query);
    let index = indexById.get(id);
    if (index === undefined) {
      index = distinct.push(query) - 1;
      indexById.set(id, index);
    }
    return index;
  });
  const answers = distinct.map((): V[] => []);
  for (const row of await run(distinct)) answers[row.ord].push(view(row));
  return indexOf.map((index) => answers[index]);
}
