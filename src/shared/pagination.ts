import { invalidField } from './errors';
import { clip } from './text';

/**
 * Keyset pagination shared by every growing list. Cursors are opaque to clients: base64url
 * of a JSON array of the sort key of the last row of a page.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The page size asked for, or 400 naming `field` when outside 1..100. */
export function pageSize(first: number | null | undefined, field = 'first'): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw invalidField(field, `The page size must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${first}`);
  }
  return first;
}

export function encodeCursor(key: Array<string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key inside a cursor, checked by `isKey`; 400 naming `field` for anything not ours. */
export function decodeCursor<K>(cursor: string, isKey: (value: unknown) => value is K, field = 'after'): K {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || !isKey(key)) throw invalidField(field, `Not a valid cursor: "${clip(cursor, 64)}"`);
  return key;
}

export interface Page<T> {
  nodes: T[];
  hasNextPage: boolean;
  /** The cursor of a node of the page, encoded when asked for: most queries read none. */
  cursorOf(node: T): string;
}

/** A page from `size + 1` fetched rows: the extra row only says that there is more. */
export function toPage<T>(rows: T[], size: number, keyOf: (row: T) => Array<string | number>): Page<T> {
  return { nodes: rows.slice(0, size), hasNextPage: rows.length > size, cursorOf: (node) => encodeCursor(keyOf(node)) };
}

// A time our rows can have (PostgreSQL has no year 0, and rows start after 1970), and an id as we make them.
const ROW_TIME = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ROW_ID = /^[A-Za-z0-9_]{1,64}$/;

/** Cursor keys of the form [ISO timestamp from 1970 to 9999, non-negative integer or id string]. */
export function isTimeKey(value: unknown): value is [string, number | string] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    ROW_TIME.test(value[0]) &&
    new Date(value[0]).toISOString() === value[0] &&
    (typeof value[1] === 'string' ? ROW_ID.test(value[1]) : Number.isSafeInteger(value[1]) && value[1] >= 0)
  );
}
