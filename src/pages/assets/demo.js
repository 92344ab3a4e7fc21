// Parley's reference chat: the <parley-chat> widget (GET /widget.js) on a page that plays both
// parts of a dApp. The part a dApp's server plays: with the pasted API key, it opens a session
// for the demo wallet and mints a client token for it (POST /v1/sessions/{id}/client-tokens).
// The part its page plays: the widget gets that token through its tokenProvider (asked again
// when the token stops working) and signs with the demo wallet through signTransaction. The
// widget itself never sees the key.
//
// @solana/web3.js (window.solanaWeb3), served by Parley from its own node_modules, only makes
// the demo keypair and signs. The key stays in this tab (sessionStorage).
(function () {
  const { Keypair, VersionedTransaction } = window.solanaWeb3;
  const $ = (id) => document.getElementById(id);

  const keyInput = $('api-key');
  keyInput.value = sessionStorage.getItem('parley.apiKey') || '';
  keyInput.addEventListener('change', () => sessionStorage.setItem('parley.apiKey', keyInput.value.trim()));

  /** A /v1 call with the key: its JSON body, or an Error saying what Parley answered. */
  async function withKey(method, path, body) {
    const response = await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keyInput.value.trim()}` },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${answer.error ? answer.error.message : response.statusText} (${answer.error ? answer.error.code : response.status})`);
    return answer;
  }

  // ---- The demo wallet ------------------------------------------------------------------

  const wallet = Keypair.generate();
  const walletAddress = wallet.publicKey.toBase58();
  $('wallet-address').textContent = walletAddress;
  // A recipient to try a transfer with: any valid address will do on the local ledger.
  $('suggest-transfer').textContent = `send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`;

  // The dev faucet of the embedded ledger (admin keys only): SOL pays the fees.
  $('fund').addEventListener('click', () =>
    attempt(async () => {
      for (const [token, amount] of [['SOL', '2'], ['USDC', '100']]) await withKey('POST', '/v1/dev/airdrop', { walletAddress, token, amount });
      $('fund').textContent = 'Funded: 2 SOL, 100 USDC (click again for more)';
    }),
  );

  // ---- The session, its client token, the widget -------------------------------------------

  const chat = $('chat');
  // The widget hands the transaction it is confirming as wire bytes and takes it back signed.
  chat.signTransaction = async (bytes) => {
    const transaction = VersionedTransaction.deserialize(bytes);
    transaction.sign([wallet]);
    return transaction.serialize();
  };

  $('open-session').addEventListener('click', () =>
    attempt(async () => {
      const { sessionId } = await withKey('POST', '/v1/sessions', { walletAddress });
      $('session-id').textContent = sessionId;
      // Minted now and whenever the widget says its token stopped working (expired, revoked).
      chat.tokenProvider = async () => {
        const minted = await withKey('POST', `/v1/sessions/${sessionId}/client-tokens`, { ttlSeconds: 900 });
        $('token-status').textContent = `${minted.clientToken.slice(0, 14)}… until ${new Date(minted.expiresAt).toLocaleTimeString()}`;
        return minted;
      };
    }),
  );

  // ---- Small helpers ----------------------------------------------------------------------

  function attempt(action) {
    $('error').hidden = true;
    return Promise.resolve()
      .then(action)
      .catch((error) => {
        $('error').textContent = error.message || String(error);
        $('error').hidden = false;
      });
  }
})();
