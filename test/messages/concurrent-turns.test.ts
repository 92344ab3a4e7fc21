import { Keypair } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

// The worst bug of issue 22's speed passes: under load, a turn on the embedded database got the
// rows of another request's statement (`git show 726bdeb`: a statement's parameters were bound
// beside it, the extended protocol, and PGlite's socket server answered one connection's
// statement with another's). Its users saw 404 session_not_found for their own session. Here
// many clients of two accounts' sessions each send turns one after another, all at once, so
// that turns' context reads and writes overlap the whole time; every answer must be its own.
const WALLET = Keypair.generate().publicKey.toBase58();
const ACCOUNTS = 2;
const SESSIONS_PER_ACCOUNT = 1;
/** Clients of each session, each sending its turns one after another. */
const CLIENTS_PER_SESSION = 25;
const TURNS_PER_SESSION = 400;
// Swaps, whose turns carry their built transaction (kilobytes of JSON) into the turn's
// statement, many clients to a session at once: the load that found the leak (with the fix
// reverted, 27 or more of these 800 turns answered 404, and 31 of 1,000 on one session).
const MESSAGES = ['swap 0.01 SOL for USDC', 'swap 0.02 SOL for USDC', 'buy 1 USDC with SOL'];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TIER_LIMITS: '{"enterprise":{"requestsPerMinute":100000000,"transactionsPerDay":null}}' } });
});
afterAll(() => app.close());

it(`${ACCOUNTS * SESSIONS_PER_ACCOUNT * TURNS_PER_SESSION} turns from ${ACCOUNTS * SESSIONS_PER_ACCOUNT * CLIENTS_PER_SESSION} clients of ${ACCOUNTS} accounts' sessions are each answered and stored for their own session`, async () => {
  const post = (path: string, key: string, body: object) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { authorization: bearer(key), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sessions: Array<{ key: string; id: string }> = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const { key } = await app.createAccount('enterprise');
    if (a === 0) await app.fund(WALLET, { SOL: 100 }, key);
    for (let s = 0; s < SESSIONS_PER_ACCOUNT; s++) {
      const created = (await (await post('/v1/sessions', key, { walletAddress: WALLET })).json()) as { sessionId: string };
      sessions.push({ key, id: created.sessionId });
    }
  }
  const turns = sessions.flatMap((session, s) =>
    Array.from({ length: TURNS_PER_SESSION }, (_, t) => ({ ...session, message: `${MESSAGES[(s + t) % MESSAGES.length]}${'!'.repeat(t % 5)}` })),
  );

  const answers: string[] = [];
  const wrong: string[] = [];
  const client = async (queue: typeof turns) => {
    for (let turn = queue.shift(); turn; turn = queue.shift()) {
      const response = await post('/v1/messages', turn.key, { sessionId: turn.id, message: turn.message });
      const body = (await response.json()) as { sessionId?: string; error?: { code: string } };
      const answer = `${response.status} ${body.sessionId ?? body.error?.code}`;
      answers.push(answer);
      if (answer !== `200 ${turn.id}`) wrong.push(`${turn.id}: ${answer}`);
    }
  };
  await Promise.all(
    sessions.flatMap((session) => {
      const queue = turns.filter((turn) => turn.id === session.id);
      return Array.from({ length: CLIENTS_PER_SESSION }, () => client(queue));
    }),
  );
  expect(wrong).toEqual([]);
  expect(answers).toHaveLength(turns.length);

  for (const session of sessions) {
    const stored = await fetch(`${app.url}/v1/sessions/${session.id}`, { headers: { authorization: bearer(session.key) } });
    expect(((await stored.json()) as { messageCount: number }).messageCount).toBe(2 * TURNS_PER_SESSION);
  }
}, 180_000);
