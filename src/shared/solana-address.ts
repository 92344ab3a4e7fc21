import bs58 from 'bs58';
import { invalidField } from './errors';

export const INVALID_ADDRESS_MESSAGE = 'Invalid wallet address format: expected a base58 Solana public key of 32 bytes';

/**
 * Whether `value` is a Solana address: base58 text that decodes to exactly 32 bytes. Refuses
 * EVM addresses (`0x…`), truncated or padded keys, and anything that is not a string.
 */
export function isSolanaAddress(value: unknown): boolean {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

/** `value` as an address, or 400 `validation_error` naming `field`. */
export function requireSolanaAddress(value: string, field: string): string {
  if (!isSolanaAddress(value)) throw invalidField(field, INVALID_ADDRESS_MESSAGE);
  return value;
}
