// The developer dashboard: usage against the limits, daily charts and API keys, all through the
// /v1 REST API with the admin key pasted above. The key stays in this tab (sessionStorage):
// never in a URL, never logged.
(function () {
  const STORAGE_KEY = 'parley.adminKey';
  const DAY_MS = 86400000;
  const $ = (id) => document.getElementById(id);
  const charts = [];
  let usageChart;

  class ApiError extends Error {}

  async function api(method, path, body) {
    const response = await fetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${sessionStorage.getItem(STORAGE_KEY)}`,
        ...(body && { 'Content-Type': 'application/json' }),
      },
      body: body && JSON.stringify(body),
    });
    const payload = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = payload.error || {};
      throw new ApiError(`${error.message || `The API answered ${response.status}`} (${error.code || response.status}${error.field ? `, ${error.field}` : ''})`);
    }
    return payload;
  }

  function showError(error) {
    $('error').textContent = error instanceof ApiError ? error.message : `Something went wrong: ${error.message}`;
    $('error').hidden = false;
  }

  // Runs an action of the page: its errors are shown in words, never swallowed.
  const guarded = (action) => (event) => {
    if (event) event.preventDefault();
    $('error').hidden = true;
    return Promise.resolve(action(event)).catch(showError);
  };

  const day = (date) => date.toISOString().slice(0, 10);
  const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

  function signedIn(yes) {
    for (const id of ['overview', 'charts', 'keys', 'sign-out']) $(id).hidden = !yes;
    $('sign-in').hidden = yes;
    $('signed-out').hidden = yes;
  }

  async function showUsage() {
    const { tier, limits, usage, resetAt, daily } = await api('GET', '/v1/analytics/usage?interval=day');
    // The key works: show the sections before drawing, so that charts take their full width.
    signedIn(true);
    $('tier').textContent = tier;
    $('requests').textContent = limits.requestsPerDay === null ? `${usage.requestsToday}` : `${usage.requestsToday} / ${limits.requestsPerDay}`;
    $('transactions').textContent = `${usage.transactionsToday} / ${limits.transactionsPerDay === null ? 'unlimited' : limits.transactionsPerDay}`;
    const minutes = Math.max(0, Math.round((Date.parse(resetAt) - Date.now()) / 60000));
    $('reset').textContent = `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
    if (usageChart) usageChart.destroy();
    usageChart = chart($('chart-requests'), ['requests', 'transactions'], [
      daily.map((entry) => Date.parse(`${entry.date}T00:00:00Z`) / 1000),
      daily.map((entry) => entry.requests),
      daily.map((entry) => entry.transactions),
    ]);
  }

  function chart(container, series, columns) {
    const width = Math.max(280, container.clientWidth || 320);
    container.dataset.points = String(columns[0].length);
    return new window.uPlot(
      { width, height: 200, series: [{}, ...series.map((label, i) => ({ label, stroke: ['#2f6fdb', '#2e9e5b', '#c62828'][i], width: 2 }))] },
      columns,
      container,
    );
  }

  async function showCharts() {
    const { daily } = await api('GET', `/v1/analytics/metrics?startDate=${$('start-date').value}&endDate=${$('end-date').value}&interval=day`);
    while (charts.length) charts.pop().destroy();
    const x = daily.map((entry) => Date.parse(`${entry.date}T00:00:00Z`) / 1000);
    const column = (field) => daily.map((entry) => entry[field]);
    charts.push(
      chart($('chart-activity'), ['sessions', 'messages'], [x, column('sessions'), column('messages')]),
      chart($('chart-transactions'), ['successful', 'failed'], [x, column('successful'), column('failed')]),
      chart($('chart-volume'), ['USD'], [x, column('volume')]),
    );
  }

  function showSecret(secret, note) {
    $('secret-value').textContent = secret;
    $('secret-note').textContent = note;
    $('secret').hidden = false;
  }

  /** A button showing `label`; `name` (which may be long) is in its accessible name, not on it. */
  function button(label, name, action) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.setAttribute('aria-label', `${label} ${name}`);
    element.addEventListener('click', guarded(action));
    return element;
  }

  async function showKeys() {
    const { keys } = await api('GET', '/v1/keys');
    const rows = keys.map((key) => {
      const row = document.createElement('tr');
      row.dataset.keyId = key.keyId;
      const origins = key.allowedOrigins ? key.allowedOrigins.join(', ') || 'none (servers only)' : 'any';
      for (const text of [key.name, key.scopes.join(', '), key.environment, origins, key.status, when(key.createdAt), when(key.expiresAt), when(key.lastUsedAt)]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      row.firstElementChild.className = 'key-name';
      const actions = document.createElement('td');
      if (key.status === 'active') {
        actions.append(
          button('Rotate', key.name, async () => {
            const rotated = await api('POST', `/v1/keys/${key.keyId}/rotate`);
            showSecret(rotated.key, `The old key works until ${when(rotated.previousKeyExpiresAt)}.`);
            await showKeys();
          }),
          button('Embed', key.name, () => showEmbed(key)),
          button('Revoke', key.name, async () => {
            if (!window.confirm(`Revoke "${key.name}"? Requests with it will fail at once.`)) return;
            await api('DELETE', `/v1/keys/${key.keyId}`);
            await showKeys();
          }),
        );
      }
      row.append(actions);
      return row;
    });
    $('key-rows').replaceChildren(...rows);
  }

  /** The two halves of embedding the chat with this key: the mint on the dApp's server, the element in its page. */
  function showEmbed(key) {
    const parley = window.location.origin;
    $('embed-title').textContent = `Embed the chat with "${key.name}".`;
    $('embed-value').textContent = [
      '// On your server (Node 18+), with the key in an environment variable:',
      `const parley = '${parley}';`,
      'async function clientTokenFor(walletAddress) {',
      "  const headers = { authorization: `Bearer ${process.env.PARLEY_KEY}`, 'content-type': 'application/json' };",
      "  const session = await (await fetch(`${parley}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify({ walletAddress }) })).json();",
      "  const minted = await fetch(`${parley}/v1/sessions/${session.sessionId}/client-tokens`, { method: 'POST', headers, body: '{}' });",
      '  return minted.json(); // { clientToken, sessionId, expiresAt, … }: answer it to the page as it is',
      '}',
      '',
      '<!-- In your page: -->',
      `<script type="module" src="${parley}/widget.js"></script>`,
      `<parley-chat endpoint="${parley}"></parley-chat>`,
      '<script type="module">',
      "  document.querySelector('parley-chat').tokenProvider = async () => (await fetch('/parley-token', { method: 'POST' })).json();",
      '</script>',
    ].join('\n');
    $('embed').hidden = false;
    $('embed').scrollIntoView({ block: 'nearest' });
  }

  /** The origins typed one per line; undefined when none, which leaves the key usable from any origin. */
  function typedOrigins() {
    const origins = $('key-origins').value.split('\n').map((line) => line.trim()).filter(Boolean);
    return origins.length ? origins : undefined;
  }

  async function createKey() {
    const scopes = [...document.querySelectorAll('input[name="scope"]:checked')].map((input) => input.value);
    const expires = $('key-expires').value;
    const created = await api('POST', '/v1/keys', {
      name: $('key-name').value,
      scopes,
      environment: $('key-environment').value,
      ...(expires && { expiresAt: `${expires}T00:00:00.000Z` }),
      allowedOrigins: typedOrigins(),
    });
    showSecret(created.key, `Key "${created.name}" (${created.scopes.join(', ')}).`);
    $('create-key').reset();
    await showKeys();
  }

  async function load() {
    try {
      await showUsage();
    } catch (error) {
      signedIn(false);
      throw error;
    }
    await Promise.all([showCharts(), showKeys()]);
  }

  const today = new Date();
  $('end-date').value = day(today);
  $('start-date').value = day(new Date(today.getTime() - 29 * DAY_MS));
  $('sign-in').addEventListener(
    'submit',
    guarded(() => {
      sessionStorage.setItem(STORAGE_KEY, $('admin-key').value.trim());
      $('admin-key').value = '';
      return load();
    }),
  );
  $('sign-out').addEventListener('click', () => {
    sessionStorage.removeItem(STORAGE_KEY);
    $('secret').hidden = true;
    signedIn(false);
  });
  $('period').addEventListener('submit', guarded(showCharts));
  $('create-key').addEventListener('submit', guarded(createKey));
  $('copy-secret').addEventListener('click', guarded(() => navigator.clipboard.writeText($('secret-value').textContent)));
  $('copy-embed').addEventListener('click', guarded(() => navigator.clipboard.writeText($('embed-value').textContent)));
  signedIn(false);
  if (sessionStorage.getItem(STORAGE_KEY)) guarded(load)();
})();
