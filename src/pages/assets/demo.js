// Parley's reference chat: a whole front end over the GraphQL API, small enough to read in one
// sitting and copy. Commands go out with the sendMessage mutation (HTTP); the chat shows what
// the messageAdded subscription pushes (WebSocket, graphql-transport-ws), so a second tab on the
// same session sees the same conversation. A transfer or swap the agent builds is shown with its
// preview and summary, signed here by a throwaway in-browser keypair, submitted, and followed
// with the transactionUpdated subscription until it is final; then the portfolio is read again.
//
// Libraries, served by Parley from its own node_modules: graphql-ws's browser client
// (window.graphqlWs) and @solana/web3.js (window.solanaWeb3), only to make the demo keypair and
// sign. The API key stays in this tab (sessionStorage) and goes only into `Authorization` and
// `connection_init`.
(function () {
  const { createClient } = window.graphqlWs;
  const { Keypair, VersionedTransaction } = window.solanaWeb3;
  const $ = (id) => document.getElementById(id);

  // ---- The API: queries and mutations over HTTP, subscriptions over WebSocket -------------

  const keyInput = $('api-key');
  keyInput.value = sessionStorage.getItem('parley.apiKey') || '';
  keyInput.addEventListener('change', () => {
    sessionStorage.setItem('parley.apiKey', keyInput.value.trim());
    closeLive(); // the next subscription connects with the new key
  });
  const apiKey = () => keyInput.value.trim();

  /** Runs a query or mutation; resolves with its `data`, or throws the first error in words. */
  async function graphql(query, variables) {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey()}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    if (body.errors && body.errors.length) {
      const [error] = body.errors;
      const reason = error.extensions && error.extensions.details && error.extensions.details.reason;
      throw new Error(`${reason || error.message} (${(error.extensions && error.extensions.code) || response.status})`);
    }
    return body.data;
  }

  // One WebSocket for every subscription of the page, opened on the first one.
  let live = null;
  function liveClient() {
    if (live) return live;
    live = createClient({
      url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
      connectionParams: () => ({ authorization: `Bearer ${apiKey()}` }),
      retryAttempts: 3,
      // 4403: the key is missing or bad; retrying would not help.
      shouldRetry: (event) => !(event && event.code === 4403),
      on: {
        connected: (_socket, _payload, wasRetry) => {
          $('live-status').textContent = 'connected';
          // Events are not stored: after a reconnection, what was missed is read from history.
          if (wasRetry) catchUp().catch(showError);
        },
        closed: (event) => {
          $('live-status').textContent = event && event.code === 4403 ? 'refused: check the API key (4403)' : 'off';
        },
      },
    });
    return live;
  }
  function closeLive() {
    if (live) live.dispose();
    live = null;
  }

  /** Calls `onData` with each result of a subscription; resolves when it ends. */
  function subscribe(query, variables, onData) {
    return new Promise((resolve, reject) => {
      liveClient().subscribe(
        { query, variables },
        {
          next: (result) => (result.errors ? reject(new Error(result.errors[0].message)) : onData(result.data)),
          error: (error) => reject(error instanceof Error ? error : new Error(describeClose(error))),
          complete: resolve,
        },
      );
    });
  }
  const describeClose = (error) => (error && error.code ? `The live connection closed: ${error.code} ${error.reason || ''}` : JSON.stringify(error));

  // ---- The demo wallet ------------------------------------------------------------------

  const wallet = Keypair.generate();
  const walletAddress = wallet.publicKey.toBase58();
  $('wallet-address').textContent = walletAddress;

  $('fund').addEventListener('click', () =>
    attempt(async () => {
      // The dev faucet of the embedded ledger (an admin key's mutation): SOL pays the fees.
      const airdrop = `mutation ($input: AirdropInput!) { devAirdrop(input: $input) { symbol amount } }`;
      await graphql(airdrop, { input: { walletAddress, token: 'SOL', amount: '2' } });
      await graphql(airdrop, { input: { walletAddress, token: 'USDC', amount: '100' } });
      await showPortfolio();
    }),
  );

  async function showPortfolio() {
    const { portfolio } = await graphql(
      `query ($wallet: String!) { portfolio(walletAddress: $wallet) { totalValue tokens { symbol balance usdValue } } }`,
      { wallet: walletAddress },
    );
    $('portfolio-total').textContent = `$${portfolio.totalValue.toFixed(2)}`;
    $('portfolio').replaceChildren(
      ...portfolio.tokens.map((token) => row([token.symbol, String(token.balance), token.usdValue == null ? '–' : `$${token.usdValue.toFixed(2)}`])),
    );
  }

  // ---- The session and its messages ------------------------------------------------------

  let sessionId = null;
  let messageSelection = '';
  /** Ids of the messages on screen: a message pushed and also read from history shows once. */
  const shown = new Set();

  $('open-session').addEventListener('click', () =>
    attempt(async () => {
      const { createSession } = await graphql(`mutation ($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }`, {
        input: { walletAddress },
      });
      sessionId = createSession.sessionId;
      $('session-id').textContent = sessionId;
      $('messages').replaceChildren();
      shown.clear();
      messageSelection = `messageId role content transaction { ${TRANSACTION_FIELDS} }`;
      // Every message of the session from now on, ours and the agent's, as they are stored.
      subscribe(`subscription ($sessionId: ID!) { messageAdded(sessionId: $sessionId) { ${messageSelection} } }`, { sessionId }, (data) =>
        showMessage(data.messageAdded),
      ).catch(showError);
      for (const control of $('composer').elements) control.disabled = false;
      await showPortfolio();
    }),
  );

  $('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    const message = $('command').value.trim();
    if (!message || !sessionId) return;
    attempt(async () => {
      // The reply arrives through messageAdded; a command the agent refuses stores nothing and is
      // answered here only (parsing_error with its reason).
      const { sendMessage } = await graphql(`mutation ($input: SendMessageInput!) { sendMessage(input: $input) { messageId } }`, {
        input: { sessionId, message },
      });
      $('command').value = '';
      // The push normally comes first; if the subscription was not listening yet (just opened,
      // or reconnecting), the reply is read from history instead.
      window.setTimeout(() => shown.has(sendMessage.messageId) || catchUp().catch(showError), 2000);
    });
  });

  // A recipient to try a transfer with: any valid address will do on the local ledger.
  const suggestion = `send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`;
  $('suggest-transfer').textContent = suggestion;
  $('suggest-transfer').addEventListener('click', () => ($('command').value = suggestion));

  /**
   * Shows the session's messages that are not on screen yet, reading its history page by page
   * (oldest first). What was missed is in practice the latest, so it is appended.
   */
  async function catchUp() {
    const query = `query ($id: String!, $after: String) {
      messages(sessionId: $id, first: 100, after: $after) { edges { node { ${messageSelection} } } pageInfo { hasNextPage endCursor } }
    }`;
    for (let after = null, more = Boolean(sessionId); more; ) {
      const { messages } = await graphql(query, { id: sessionId, after });
      for (const edge of messages.edges) showMessage(edge.node);
      ({ hasNextPage: more, endCursor: after } = messages.pageInfo);
    }
  }

  function showMessage(message) {
    if (shown.has(message.messageId)) return;
    shown.add(message.messageId);
    const item = element('li', { className: `message ${message.role}` });
    item.append(element('span', { className: 'who', textContent: message.role === 'user' ? 'You' : 'Parley' }), element('p', { textContent: message.content }));
    if (message.transaction) item.append(transactionCard(message.transaction));
    $('messages').append(item);
    item.scrollIntoView({ block: 'nearest' });
  }

  // ---- Transactions: preview, summary, sign, submit, follow ------------------------------

  // What the page reads of a built transaction: its parameters (a swap's or a transfer's), the
  // preview of every balance change and the one-line summary.
  const TRANSACTION_FIELDS = `transactionId type serializedTransaction summary expiresAt
    parameters { ... on SwapParameters { inputToken outputToken amount slippageBps swapMode } ... on TransferParameters { token amount recipient } }
    preview { simulated feeLamports computeUnits warnings balanceChanges { mint symbol decimals before after change } }`;

  function transactionCard(transaction) {
    const card = element('div', { className: 'transaction' });
    const parameters = Object.entries(transaction.parameters || {}).map(([name, value]) => row([name, String(value)]));
    card.append(element('h3', { textContent: `${transaction.type} · ${transaction.transactionId || 'quote'}` }));
    if (transaction.summary) card.append(element('p', { className: 'summary', textContent: transaction.summary }));
    card.append(table(['Parameter', 'Value'], parameters));
    if (transaction.preview && transaction.preview.balanceChanges) {
      const { preview } = transaction;
      const changes = preview.balanceChanges.map((change) =>
        row([change.symbol || change.mint, units(change.before, change.decimals), units(change.after, change.decimals), signed(units(change.change, change.decimals))]),
      );
      card.append(element('h4', { textContent: `Preview${preview.simulated ? ' (simulated)' : ''}: fee ${units(preview.feeLamports, 9)} SOL` }));
      card.append(table(['Token', 'Before', 'After', 'Change'], changes));
      for (const warning of preview.warnings || []) card.append(element('p', { className: 'warning', textContent: warning }));
    }
    if (!transaction.serializedTransaction) {
      card.append(element('p', { className: 'hint', textContent: 'A quote only: there is no transaction to sign.' }));
      return card;
    }
    const status = element('p', { className: 'status', textContent: 'Status: built' });
    const sign = element('button', { type: 'button', textContent: 'Sign with the demo wallet and submit' });
    sign.addEventListener('click', () => {
      sign.disabled = true;
      attempt(() => signAndFollow(transaction, status)).finally(() => (sign.disabled = status.dataset.status === 'confirmed'));
    });
    card.append(sign, status);
    return card;
  }

  async function signAndFollow(transaction, status) {
    // Listen first, so no change is missed: the first event is the status as it stands.
    const seen = [];
    const followed = subscribe(
      `subscription ($id: ID!) { transactionUpdated(transactionId: $id) { status signature error } }`,
      { id: transaction.transactionId },
      ({ transactionUpdated: update }) => {
        seen.push(update.status);
        status.textContent = `Status: ${seen.join(' → ')}${update.error ? ` (${update.error})` : ''}`;
        status.dataset.status = update.status;
        if (update.signature) status.title = `Signature ${update.signature}`;
      },
    );
    // The wallet's signature is the only one missing; the transaction is sent unchanged otherwise.
    const built = VersionedTransaction.deserialize(fromBase64(transaction.serializedTransaction));
    built.sign([wallet]);
    await graphql(`mutation ($id: ID!, $signed: String!) { submitTransaction(id: $id, signedTransaction: $signed) { status } }`, {
      id: transaction.transactionId,
      signed: toBase64(built.serialize()),
    });
    await followed; // completes after confirmed, failed or expired
    await showPortfolio();
  }

  // ---- Small helpers ----------------------------------------------------------------------

  function attempt(action) {
    $('error').hidden = true;
    return Promise.resolve().then(action).catch(showError);
  }
  function showError(error) {
    $('error').textContent = error.message || String(error);
    $('error').hidden = false;
  }
  function element(tag, properties) {
    return Object.assign(document.createElement(tag), properties);
  }
  function row(cells) {
    const tr = element('tr');
    tr.append(...cells.map((text) => element('td', { textContent: text })));
    return tr;
  }
  function table(headings, rows) {
    const result = element('table');
    const head = element('tr');
    head.append(...headings.map((text) => element('th', { scope: 'col', textContent: text })));
    result.append(element('thead'), element('tbody'));
    result.tHead.append(head);
    result.tBodies[0].append(...rows);
    return result;
  }
  /** Base units (an integer string) as whole tokens. */
  function units(base, decimals) {
    const value = BigInt(base);
    const negative = value < 0n;
    const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals);
    const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
    return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  }
  const signed = (text) => (text.startsWith('-') || text === '0' ? text : `+${text}`);
  const fromBase64 = (text) => Uint8Array.from(window.atob(text), (char) => char.charCodeAt(0));
  const toBase64 = (bytes) => window.btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
})();
