import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { Message, type Keypair, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';

/**
 * A legacy transaction's message and its wire format (https://solana.com/docs/core/transactions):
 * compiled, serialized and co-signed here rather than by web3.js, whose compile tells keys apart
 * by their base58 text (encoding each key several times per compile) and whose serializer goes
 * through buffer-layout (bench/README.md#kept-speed-tricks).
 * `test/chain/legacy-transaction.test.ts` holds both to web3.js's bytes.
 */

/** A message as web3.js reads it, and its bytes: what is simulated, signed and sent. */
export interface CompiledMessage {
  message: Message;
  bytes: Buffer;
}

/**
 * The legacy message of `instructions` with `payer` paying, as web3.js's
 * `TransactionMessage.compileToLegacyMessage` compiles it: the payer, then the other signers
 * writable before read-only, then the other accounts writable before read-only, each group in
 * the order the instructions name them; the header counts them; instructions name accounts by
 * their index in that list.
 */
export function compileLegacyMessage(payer: PublicKey, instructions: TransactionInstruction[], recentBlockhash: string): CompiledMessage {
  const keys = new Map<string, { key: PublicKey; signer: boolean; writable: boolean }>();
  const idOf = (key: PublicKey) => key.toBuffer().toString('latin1');
  const meta = (key: PublicKey) => {
    const id = idOf(key);
    let found = keys.get(id);
    if (!found) keys.set(id, (found = { key, signer: false, writable: false }));
    return found;
  };
  Object.assign(meta(payer), { signer: true, writable: true });
  for (const instruction of instructions) {
    meta(instruction.programId);
    for (const account of instruction.keys) {
      const found = meta(account.pubkey);
      found.signer ||= account.isSigner;
      found.writable ||= account.isWritable;
    }
  }
  const all = [...keys.entries()];
  const group = (signer: boolean, writable: boolean) => all.filter(([, key]) => key.signer === signer && key.writable === writable);
  const [writableSigners, readonlySigners, writable, readonly] = [group(true, true), group(true, false), group(false, true), group(false, false)];
  const ordered = [...writableSigners, ...readonlySigners, ...writable, ...readonly];
  const indexOf = new Map(ordered.map(([id], index) => [id, index]));
  const index = (key: PublicKey) => indexOf.get(idOf(key))!;
  const header = {
    numRequiredSignatures: writableSigners.length + readonlySigners.length,
    numReadonlySignedAccounts: readonlySigners.length,
    numReadonlyUnsignedAccounts: readonly.length,
  };
  const accountKeys = ordered.map(([, { key }]) => key);
  const compiled = instructions.map((instruction) => ({
    programIdIndex: index(instruction.programId),
    accounts: instruction.keys.map((account) => index(account.pubkey)),
    data: instruction.data,
  }));
  const bytes = Buffer.concat([
    Uint8Array.of(header.numRequiredSignatures, header.numReadonlySignedAccounts, header.numReadonlyUnsignedAccounts),
    compactU16(accountKeys.length),
    ...accountKeys.map((key) => key.toBuffer()),
    bs58.decode(recentBlockhash),
    compactU16(compiled.length),
    ...compiled.flatMap(({ programIdIndex, accounts, data }) => [Uint8Array.of(programIdIndex), compactU16(accounts.length), Uint8Array.from(accounts), compactU16(data.length), data]),
  ]);
  const message = new Message({
    header,
    accountKeys,
    recentBlockhash,
    instructions: compiled.map(({ programIdIndex, accounts, data }) => ({ programIdIndex, accounts, data: bs58.encode(data) })),
  });
  return { message, bytes };
}

/**
 * The wire bytes of a legacy transaction: the signature count, a 64-byte slot per signer in the
 * order of the message's keys (signed by `cosigners`, zero for the others), then the message.
 * A cosigner that is not a signer of the message is an error, not a signature left out.
 */
export function wireTransaction({ message, bytes }: CompiledMessage, cosigners: Keypair[] = []): Buffer {
  const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures);
  for (const cosigner of cosigners) {
    if (!signers.some((key) => key.equals(cosigner.publicKey))) throw new Error(`${cosigner.publicKey.toBase58()} does not sign this transaction`);
  }
  const signatures = signers.map((key) => {
    const cosigner = cosigners.find((candidate) => candidate.publicKey.equals(key));
    return cosigner ? ed25519Signature(bytes, cosigner) : new Uint8Array(64);
  });
  return Buffer.concat([compactU16(signatures.length), ...signatures, bytes]);
}

/** A length as Solana's compact-u16 ("shortvec"): seven bits a byte, low bits first, the top bit set on all but the last. */
function compactU16(value: number): Uint8Array {
  const bytes: number[] = [];
  for (let rest = value; ; rest >>= 7) {
    if (rest < 0x80) {
      bytes.push(rest);
      return Uint8Array.from(bytes);
    }
    bytes.push((rest & 0x7f) | 0x80);
  }
}

/** DER of an Ed25519 private key (RFC 8410) up to its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * `signer`'s Ed25519 signature of `message` by Node's crypto: web3.js's signer, in JavaScript,
 * was the largest single cost of a local-pool swap (bench/README.md#kept-speed-tricks).
 */
function ed25519Signature(message: Uint8Array, signer: Keypair): Uint8Array {
  let key = signingKeys.get(signer);
  if (!key) {
    key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, signer.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
    signingKeys.set(signer, key);
  }
  return sign(null, message, key);
}

/** Node's key of each co-signer, made once: making one costs more than signing. */
const signingKeys = new WeakMap<Keypair, KeyObject>();
