/**
 * The items that differ by `idOf`, in the order first seen, and for each item given the index
 * of its equal among them: for a batch statement that runs each distinct query once.
 */
export function distinctBy<T>(items: readonly T[], idOf: (item: T) => string): { distinct: T[]; indexOf: number[] } {
  const indexById = new Map<string, number>();
  const distinct: T[] = [];
  const indexOf = items.map((item) => {
    const id = idOf(item);
    let index = indexById.get(id);
    if (index === undefined) {
      index = distinct.push(item) - 1;
      indexById.set(id, index);
    }
    return index;
  });
  return { distinct, indexOf };
}
