// <parley-chat>: a drop-in chat box for a dApp's page, served by Parley at GET /widget.js as one
// ES module (this file and what it imports, bundled by scripts/bundle-widget.js). The README's
// "Front ends" section is its manual: attributes, properties, events, theming.
//
// What it does: opens the session its token is for, shows its history, sends each command
// (sendMessage), shows the agent's reply, a clarifying question (a 422 `parsing_error` with
// `details.ask`: the next message answers it) or a refusal; for a built transaction, the
// summary and the simulated balance changes before a Confirm button; then the session's wallet
// signs (the page's `signTransaction`, or a Wallet Standard wallet in the page), the widget
// submits and follows the status live (transactionUpdated) until it is final.
import { createApi, ParleyError } from './api.js';
import { Credentials } from './credentials.js';
import { change, fromBase64, shortAddress, toBase64, units } from './format.js';
import { FOLLOW, PORTFOLIO, REFRESH, SEND, SESSION, SUBMIT } from './operations.js';
import { sign } from './signing.js';
import { STYLES } from './styles.js';

// Parley is where this module was loaded from, unless the `endpoint` attribute says otherwise.
const HOME = new URL(import.meta.url).origin;

const FINAL = new Set(['confirmed', 'failed', 'expired', 'replaced']);
/** Where a status comes in a transaction's life: built, submitted, then one final status. */
const stage = (status) => (FINAL.has(status) ? 2 : status === 'submitted' ? 1 : 0);

/** What the status line says in each state of a transaction. */
const STATUS_TEXT = {
  built: 'Waiting for your confirmation',
  signing: 'Waiting for your wallet to sign…',
  submitted: 'Submitted: waiting for the network…',
  confirmed: 'Confirmed',
  failed: 'Failed',
  expired: 'Expired before it landed: build it again',
  replaced: 'Replaced by a newer transaction',
  quote: 'A quote only: there is nothing to sign',
  error: 'Not sent',
};

const INTRO = 'Hi! Ask me to swap or send tokens ("swap 1 SOL for USDC", "send 5 USDC to …"), or about your balances and prices. You confirm every transaction in your wallet.';

// One stylesheet shared by every instance. Adopted, not a <style> element: a page whose CSP
// forbids inline styles still shows the widget as designed.
const SHEET = new CSSStyleSheet();
SHEET.replaceSync(STYLES);

const SHELL = `
<section class="chat" part="chat" data-state="idle" aria-labelledby="title">
  <header part="header">
    <h2 class="title" id="title">Parley</h2>
    <span class="wallet" part="wallet" hidden></span>
    <p class="balances" part="balances"></p>
  </header>
  <div class="log" part="log" role="log" aria-live="polite" aria-labelledby="title" tabindex="0"></div>
  <p class="notice" part="notice" role="alert" hidden></p>
  <form part="composer">
    <label class="visually-hidden" for="message">Message to Parley</label>
    <input id="message" name="message" autocomplete="off" enterkeyhint="send" maxlength="500" placeholder="Swap 1 SOL for USDC…" disabled />
    <button type="submit" disabled>Send</button>
  </form>
</section>`;

const element = (tag, { attributes = {}, ...properties } = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), properties);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
};
const hidden = (text) => element('span', { className: 'visually-hidden', textContent: text });

/**
 * The element. The module defines it as `parley-chat` when loaded; one instance lives as long
 * as it is in the page, and starts again when its attributes or tokenProvider change.
 */
export class ParleyChat extends HTMLElement {
  static observedAttributes = ['endpoint', 'session', 'token'];

  #tokenProvider = null;
  #signTransaction = null;
  #dom;
  #api = null;
  #session = null;
  #generation = 0;
  #restartQueued = false;
  #busy = false;
  #pinned = true;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [SHEET];
    root.innerHTML = SHELL;
    const $ = (selector) => root.querySelector(selector);
    this.#dom = { chat: $('.chat'), wallet: $('.wallet'), balances: $('.balances'), log: $('.log'), notice: $('.notice'), form: $('form'), input: $('input'), send: $('form button') };
    const { log } = this.#dom;
    log.addEventListener('scroll', () => (this.#pinned = log.scrollTop + log.clientHeight >= log.scrollHeight - 24), { passive: true });
    // The widget resized (a phone turned, the page's layout changed): the newest stays in view.
    new ResizeObserver(() => this.#scrollDown()).observe(log);
    this.#dom.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.#dom.input.value.trim();
      if (text && !this.#busy && this.#session) this.#send(text);
    });
  }

  /**
   * An async function the page supplies that resolves to a client token, or to the mint
   * response (`{ clientToken, sessionId, … }`). Called at start, and again when Parley refuses
   * the token (HTTP 401, the socket closed with 4403).
   */
  get tokenProvider() {
    return this.#tokenProvider;
  }
  set tokenProvider(provider) {
    this.#tokenProvider = provider;
    this.#restart();
  }

  /**
   * Optional: `async (transaction: Uint8Array, { walletAddress }) => Uint8Array`, the wire
   * transaction Parley built in, the same transaction signed by the session's wallet out. Without
   * it, a Wallet Standard wallet in the page that holds the session's wallet signs.
   */
  get signTransaction() {
    return this.#signTransaction;
  }
  set signTransaction(signer) {
    this.#signTransaction = signer;
  }

  connectedCallback() {
    // Properties set before this module defined the element sit on the instance: take them over.
    for (const name of ['tokenProvider', 'signTransaction']) {
      if (Object.hasOwn(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
    this.#restart();
  }

  disconnectedCallback() {
    this.#stop();
  }

  attributeChangedCallback() {
    this.#restart();
  }

  /** Starts again once, after the attributes and properties set in the same task. */
  #restart() {
    if (this.#restartQueued) return;
    this.#restartQueued = true;
    queueMicrotask(() => {
      this.#restartQueued = false;
      if (this.isConnected) this.#start();
    });
  }

  #stop() {
    this.#generation += 1;
    this.#api?.close();
    this.#api = null;
    this.#session = null;
  }

  async #start() {
    this.#stop();
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    this.#dom.log.replaceChildren();
    this.#dom.balances.replaceChildren();
    this.#dom.wallet.hidden = true;
    this.#setNotice(null);
    this.#setReady(false, 'idle');
    if (!this.hasAttribute('token') && typeof this.#tokenProvider !== 'function') return;

    const credentials = new Credentials(this);
    const api = createApi(this.getAttribute('endpoint') || HOME, credentials);
    this.#api = api;
    this.#setReady(false, 'connecting');
    try {
      const grant = await credentials.grant();
      const id = grant.sessionId ?? this.getAttribute('session');
      if (!id) throw new ParleyError('No session: set the session attribute, or have the tokenProvider answer { clientToken, sessionId }', { code: 'session_not_found' });
      const { session, history } = await this.#open(api, id);
      if (!current()) return;
      this.#session = session;
      this.#dom.wallet.hidden = false;
      this.#dom.wallet.textContent = shortAddress(session.walletAddress);
      this.#dom.wallet.title = `Session wallet ${session.walletAddress}`;
      if (history.length === 0) this.#addMessage('agent', INTRO);
      for (const message of history) {
        const item = this.#addMessage(message.role, message.content);
        if (message.transaction?.summary) item.append(element('p', { className: 'past', textContent: message.transaction.summary }));
      }
      this.#setReady(true, 'ready');
      this.#showBalances();
    } catch (error) {
      if (!current()) return;
      this.#setReady(false, 'refused');
      this.#fail(error);
    }
  }

  /** The session and every stored message of it, oldest first. */
  async #open(api, id) {
    const history = [];
    let session;
    for (let after = null, more = true; more; ) {
      ({ session } = await api.request(SESSION, { id, after }));
      history.push(...session.messages.edges.map((edge) => edge.node));
      ({ hasNextPage: more, endCursor: after } = session.messages.pageInfo);
    }
    return { session, history };
  }

  #setReady(ready, state) {
    this.#dom.chat.dataset.state = state;
    this.#dom.input.disabled = !ready;
    this.#dom.send.disabled = !ready;
  }

  async #send(text) {
    const api = this.#api;
    this.#busy = true;
    this.#dom.send.disabled = true;
    this.#dom.input.value = '';
    this.#pinned = true;
    this.#addMessage('user', text);
    const thinking = this.#addThinking();
    try {
      const { sendMessage } = await api.request(SEND, { input: { sessionId: this.#session.sessionId, message: text } });
      if (api !== this.#api) return;
      this.#setNotice(null);
      this.#addMessage('agent', sendMessage.response);
      if (sendMessage.transaction) this.#append(this.#transactionCard(sendMessage.transaction));
    } catch (error) {
      if (api !== this.#api) return;
      // A command the agent cannot act on: its reason, or the question whose answer completes it.
      if (error.code === 'parsing_error') this.#addMessage('agent', error.details?.reason ?? error.message, { kind: error.details?.ask ? 'question' : 'refusal' });
      else {
        if (!this.#dom.input.value) this.#dom.input.value = text;
        this.#fail(error);
      }
    } finally {
      thinking.remove();
      this.#busy = false;
      if (api === this.#api) this.#dom.send.disabled = false;
    }
  }

  #addMessage(role, text, { kind } = {}) {
    const speaker = role === 'user' ? 'You: ' : kind === 'question' ? 'Parley asks: ' : 'Parley: ';
    const item = element('div', { className: `message ${role}${kind ? ` ${kind}` : ''}`, attributes: { part: `message ${role}` } }, [hidden(speaker)]);
    if (kind === 'question') item.append(element('span', { className: 'tag', textContent: 'Question', attributes: { 'aria-hidden': 'true' } }));
    item.append(element('p', { textContent: text }));
    return this.#append(item);
  }

  /** Dots while the agent answers; until they go, screen readers hold the log's news (aria-busy). */
  #addThinking() {
    const dots = ['.', '.', '.'].map((dot) => element('span', { textContent: dot }));
    const item = this.#append(element('div', { className: 'message agent thinking', attributes: { 'aria-hidden': 'true' } }, dots));
    this.#dom.log.setAttribute('aria-busy', 'true');
    return {
      remove: () => {
        item.remove();
        this.#dom.log.removeAttribute('aria-busy');
      },
    };
  }

  #append(item) {
    this.#dom.log.append(item);
    this.#scrollDown();
    return item;
  }

  /** Shows the newest, unless the reader has scrolled up to read something older. */
  #scrollDown() {
    if (this.#pinned) this.#dom.log.scrollTop = this.#dom.log.scrollHeight;
  }

  // ---- Transactions: the card, Confirm, sign, submit, follow ----------------------------

  #transactionCard(transaction) {
    const noun = transaction.type === 'swap' ? 'swap' : 'transfer';
    const card = element('section', { className: 'transaction', attributes: { part: 'transaction' } });
    card.dataset.transactionId = transaction.transactionId ?? '';
    card.append(element('h3', { textContent: transaction.serializedTransaction ? `Review this ${noun}` : `Quote for a ${noun}` }));
    // What changes first, in whole tokens; then Parley's one-line summary, the terms in full.
    if (transaction.preview) card.append(...previewOf(transaction.preview));
    if (transaction.summary) card.append(element('p', { className: 'summary', textContent: transaction.summary }));
    const status = element('p', { className: 'status', attributes: { role: 'status' } });
    if (!transaction.serializedTransaction) {
      card.append(status);
      setStatus(status, 'quote');
      return card;
    }
    const confirm = element('button', { type: 'button', textContent: `Confirm ${noun}`, attributes: { part: 'confirm' } });
    const actions = element('div', { className: 'actions' }, [confirm]);
    confirm.addEventListener('click', () => this.#confirm(transaction, card, actions, status));
    card.append(actions, status);
    setStatus(status, 'built');
    return card;
  }

  async #confirm(transaction, card, actions, status) {
    const api = this.#api;
    const { transactionId } = transaction;
    const confirm = actions.querySelector('button');
    confirm.disabled = true;
    this.#dom.input.focus();
    setStatus(status, 'signing');
    let signed;
    try {
      signed = await sign(fromBase64(transaction.serializedTransaction), this.#session.walletAddress, this.#signTransaction);
    } catch (error) {
      setStatus(status, 'built');
      confirm.disabled = false;
      this.#fail(error instanceof ParleyError ? error : new ParleyError(`The wallet did not sign: ${error?.message ?? error}`, { code: 'signing_failed' }));
      return;
    }
    // Listening before submitting, so every status shows; the submit's answer and the pushes
    // may arrive in either order, so a status never goes back to an earlier one.
    let last = 'built';
    const show = (update) => {
      if (stage(update.status) <= stage(last)) return;
      last = update.status;
      setStatus(status, update.status, update);
      this.#emit('parley:transaction', { transactionId, type: transaction.type, status: update.status, signature: update.signature ?? null, error: update.error ?? null });
      // Nothing is left to confirm: the button goes; an expired transaction can be built again.
      if (FINAL.has(update.status)) actions.remove();
      if (update.status === 'expired') status.before(this.#rebuildButton(transaction, card));
      if (update.status === 'confirmed') this.#showBalances();
      this.#scrollDown();
    };
    const updates = api.subscribe(FOLLOW, { id: transactionId }, (data) => show(data.transactionUpdated));
    try {
      const { submitTransaction } = await api.request(SUBMIT, { id: transactionId, signed: toBase64(signed) });
      show(submitTransaction);
      if (FINAL.has(submitTransaction.status)) updates.stop();
      await updates.finished;
    } catch (error) {
      updates.stop();
      if (api !== this.#api) return;
      if (error.code === 'transaction_expired') show({ status: 'expired' });
      else if (!FINAL.has(last)) {
        // Not sent, or not followed to the end (the network, a refusal): Confirm may try again.
        setStatus(status, 'error', { error: error.message });
        confirm.disabled = false;
      }
      this.#fail(error);
    }
  }

  /** Builds an expired transaction again (fresh quote and blockhash) in place of its card. */
  #rebuildButton(transaction, card) {
    const button = element('button', { type: 'button', className: 'secondary', textContent: 'Build it again' });
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const { refreshTransaction } = await this.#api.request(REFRESH, { id: transaction.transactionId });
        card.replaceWith(this.#transactionCard(refreshTransaction));
      } catch (error) {
        button.disabled = false;
        this.#fail(error);
      }
    });
    return element('div', { className: 'actions' }, [button]);
  }

  async #showBalances() {
    const api = this.#api;
    try {
      const { portfolio } = await api.request(PORTFOLIO, { wallet: this.#session.walletAddress });
      if (api !== this.#api) return;
      const held = portfolio.tokens.filter((token) => BigInt(token.amount) > 0n).map((token) => `${units(token.amount, token.decimals)} ${token.symbol}`);
      this.#dom.balances.replaceChildren(hidden('Balances: '), held.length ? held.join(' · ') : 'No tokens yet');
    } catch (error) {
      if (api === this.#api) this.#fail(error);
    }
  }

  // ---- Errors and events ---------------------------------------------------------------

  /** Shows what went wrong and tells the page (`parley:error`). */
  #fail(error) {
    const detail = { code: error.code ?? 'internal_error', message: error.message, status: error.status ?? null };
    this.#setNotice(detail.message);
    this.#emit('parley:error', detail);
  }

  #setNotice(text) {
    this.#dom.notice.hidden = !text;
    this.#dom.notice.textContent = text ?? '';
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** The balance changes of a preview, in whole tokens, with the network fee and any warnings. */
function previewOf(preview) {
  const rows = preview.balanceChanges.map((entry) => {
    const moved = BigInt(entry.change);
    const cells = [entry.symbol, change(entry.change, entry.decimals), units(entry.after, entry.decimals)];
    const row = element('tr', {}, cells.map((text, index) => element(index === 0 ? 'th' : 'td', { textContent: text })));
    row.firstChild.scope = 'row';
    row.children[1].className = moved > 0n ? 'up' : moved < 0n ? 'down' : '';
    return row;
  });
  const head = element('tr', {}, ['Token', 'Change', 'After'].map((text) => element('th', { scope: 'col', textContent: text })));
  const table = element('table', {}, [
    element('caption', { textContent: preview.simulated ? 'Balance changes (simulated)' : 'Balance changes (estimated)' }),
    element('thead', {}, [head]),
    element('tbody', {}, rows),
  ]);
  const parts = [table, element('p', { className: 'fee', textContent: `Network fee ${units(preview.feeLamports, 9)} SOL, included in the SOL change` })];
  if (preview.warnings.length) parts.push(element('ul', { className: 'warnings' }, preview.warnings.map((text) => element('li', { textContent: text }))));
  return parts;
}

function setStatus(line, status, { signature, error } = {}) {
  line.dataset.status = status;
  const text = STATUS_TEXT[status] ?? status;
  line.textContent = error ? `${text}: ${error}` : text;
  if (signature) line.title = `Signature ${signature}`;
  if (status === 'confirmed' && signature) line.textContent = `${text} · ${shortAddress(signature)}`;
}

if (!customElements.get('parley-chat')) customElements.define('parley-chat', ParleyChat);
