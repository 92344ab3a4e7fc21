// Signing a transaction Parley built, by the session's wallet: through the page's own
// `signTransaction` when it supplies one, else through a Wallet Standard wallet in the page
// that holds the wallet's account (Phantom, Solflare, Backpack and others register themselves
// with the standard: https://github.com/wallet-standard/wallet-standard).
import { getWallets } from '@wallet-standard/app';
import { ParleyError } from './api.js';

const SIGN = 'solana:signTransaction';
const CONNECT = 'standard:connect';

// Listening from the start: wallets register when they load, before or after the widget.
const wallets = getWallets();

/**
 * Signs `transaction` (the wire bytes Parley built) as `walletAddress`; resolves with the
 * signed wire bytes. `pageSigner` is the element's `signTransaction` property, if set: it is
 * called as `pageSigner(bytes, { walletAddress })` and resolves with the signed bytes.
 */
export async function sign(transaction, walletAddress, pageSigner) {
  if (typeof pageSigner === 'function') {
    const signed = await pageSigner(transaction, { walletAddress });
    if (!(signed instanceof Uint8Array)) throw new ParleyError('signTransaction must resolve to the signed transaction as a Uint8Array', { code: 'signing_failed' });
    return signed;
  }
  const { wallet, account } = await walletHolding(walletAddress);
  const [output] = await wallet.features[SIGN].signTransaction({ account, transaction });
  return output.signedTransaction;
}

/**
 * The first wallet in the page that can sign Solana transactions and holds the address: among
 * those already connected, else asking each to connect (a wallet may show its prompt).
 */
async function walletHolding(address) {
  const signers = wallets.get().filter((wallet) => SIGN in wallet.features);
  if (!signers.length) throw new ParleyError('No wallet in this page can sign Solana transactions: install one, or set signTransaction', { code: 'no_wallet' });
  const holding = (wallet) => wallet.accounts.find((account) => account.address === address);
  for (const wallet of signers) {
    const account = holding(wallet);
    if (account) return { wallet, account };
  }
  for (const wallet of signers.filter((candidate) => CONNECT in candidate.features)) {
    await wallet.features[CONNECT].connect();
    const account = holding(wallet);
    if (account) return { wallet, account };
  }
  throw new ParleyError(`No wallet in this page holds ${address}: connect the wallet this chat acts for`, { code: 'no_wallet' });
}
