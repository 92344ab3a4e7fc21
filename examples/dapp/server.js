// A dApp's server, as small as it can be: it serves its page and mints Parley client tokens
// with its key, which never leaves this process. Node 20, no dependencies.
//
//   PARLEY_URL=http://localhost:3000 PARLEY_KEY=parley_live_… node examples/dapp/server.js
//
// The key needs write:sessions (to open sessions and mint tokens) and the scopes the page's
// visitors use (write:messages, read:messages, read:portfolio, read:prices).
const http = require('node:http');
const { readFileSync } = require('node:fs');
const path = require('node:path');

/** The dApp's HTTP server; call `.listen(port)`. */
function createDappServer({ parleyUrl, key }) {
  const page = readFileSync(path.join(__dirname, 'index.html'), 'utf8').replaceAll('PARLEY_URL', parleyUrl);
  const sessions = new Map(); // wallet → its Parley session, reused while it lasts

  async function parley(method, route, body) {
    const response = await fetch(`${parleyUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  /** A client token for the wallet's session, usable from this dApp's own origin only. */
  async function mint(walletAddress, origin) {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!sessions.has(walletAddress)) {
        const opened = await parley('POST', '/v1/sessions', { walletAddress });
        if (opened.status !== 200) return opened;
        sessions.set(walletAddress, opened.body.sessionId);
      }
      const minted = await parley('POST', `/v1/sessions/${sessions.get(walletAddress)}/client-tokens`, { ttlSeconds: 900, allowedOrigins: [origin] });
      if (minted.status !== 404) return minted;
      sessions.delete(walletAddress); // the session ended: open another
    }
  }

  return http.createServer(async (req, res) => {
    const origin = `http://${req.headers.host}`;
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (req.method === 'POST' && req.url === '/parley-token') {
      let text = '';
      for await (const chunk of req) text += chunk;
      const { walletAddress } = JSON.parse(text || '{}');
      const { status, body } = await mint(String(walletAddress), origin);
      res.writeHead(status === 201 ? 200 : status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } else {
      res.writeHead(404).end();
    }
  });
}

module.exports = { createDappServer };

if (require.main === module) {
  const { PARLEY_URL = 'http://localhost:3000', PARLEY_KEY, PORT = '8080' } = process.env;
  if (!PARLEY_KEY) throw new Error('Set PARLEY_KEY to a Parley key with write:sessions (it stays on this server)');
  createDappServer({ parleyUrl: PARLEY_URL, key: PARLEY_KEY }).listen(Number(PORT), () => console.log(`dApp on http://localhost:${PORT}`));
}
