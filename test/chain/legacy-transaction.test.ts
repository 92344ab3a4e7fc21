import fc from 'fast-check';
import { Keypair, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { createPublicKey, verify } from 'node:crypto';
import { compileLegacyMessage, wireTransaction } from '../../src/chain/legacy-transaction';

/** A pool of signers, so that instructions share some keys (as a transaction's do) and repeat them with other flags. */
const SIGNERS = Array.from({ length: 12 }, () => Keypair.generate());
const KEYS = SIGNERS.map((signer) => signer.publicKey);
const key = fc.integer({ min: 0, max: KEYS.length - 1 }).map((i) => KEYS[i]);
const instruction = fc
  .record({
    programId: key,
    keys: fc.array(fc.record({ pubkey: key, isSigner: fc.boolean(), isWritable: fc.boolean() }), { maxLength: 8 }),
    // Past 127 bytes a length takes two bytes of compact-u16.
    data: fc.uint8Array({ maxLength: 300 }),
  })
  .map(({ programId, keys, data }) => new TransactionInstruction({ programId, keys, data: Buffer.from(data) }));
const blockhash = Keypair.generate().publicKey.toBase58();
/** DER of an Ed25519 public key (RFC 8410) up to its 32 bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const verifies = (message: Uint8Array, signature: Uint8Array, signer: PublicKey) =>
  verify(null, message, createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, signer.toBuffer()]), format: 'der', type: 'spki' }), signature);

describe('legacy transactions', () => {
  it("compile any instructions to web3.js's legacy message, byte for byte", () => {
    fc.assert(
      fc.property(key, fc.array(instruction, { maxLength: 8 }), (payer: PublicKey, instructions: TransactionInstruction[]) => {
        const ours = compileLegacyMessage(payer, instructions, blockhash);
        const theirs = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions }).compileToLegacyMessage();
        expect(ours.bytes.toString('hex')).toBe(Buffer.from(theirs.serialize()).toString('hex'));
        expect(Buffer.from(ours.message.serialize()).toString('hex')).toBe(ours.bytes.toString('hex'));
        expect(ours.message.staticAccountKeys.map((k) => k.toBase58())).toEqual(theirs.staticAccountKeys.map((k) => k.toBase58()));
      }),
      { numRuns: 500 },
    );
  });

  it('go on the wire as web3.js sends them, co-signed where asked and verifiable', () => {
    fc.assert(
      fc.property(key, fc.array(instruction, { minLength: 1, maxLength: 6 }), fc.nat(), (payer: PublicKey, instructions: TransactionInstruction[], pick: number) => {
        const compiled = compileLegacyMessage(payer, instructions, blockhash);
        const signers = compiled.message.staticAccountKeys.slice(0, compiled.message.header.numRequiredSignatures);
        const cosigner = SIGNERS.find((signer) => signer.publicKey.equals(signers[pick % signers.length]))!;
        const wire = wireTransaction(compiled, [cosigner]);
        const slot = signers.findIndex((k) => k.equals(cosigner.publicKey));
        const signature = wire.subarray(1 + 64 * slot, 65 + 64 * slot);
        expect(verifies(compiled.bytes, signature, cosigner.publicKey)).toBe(true);
        const theirs = new VersionedTransaction(compiled.message);
        theirs.addSignature(cosigner.publicKey, signature);
        expect(wire.toString('hex')).toBe(Buffer.from(theirs.serialize()).toString('hex'));
      }),
      { numRuns: 200 },
    );
  });

  it('refuse a co-signer that does not sign the message', () => {
    const compiled = compileLegacyMessage(KEYS[0], [new TransactionInstruction({ programId: KEYS[1], keys: [], data: Buffer.alloc(0) })], blockhash);
    expect(() => wireTransaction(compiled, [SIGNERS[2]])).toThrow('does not sign this transaction');
  });
});
