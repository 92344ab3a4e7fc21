import { hash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../shared/ids';
import type { KeyEnvironment } from './api-key.entity';

/**
 * API key secrets: `parley_live_<32 base62>` or `parley_test_<32 base62>`.
 * The first 8 random characters are stored in clear as a lookup prefix (47 bits of the 190, so
 * the rest keeps 142 bits of entropy); the whole secret is stored only as its SHA-256.
 */
const SECRET_PATTERN = /^parley_(live|test)_([0-9A-Za-z]{32})$/;
const LOOKUP_PREFIX_LENGTH = 8;

export interface ParsedSecret {
  environment: KeyEnvironment;
  lookupPrefix: string;
  hash: string;
}

export function generateSecret(environment: KeyEnvironment): string {
  return `parley_${environment}_${randomBase62(32)}`;
}

/** Null when the text does not have the shape of a key at all. */
export function parseSecret(secret: string): ParsedSecret | null {
  const match = SECRET_PATTERN.exec(secret);
  if (!match) return null;
  return {
    environment: match[1] as KeyEnvironment,
    lookupPrefix: match[2].slice(0, LOOKUP_PREFIX_LENGTH),
    hash: hashSecret(secret),
  };
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Compares two hex SHA-256 digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
