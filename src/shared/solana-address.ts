import bs58 from 'bs58';

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
