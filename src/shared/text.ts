/** The first `length` characters of `text`, counted in code points: a cut never splits a surrogate pair (an emoji). */
export function clip(text: string, length: number): string {
  return Array.from(text).slice(0, length).join('');
}
