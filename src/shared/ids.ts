import { randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 is the largest multiple of 62 below 256: bytes at or above it are dropped so that
// every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 248;

// Random bytes are drawn from the operating system 4 KiB at a time (as Node does for
// randomUUID): one system call per ~250 ids instead of one per id, which showed under load.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** Where `length` unused bytes of the pool start, refilling it first when fewer are left. */
function draw(length: number): number {
  if (pool.length - used < length) {
    randomFillSync(pool);
    used = 0;
  }
  used += length;
  return used - length;
}

/** `length` bytes (at most 4 KiB) from the operating system's cryptographic random source, drawn from the same pool. */
export function randomBytes(length: number): Buffer {
  const start = draw(length);
  return Buffer.from(pool.subarray(start, start + length));
}

/** `length` base62 characters from the operating system's cryptographic random source. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = pool[draw(1)];
    if (byte < UNBIASED_LIMIT) out += BASE62[byte % 62];
  }
  return out;
}

export function isBase62(text: string, length: number): boolean {
  return text.length === length && /^[0-9A-Za-z]+$/.test(text);
}
