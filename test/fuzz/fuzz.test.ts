import { Keypair } from '@solana/web3.js';
import { routes } from '../../rest-adapter/routes';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * Generated bad requests across every endpoint, 10,000 to the /v1 routes and 2,000 to /graphql:
 * wrong types, missing and extra fields, huge and unicode strings, injection strings, bad ids
 * and cursors, wrong methods and content types, bad keys; for GraphQL also documents that do
 * not parse or validate, variables of the wrong type, and queries too deep or too costly. None
 * may get a 5xx, the process must keep serving, and the rows stored before must be unchanged.
 */
const REST_REQUESTS = 10_000;
const GRAPHQL_REQUESTS = 2_000;
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
  return { method, path: path + query, body, contentType, authorization, accept: undefined as string | undefined, preflight: false };
}

// Documents that do not parse or validate, and valid ones whose variables ($v) take nasty values;
// the ids they are given name nothing, as for the REST routes.
const DOCUMENTS = [
  '',
  '{',
  '{ sessions(first: ',
  '}}}',
  '{ nope }',
  '{ sessions { edges { node { nope } } } }',
  'subscription { sessions { edges { cursor } } }',
  '{ ...F } fragment F on Query { ...F }',
  '{ sessions @skip(if: "yes") { edges { cursor } } }',
  `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: usage { tier }`).join(' ')} }`,
  `{ sessions { edges { node { messages { edges { node { transaction { ${'transactionId '.repeat(5)} } } } } } } } } }`,
  '{ sessions(first: 100) { edges { node { messages(first: 100) { edges { node { content } } } } } } }',
  '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }',
  'query ($v: Int) { sessions(first: $v) { edges { node { sessionId messages(first: $v) { edges { node { content } } } } } } }',
  'query ($v: String) { sessions(after: $v, status: active) { edges { cursor } } }',
  'query ($v: ID!) { session(id: $v) { sessionId latestMessage { content } portfolio { totalValue } } }',
  'query ($v: String!) { messages(sessionId: $v, first: 5, after: $v) { edges { cursor } } }',
  'query ($v: String!) { price(token: $v) { symbol price } }',
  'query ($v: [String!]!) { prices(tokens: $v) { symbol } }',
  'query ($v: String!) { portfolio(walletAddress: $v) { totalValue } }',
  'query ($v: String) { metrics(startDate: $v, endDate: $v) { period { __typename } } }',
  'query ($v: ID!) { transaction(id: $v) { status } }',
  'mutation ($v: String!) { sendMessage(input: { sessionId: $v, message: $v }) { messageId } }',
  'mutation ($v: Int) { sendMessage(input: { sessionId: "session_AAAAAAAAAAAAAAAA", message: "swap 1 SOL for USDC", slippage: $v }) { messageId } }',
  'mutation ($v: CreateSessionInput!) { createSession(input: $v) { sessionId } }',
  'mutation ($v: CreateApiKeyInput!) { createApiKey(input: $v) { keyId } }',
  'mutation ($v: ID!) { terminateSession(id: $v) { sessionId } }',
  'mutation ($v: ID!) { revokeApiKey(keyId: $v) { keyId } }',
  'mutation ($v: ID!) { rotateApiKey(keyId: $v) { keyId } }',
  'mutation ($v: ID!) { submitTransaction(id: $v, signedTransaction: $v) { status } }',
  'mutation ($v: AirdropInput!) { devAirdrop(input: $v) { __typename } }',
];

function badGraphQLRequest(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const nasty = () => pick(NASTY);
  const document = random() < 0.1 ? nasty() : pick(DOCUMENTS);
  const variables = random() < 0.2 ? nasty() : { v: random() < 0.3 ? { walletAddress: nasty(), name: nasty(), scopes: nasty(), token: nasty(), amount: nasty() } : nasty() };
  const payload: Record<string, unknown> = { query: document, variables };
  if (random() < 0.2) payload.operationName = nasty();
  if (random() < 0.1) payload.extensions = nasty();
  const kind = Math.floor(random() * 10);
  let method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'POST';
  let path = '/graphql';
  let body: unknown = payload;
  let contentType = 'application/json';
  let authorization: string | undefined = bearer(key);
  let accept: string | undefined;
  let preflight = false;
  switch (kind) {
    case 0: // over GET, mutations included; with the header that lets it past CSRF prevention or without
      method = 'GET';
      path = `/graphql?query=${encode(document)}&variables=${encode(JSON.stringify(variables))}`;
      body = undefined;
      preflight = random() < 0.5;
      break;
    case 1: // wrong method or content type, malformed JSON, a batch, a body that is not an object
      method = pick(['POST', 'PUT', 'DELETE'] as const);
      contentType = pick(['application/json', 'text/plain', 'application/graphql', 'application/x-www-form-urlencoded']);
      body = pick(['{', '[]', `[${JSON.stringify(payload)}, ${JSON.stringify(payload)}]`, '"query"', 'query=%7B%7D', JSON.stringify(payload)]);
      break;
    case 2: // bad keys
      authorization = pick([undefined, 'Bearer', `Bearer ${'parley_live_'}${'A'.repeat(32)}`, 'Basic Zm9vOmJhcg==']);
      break;
    case 3: // the GraphQL-over-HTTP media type: request errors are 400 rather than 200
      accept = 'application/graphql-response+json';
      break;
  }
  return { method, path, body, contentType, authorization, accept, preflight };
}

describe('fuzzing every endpoint', () => {
  it(`answers ${REST_REQUESTS + GRAPHQL_REQUESTS} bad requests without a 5xx, keeps serving, and changes no stored row`, async () => {
    const random = rng(20261121);
    const requests = [
      ...Array.from({ length: REST_REQUESTS }, () => badRequest(random)),
      ...Array.from({ length: GRAPHQL_REQUESTS }, () => badGraphQLRequest(random)),
    ];
    const statuses = new Map<number, number>();
    const fiveHundreds: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++];
        let call = app.http[request.method.toLowerCase() as 'get'](request.path);
        if (request.authorization) call = call.set('Authorization', request.authorization);
        if (request.accept) call = call.set('Accept', request.accept);
        if (request.preflight) call = call.set('Apollo-Require-Preflight', 'true');
        if (request.body !== undefined) {
          call = call.set('Content-Type', request.contentType).send(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
        }
        const response = await call;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const summary = `${request.method} ${request.path.slice(0, 100)} body=${JSON.stringify(request.body)?.slice(0, 100)} → ${response.status}`;
        if (response.status >= 500) fiveHundreds.push(summary);
        else if (!/^application\/(graphql-response\+)?json/.test(response.headers['content-type'] ?? '')) fiveHundreds.push(`${summary} ${response.headers['content-type']}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(fiveHundreds.slice(0, 3)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REST_REQUESTS + GRAPHQL_REQUESTS);
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
