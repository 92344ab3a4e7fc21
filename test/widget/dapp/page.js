// The script of the test's dApp page (served on another origin than Parley's): the test wallet
// registers itself, the widget gets a tokenProvider that calls this page's own mint route, and
// what the widget tells the page (its events, with the time of the click that preceded them) is
// kept in window.dapp for the test to read.
import { registerTestWallet } from './test-wallet.js';

const config = JSON.parse(document.getElementById('config').textContent);
const chat = document.querySelector('parley-chat');

const dapp = { events: [], lastClickAt: null, wallet: null };
window.dapp = dapp;
document.addEventListener('click', () => (dapp.lastClickAt = performance.now()), true);
for (const type of ['parley:transaction', 'parley:error']) {
  document.addEventListener(type, (event) => dapp.events.push({ type, detail: event.detail, at: performance.now(), clickAt: dapp.lastClickAt }));
}

// As a dApp would: its server holds the key and answers the mint response; the page passes it on
// (with `tokenOnly`, just the token, the session then being the element's `session` attribute).
chat.tokenProvider = async () => {
  const response = await fetch('/mint', { method: 'POST' });
  if (!response.ok) throw new Error(`The mint route answered ${response.status}`);
  const minted = await response.json();
  return config.tokenOnly ? minted.clientToken : minted;
};

// A page signer that hands the transaction back unsigned: Parley must refuse it.
if (config.unsignedPageSigner) chat.signTransaction = async (transaction) => transaction;

const secretKey = Uint8Array.from(atob(config.wallet.secretKey), (char) => char.charCodeAt(0));
dapp.wallet = await registerTestWallet(config.wallet.address, secretKey);
