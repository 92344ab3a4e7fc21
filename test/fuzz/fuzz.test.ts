import { Keypair } from '@solana/web3.js';
import { routes } from '../../rest-adapter/routes';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * 10,000 generated bad requests across every endpoint: wrong types, missing and extra fields,
 * huge and unicode strings, injection strings, bad ids and cursors, wrong methods and content
 * types, bad keys. None may get a 5xx, the process must keep serving, and the rows stored
 * before must be unchanged.
 */
const REQUESTS = 10_000;
const CONCURRENCY = 16;

// A small deterministic generator, so that a failure can be replayed from its seed.
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NASTY: unknown[] = [
  '',
  ' ',
  'x'.repeat(10_000),
  '🙂'.repeat(600),
  '\u0000',
  '\ud800',
  "'; drop table session; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'session_0000000000000000',
  'session_!!!!!!!!!!!!!!!!',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '1e309',
  'NaN',
  -1,
  0,
  1.5,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  true,
  null,
  [],
  [1, 2],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
];

let app: TestApp;
let key: string;
let sessionId: string;
let snapshot: string;

async function rows() {
  const connection = app.service.database.orm.em.fork().getConnection();
  const tables = ['account', 'api_key', 'session', 'message', 'transaction_record', 'idempotency_record'];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    // last_used_at legitimately moves (once a minute) while the fuzzer uses the key.
    const rowsOf: Array<Record<string, unknown>> = await connection.execute(`select * from "${table}" order by 1`);
    out[table] = rowsOf.map(({ last_used_at: _lastUsed, ...row }) => row);
  }
  return JSON.stringify(out);
}

beforeAll(async () => {
  app = await startTestApp({ env: { TIER_LIMITS: '{"enterprise":{"requestsPerMinute":1000000}}' } });
  key = app.adminKey;
  sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: Keypair.generate().publicKey.toBase58() })).body.sessionId;
  await app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message: 'hello' });
  snapshot = await rows();
}, 60_000);
afterAll(() => app.close());

/** Percent-encodes, and sends invalid UTF-8 where the text cannot be encoded (a lone surrogate). */
function encode(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
}

function badRequest(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const route = pick(routes);
  const nasty = () => pick(NASTY);
  // Ids that look right but name nothing: a real id with a valid key would be a legitimate request.
  const path = route.path.replace(/:(\w+)/g, () => encode(pick([nasty(), 'session_AAAAAAAAAAAAAAAA', 'key_x', 'tx_x', 'SOL'])));
  const kind = Math.floor(random() * 8);
  let method = route.method;
  let body: unknown = undefined;
  let contentType = 'application/json';
  let query = '';
  let authorization: string | undefined = bearer(key);
  switch (kind) {
    case 0: // wrong method
      method = pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH'] as const) as typeof method;
      break;
    case 1: // wrong content type
      contentType = pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']);
      body = 'a=b&c=d';
      break;
    case 2: // malformed JSON
      body = pick(['{', '{"a":', '[', 'nul', '{"walletAddress": "x",}', '\u0000']);
      break;
    case 3: // bad keys
      authorization = pick([undefined, 'Bearer', 'Bearer parley_live_x', `Bearer ${'parley_live_'}${'A'.repeat(32)}`, 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(5000)}`]);
      break;
    default: {
      // wrong, missing and extra fields
      const fields = ['walletAddress', 'metadata', 'sessionId', 'message', 'slippage', 'name', 'scopes', 'expiresAt', 'environment', 'token', 'amount', 'signedTransaction'];
      const value: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 4); i++) value[pick(fields)] = nasty();
      if (random() < 0.3) value[`extra_${Math.floor(random() * 100)}`] = nasty();
      body = random() < 0.1 ? nasty() : value;
      query = `?${pick(['limit', 'cursor', 'sessionId', 'walletAddress', 'startDate', 'endDate'])}=${encode(nasty())}&${pick(['limit', 'cursor', 'x'])}=${encode(nasty())}`;
    }
  }
  return { method, path: path + query, body, contentType, authorization };
}

describe('fuzzing every endpoint', () => {
  it(`answers ${REQUESTS} bad requests without a 5xx, keeps serving, and changes no stored row`, async () => {
    const random = rng(20261121);
    const requests = Array.from({ length: REQUESTS }, () => badRequest(random));
    const statuses = new Map<number, number>();
    const fiveHundreds: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++];
        let call = app.http[request.method.toLowerCase() as 'get'](request.path);
        if (request.authorization) call = call.set('Authorization', request.authorization);
        if (request.body !== undefined) {
          call = call.set('Content-Type', request.contentType).send(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
        }
        const response = await call;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const summary = `${request.method} ${request.path.slice(0, 100)} body=${JSON.stringify(request.body)?.slice(0, 100)} → ${response.status}`;
        if (response.status >= 500) fiveHundreds.push(summary);
        else if (!response.headers['content-type']?.startsWith('application/json')) fiveHundreds.push(`${summary} ${response.headers['content-type']}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(fiveHundreds.slice(0, 3)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    expect((await app.http.get('/health')).status).toBe(200);
    // A request whose fields happened to be valid may have created rows; none may change or remove a row stored before.
    const after = JSON.parse(await rows()) as Record<string, unknown[]>;
    const before = JSON.parse(snapshot) as Record<string, unknown[]>;
    for (const table of Object.keys(before)) {
      const present = new Set(after[table].map((row) => JSON.stringify(row)));
      const changed = before[table].filter((row) => !present.has(JSON.stringify(row)));
      expect({ table, changed }).toEqual({ table, changed: [] });
    }
    console.log(`fuzz statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  }, 300_000);
});
