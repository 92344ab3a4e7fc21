import fc from 'fast-check';
import { Keypair, PublicKey, TransactionInstruction, TransactionMessage } from '@solana/web3.js';
import { compileLegacyMessage } from '../../src/chain/transaction-builder';

/** A pool of keys, so that instructions share some (as a transaction's do) and repeat them with other flags. */
const KEYS = Array.from({ length: 12 }, () => Keypair.generate().publicKey);
const key = fc.integer({ min: 0, max: KEYS.length - 1 }).map((i) => KEYS[i]);
const instruction = fc
  .record({
    programId: key,
    keys: fc.array(fc.record({ pubkey: key, isSigner: fc.boolean(), isWritable: fc.boolean() }), { maxLength: 8 }),
    data: fc.uint8Array({ maxLength: 40 }),
  })
  .map(({ programId, keys, data }) => new TransactionInstruction({ programId, keys, data: Buffer.from(data) }));

describe('compileLegacyMessage', () => {
  it("compiles any instructions to web3.js's legacy message, byte for byte", () => {
    const blockhash = Keypair.generate().publicKey.toBase58();
    fc.assert(
      fc.property(key, fc.array(instruction, { maxLength: 8 }), (payer: PublicKey, instructions: TransactionInstruction[]) => {
        const ours = compileLegacyMessage(payer, instructions, blockhash);
        const theirs = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions }).compileToLegacyMessage();
        expect(Buffer.from(ours.serialize()).toString('hex')).toBe(Buffer.from(theirs.serialize()).toString('hex'));
        expect(ours.staticAccountKeys.map((k) => k.toBase58())).toEqual(theirs.staticAccountKeys.map((k) => k.toBase58()));
      }),
      { numRuns: 500 },
    );
  });
});
