// A Wallet Standard wallet for the browser test, as Phantom or Solflare would register one: it
// holds one keypair and signs with Chromium's WebCrypto Ed25519. It starts disconnected, so the
// widget has to ask it to connect (`standard:connect`) before it signs.
import { registerWallet } from '@wallet-standard/wallet';

const ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#4f46e5"/></svg>')}`;

const base64Url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A compact-u16 ("shortvec") at `offset`: its value and its length in bytes. */
function shortvec(bytes, offset) {
  let value = 0;
  for (let length = 0; ; length += 1) {
    const byte = bytes[offset + length];
    value |= (byte & 0x7f) << (7 * length);
    if (!(byte & 0x80)) return { value, length: length + 1 };
  }
}

/**
 * Signs a wire transaction (legacy or v0) as `publicKey`: the message is what follows the
 * signatures; the signature goes in the slot of the key among the message's signers.
 * https://solana.com/docs/core/transactions#transaction
 */
async function signWire(wire, publicKey, privateKey) {
  const count = shortvec(wire, 0);
  const messageStart = count.length + count.value * 64;
  const message = wire.slice(messageStart);
  const headerAt = message[0] & 0x80 ? 1 : 0;
  const signers = message[headerAt];
  const keys = shortvec(message, headerAt + 3);
  const keysAt = headerAt + 3 + keys.length;
  let slot = -1;
  for (let index = 0; index < signers && slot < 0; index += 1) {
    if (publicKey.every((byte, at) => message[keysAt + index * 32 + at] === byte)) slot = index;
  }
  if (slot < 0) throw new Error('This wallet is not a signer of the transaction');
  const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', privateKey, message));
  const signed = wire.slice();
  signed.set(signature, count.length + slot * 64);
  return signed;
}

/**
 * Registers the wallet of `secretKey` (64 bytes: seed then public key, as web3.js's Keypair
 * holds it). Resolves with what it records: `window.testWallet.signed` counts signatures.
 */
export async function registerTestWallet(address, secretKey) {
  const seed = secretKey.slice(0, 32);
  const publicKey = secretKey.slice(32);
  const privateKey = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', d: base64Url(seed), x: base64Url(publicKey) }, { name: 'Ed25519' }, false, ['sign']);
  const chains = ['solana:mainnet', 'solana:devnet', 'solana:localnet'];
  const account = Object.freeze({ address, publicKey, chains, features: ['solana:signTransaction'] });
  const record = { connected: false, signed: 0 };
  const listeners = new Set();
  registerWallet({
    version: '1.0.0',
    name: 'Parley Test Wallet',
    icon: ICON,
    chains,
    get accounts() {
      return record.connected ? [account] : [];
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          record.connected = true;
          for (const listener of listeners) listener({ accounts: [account] });
          return { accounts: [account] };
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event, listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs) =>
          Promise.all(
            inputs.map(async (input) => {
              if (input.account.address !== address) throw new Error(`Unknown account ${input.account.address}`);
              record.signed += 1;
              return { signedTransaction: await signWire(input.transaction, publicKey, privateKey) };
            }),
          ),
      },
    },
  });
  return record;
}
