import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 is the largest multiple of 62 below 256: bytes at or above it are dropped so that
// every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 248;

/** `length` base62 characters from the operating system's cryptographic random source. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function isBase62(text: string, length: number): boolean {
  return text.length === length && /^[0-9A-Za-z]+$/.test(text);
}
