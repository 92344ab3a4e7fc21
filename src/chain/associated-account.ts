import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import type { TokenProgram } from '../tokens/token-registry';

/** Addresses derived so far; forgotten all at once past MAX_KNOWN. */
const known = new Map<string, PublicKey>();
const MAX_KNOWN = 100_000;

/**
 * The associated token account of `owner` for `mint` under its program
 * (https://spl.solana.com/associated-token-account), off the curve as any program address.
 * Remembered: each derivation is curve arithmetic, and a message derives the same few several
 * times (bench/README.md#kept-speed-tricks).
 */
export function associatedAccount(mint: string, owner: string, program: TokenProgram): PublicKey {
  const key = `${mint}:${owner}:${program}`;
  let address = known.get(key);
  if (!address) {
    if (known.size >= MAX_KNOWN) known.clear();
    [address] = PublicKey.findProgramAddressSync(
      [new PublicKey(owner).toBuffer(), (program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID).toBuffer(), new PublicKey(mint).toBuffer()],
      ASSOCIATED_TOKEN_PROGRAM_ID,
    );
    known.set(key, address);
  }
  return address;
}
