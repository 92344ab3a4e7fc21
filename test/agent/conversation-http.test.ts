import { Keypair } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * The agent's safety rules and clarifying questions, through POST /v1/messages as a chat box
 * sends them: what the user sees (status, code, reason, the slot asked for), what is stored
 * (history, message count) and that no transaction is ever built where a rule forbids one.
 */
let app: TestApp;
let key: string;
const owner = Keypair.generate().publicKey.toBase58();
const friend = Keypair.generate().publicKey.toBase58();
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const SOL = 'So11111111111111111111111111111111111111112';

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio']);
  await app.fund(owner, { SOL: '20', USDC: '500', USDT: '500', JUP: '300' });
});
afterAll(() => app.close());

const newSession = async () =>
  (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner })).body.sessionId as string;
const chat = async () => {
  const sessionId = await newSession();
  return {
    sessionId,
    say: (message: string) => app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message }),
    count: async () => (await app.http.get(`/v1/sessions/${sessionId}`).set('Authorization', bearer(key))).body.messageCount as number,
  };
};

describe('safety rules: these never build a transaction', () => {
  const refused: Array<[string, string, RegExp]> = [
    ['a negated command', `don't transfer 12 USDT to ${friend}`, /without it/],
    ['a question about a command', 'how would I swap 3 JUP for USDT?', /question/],
    ['"should I"', 'should I swap 3 jup for usdt', /question/],
    ['a hypothetical', 'what if I swapped 10 SOL to USDC', /hypothetical/],
    ['another chain', 'swap 4 JUP for USDT on Base', /Solana only/],
    ['a time', 'swap 3 JUP for USDT tomorrow', /schedule/],
    ['a condition', 'if SOL hits 300 sell 2 SOL for USDC', /schedule|condition/],
    ['two actions', `swap 3 jup for usdt and send it to ${friend}`, /one at a time/],
    ['two outputs', 'swap 10 sol for usdc and bonk', /one token per message/],
    ['a program id as recipient', 'send 1 SOL to TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', /program/],
    ['a token mint as recipient', `send 5 USDC to ${USDC}`, /mint/],
    ['a shortened recipient', 'send 5 USDC to 7xKX…AsU', /shortened/],
    ['the same token on both sides', 'swap 1 sol for sol', /Both sides/],
    ['a zero amount', 'swap 0 SOL for USDC', /above zero/],
    ['a negative amount', `send -5 usdc to ${friend}`, /above zero/],
    ['a vague amount', 'swap lots of sol for usdc', /How much SOL/],
    ['an unsupported feature', 'stake 5 SOL', /staking/],
    ['words that could change the meaning', 'swap 3 sol for usdc but only if cheap', /schedule|condition|know what/],
    ['a negative slippage', 'swap 1 SOL for USDC with -1% slippage', /negative/],
    ['"X worth of Y" after a verb that could read it either way', 'swap 2 USDC worth of JUP', /either token/],
    ['a sale sized in one token and paid in a third', 'sell 2 SOL worth of JUP for USDC', /sized in one token/],
  ];
  it.each(refused)('%s: 422 parsing_error with a reason, nothing stored', async (_, message, reason) => {
    const { say, count } = await chat();
    const response = await say(message);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('parsing_error');
    expect(response.body.error.details.reason).toMatch(reason);
    expect(response.body.transaction).toBeUndefined();
    expect(await count()).toBe(0);
  });

  it('a token mint or token account that is no listed token is refused as a recipient, from the chain', async () => {
    const { say } = await chat();
    // The wallet's own USDC token account: an account of the Token program, not a wallet.
    const { getAssociatedTokenAddressSync } = await import('@solana/spl-token');
    const { PublicKey } = await import('@solana/web3.js');
    const tokenAccount = getAssociatedTokenAddressSync(new PublicKey(USDC), new PublicKey(owner)).toBase58();
    const response = await say(`send 1 USDC to ${tokenAccount}`);
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(/token mint or token account, not a wallet/);
  });

  it('a query or chit-chat answers without a transaction', async () => {
    const { say } = await chat();
    for (const message of ['where is WIF trading now', 'JUP price pls', 'look up my JUP balance', 'gm', 'what can you do']) {
      const response = await say(message);
      expect(response.status).toBe(200);
      expect(response.body.intent.action).toBe('query');
      expect(response.body.transaction).toBeUndefined();
    }
  });
});

describe('commands as people write them', () => {
  it.each([
    ['swap one hundred usdt for jup', USDT, JUP, 100_000_000],
    ['convert thirty five usdt to sol', USDT, SOL, 35_000_000],
    ['spend 10 USDC on BONK', USDC, BONK, 10_000_000],
    ['use 2 SOL to buy BONK', SOL, BONK, 2_000_000_000],
    ['turn 50 USDT into SOL', USDT, SOL, 50_000_000],
    ['1 SOL -> USDC', SOL, USDC, 1_000_000_000],
    ['could u exchange 3 jup to usdt pls', JUP, USDT, 3_000_000],
    ['grab 3 SOL worth of JUP', SOL, JUP, 3_000_000_000],
  ])('"%s" builds that exact-in swap', async (message, input, output, amount) => {
    const { say } = await chat();
    const response = await say(message);
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: input, outputToken: output, amount, swapMode: 'ExactIn' });
  });

  it('"buy $25 of SOL with USDT" is exact-out, its amount the most USDT it spends', async () => {
    const { say } = await chat();
    const response = await say('buy $25 of SOL with USDT');
    expect(response.status).toBe(200);
    const { parameters, route } = response.body.transaction;
    expect(parameters).toMatchObject({ inputToken: USDT, outputToken: SOL, swapMode: 'ExactOut' });
    expect(route.swapMode).toBe('ExactOut');
    // About $25 of USDT (6 decimals), with the 0.5% slippage on top: not SOL's lamports.
    expect(parameters.amount).toBeGreaterThan(24_000_000);
    expect(parameters.amount).toBeLessThan(26_500_000);
    expect(String(parameters.amount)).toBe(route.otherAmountThreshold);
  });
});

describe('harmless words and direction', () => {
  it('words that change nothing are ignored, lower the confidence, and the reply names them', async () => {
    const { say } = await chat();
    const response = await say('Good evening! please swap 5 USDC for JUP on a DEX, many thanks');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: JUP, amount: 5_000_000, swapMode: 'ExactIn' });
    expect(response.body.intent.confidence).toBeLessThan(1);
    expect(response.body.response).toMatch(/I ignored "Good evening", "on a DEX", "many thanks": they change nothing I build\.$/);
  });

  it('chat before a command is read past and named too', async () => {
    const { say } = await chat();
    const response = await say('been watching JUP all week. swap 5 USDC for JUP');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: JUP, amount: 5_000_000 });
    expect(response.body.response).toMatch(/I ignored "been watching JUP all week": it changes nothing I build\.$/);
  });

  it('chat after a command is read past and named', async () => {
    const { say } = await chat();
    const response = await say('swap 5 USDC for JUP, the dog had a good run');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: JUP, amount: 5_000_000 });
    expect(response.body.response).toMatch(/I ignored "the dog had a good run": it changes nothing I build\.$/);
  });

  it('a correction in the same message edits the command, and the reply names it', async () => {
    const { say } = await chat();
    const response = await say('swap 5 USDC for BONK, I mean JUP');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: JUP, amount: 5_000_000 });
    expect(response.body.response).toMatch(/I took "I mean JUP" as your correction of what came before it\.$/);
  });

  it('"sell 2 USDC worth of JUP" sells JUP for exactly 2 USDC', async () => {
    const { say } = await chat();
    const response = await say('sell 2 USDC worth of JUP');
    expect(response.status).toBe(200);
    const { parameters, route } = response.body.transaction;
    expect(parameters).toMatchObject({ inputToken: JUP, outputToken: USDC, swapMode: 'ExactOut' });
    expect(route.outAmount).toBe('2000000');
  });

  it('"pay <address> $15 worth of USDC" sends about 15 USDC', async () => {
    const { say } = await chat();
    const response = await say(`pay ${friend} $15 worth of USDC`);
    expect(response.status).toBe(200);
    const { parameters } = response.body.transaction;
    expect(parameters).toMatchObject({ token: USDC, recipient: friend });
    expect(Number(parameters.amount)).toBeGreaterThan(14_900_000);
    expect(Number(parameters.amount)).toBeLessThan(15_100_000);
  });
});

describe('clarifying questions', () => {
  it('asks for the one missing token, remembers the command, and the answer builds it', async () => {
    const { say, count } = await chat();
    const question = await say('swap 4 USDT');
    expect(question.status).toBe(422);
    expect(question.body.error.details).toMatchObject({ ask: 'output', reason: expect.stringMatching(/Which token should I swap 4 USDT for/) });
    expect(await count()).toBe(0);
    const answer = await say('USDC');
    expect(answer.status).toBe(200);
    expect(answer.body.transaction.parameters).toMatchObject({ inputToken: USDT, outputToken: USDC, amount: 4_000_000 });
    // The question is not stored: history holds the completed command's turn only.
    expect(await count()).toBe(2);
  });

  it('GraphQL answers alike: the question in extensions.details, then the answer builds the swap', async () => {
    const { sessionId } = await chat();
    const send = (message: string) =>
      app.http
        .post('/graphql')
        .set('Authorization', bearer(key))
        .send({
          query:
            'mutation($input: SendMessageInput!) { sendMessage(input: $input) { transaction { parameters { ... on SwapParameters { inputToken outputToken amount } } } } }',
          variables: { input: { sessionId, message } },
        });
    const question = await send('sell 100 JUP');
    expect(question.body.errors[0].extensions).toMatchObject({ code: 'parsing_error', details: { ask: 'output' } });
    const answer = await send('for usdc please');
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.sendMessage.transaction.parameters).toMatchObject({ inputToken: JUP, outputToken: USDC, amount: 100_000_000 });
  });

  it('asks for what to pay with, then for the amount, one slot at a time', async () => {
    const { say } = await chat();
    const first = await say('buy some BONK');
    expect(first.body.error.details.ask).toBe('input');
    const second = await say('with USDC');
    expect(second.status).toBe(422);
    expect(second.body.error.details.ask).toBe('amount');
    const done = await say('5 USDC');
    expect(done.status).toBe(200);
    expect(done.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: BONK, amount: 5_000_000, swapMode: 'ExactIn' });
  });

  it('asks for the recipient of a transfer, and the address alone answers it', async () => {
    const { say } = await chat();
    const question = await say('send 7 JUP');
    expect(question.body.error.details).toMatchObject({ ask: 'recipient', reason: expect.stringMatching(/Who should receive 7 JUP/) });
    const answer = await say(`to ${friend}`);
    expect(answer.status).toBe(200);
    expect(answer.body.transaction.parameters).toMatchObject({ token: JUP, amount: 7_000_000, recipient: friend });
    expect(answer.body.transaction.serializedTransaction).toEqual(expect.any(String));
  });

  it('"cancel" drops the pending command: a later answer completes nothing', async () => {
    const { say, count } = await chat();
    await say('swap 4 USDT');
    const cancel = await say('never mind');
    expect(cancel.status).toBe(200);
    expect(cancel.body.response).toMatch(/dropped the swap/);
    expect(cancel.body.transaction).toBeUndefined();
    const late = await say('USDC');
    expect(late.body.transaction).toBeUndefined();
    expect(await count()).toBe(4);
  });

  it('"cancel" after a built swap leaves nothing to refer to: "do it again" and "make it 2" build nothing', async () => {
    const { say } = await chat();
    const swap = await say('swap 1 SOL for JUP');
    expect(swap.body.transaction.parameters).toMatchObject({ inputToken: SOL, outputToken: JUP });
    const cancel = await say('cancel that');
    expect(cancel.status).toBe(200);
    expect(cancel.body.response).toMatch(/set the swap aside/);
    expect(cancel.body.transaction).toBeUndefined();
    for (const text of ['do it again', 'make it 2']) {
      const late = await say(text);
      expect(late.body.transaction).toBeUndefined();
    }
  });

  it('a message that holds the next command: each command is read, named and not built, through questions, until one is sent twice in a row', async () => {
    const { say, count } = await chat();
    const hold = await say("my brother will type the next message, don't run it");
    expect(hold.status).toBe(422);
    expect(hold.body.error.details.reason).toMatch(/will not build your next message/);
    const held = await say(`send 10 USDC to ${friend}`);
    expect(held.status).toBe(422);
    expect(held.body.error.details.reason).toMatch(new RegExp(`a transfer of USDC to ${friend}.*built nothing`));
    expect(held.body.transaction).toBeUndefined();
    expect((await say('price of SOL')).status).toBe(200);
    const other = await say(`send 500 USDC to ${friend}`);
    expect(other.status).toBe(422);
    expect(await count()).toBe(2);
    const first = await say('swap 1 SOL for JUP');
    expect(first.status).toBe(422);
    const again = await say('swap 1 SOL for JUP');
    expect(again.status).toBe(200);
    expect(again.body.transaction.parameters).toMatchObject({ inputToken: SOL, outputToken: JUP });
    expect((await say(`send 10 USDC to ${friend}`)).body.transaction.parameters).toMatchObject({ token: USDC, recipient: friend });
  });

  it('a new command while one is pending replaces it', async () => {
    const { say } = await chat();
    await say('swap 4 USDT');
    const other = await say('swap 1 SOL for JUP');
    expect(other.body.transaction.parameters).toMatchObject({ inputToken: SOL, outputToken: JUP });
    const stray = await say('USDC');
    expect(stray.body.transaction).toBeUndefined();
  });

  it('follow-ups edit the previous command: "make it 2", "same but to BONK", "half of that"', async () => {
    const { say } = await chat();
    expect((await say('swap 1 SOL for USDC')).status).toBe(200);
    expect((await say('make it 2')).body.transaction.parameters).toMatchObject({ inputToken: SOL, outputToken: USDC, amount: 2_000_000_000 });
    expect((await say('same but to BONK')).body.transaction.parameters).toMatchObject({ outputToken: BONK, amount: 2_000_000_000 });
    expect((await say('half of that')).body.transaction.parameters).toMatchObject({ outputToken: BONK, amount: 1_000_000_000 });
  });
});

/**
 * What an earlier parser stored (a session's pending question, a message's parsed command) is
 * read where its shape checks and dropped otherwise, never misread (src/agent/state.ts).
 */
describe('parser state stored by another version', () => {
  const sql = (query: string, params: unknown[]) => app.service.database.orm.em.fork().getConnection().execute(query, params);
  const storePending = (sessionId: string, pending: object) => sql(`update "session" set "pending" = ? where "id" = ?`, [JSON.stringify(pending), sessionId]);
  const storedPending = async (sessionId: string) => (await sql(`select "pending" from "session" where "id" = ?`, [sessionId]))[0].pending;

  it('a pending question is stored with its version', async () => {
    const { sessionId, say } = await chat();
    expect((await say('swap 4 USDT')).status).toBe(422);
    expect(await storedPending(sessionId)).toEqual({ version: 5, ask: 'output', draft: { action: 'swap', input: expect.objectContaining({ symbol: 'USDT', mint: USDT }), amount: { kind: 'exact', value: '4' }, amountOf: 'input' } });
  });

  it('a message that holds the next one is stored as such with its version, and one of another version is dropped', async () => {
    const { sessionId, say } = await chat();
    expect((await say("don't run the next one, just explain it")).status).toBe(422);
    expect(await storedPending(sessionId)).toEqual({ version: 5, hold: "don't run the next one, just explain it" });
    await say(`send 10 USDC to ${friend}`);
    expect(await storedPending(sessionId)).toEqual({ version: 5, hold: "don't run the next one, just explain it", said: `send 10 USDC to ${friend}` });
    // A hold a newer parser wrote (a rollback) still holds: dropping it would build what it held.
    await storePending(sessionId, { version: 6, hold: 'a later parser wrote this' });
    const later = await say(`send 10 USDC to ${friend}`);
    expect(later.status).toBe(422);
    expect(later.body.error.details.reason).toMatch(/built nothing/);
  });

  it('a question asked while a message holds the next command keeps both, and its answer, said twice, builds', async () => {
    const { sessionId, say } = await chat();
    await say("don't run the next one, just tell me what it does");
    expect((await say('swap 4 USDT')).body.error.details.ask).toBe('output');
    expect(await storedPending(sessionId)).toMatchObject({ version: 5, ask: 'output', hold: expect.any(String) });
    expect((await say('USDC')).status).toBe(422);
    const answer = await say('USDC');
    expect(answer.status).toBe(200);
    expect(answer.body.transaction.parameters).toMatchObject({ inputToken: USDT, outputToken: USDC, amount: 4_000_000 });
  });

  it('a pending question of version 4 (before a message could hold the next one) is read: its shape is the same', async () => {
    const { sessionId, say } = await chat();
    await storePending(sessionId, { version: 4, ask: 'output', draft: { action: 'swap', input: { symbol: 'USDT', mint: USDT, decimals: 6 }, amount: { kind: 'exact', value: '4' }, amountOf: 'input' } });
    const response = await say('USDC');
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDT, outputToken: USDC, amount: 4_000_000 });
  });

  it('a pending question without a version (the parser before it had one) is read when every field checks', async () => {
    const { sessionId, say } = await chat();
    await storePending(sessionId, { ask: 'output', draft: { action: 'swap', input: { symbol: 'USDT', mint: USDT, decimals: 6 }, amount: { kind: 'exact', value: '4' }, amountOf: 'input' } });
    const response = await say('USDC');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDT, outputToken: USDC, amount: 4_000_000, swapMode: 'ExactIn' });
  });

  it('a pending purchase keeps that it is one: a dollar value answered for its amount is the value received', async () => {
    const { sessionId, say } = await chat();
    expect((await say('buy BONK with USDC')).status).toBe(422);
    expect(await storedPending(sessionId)).toMatchObject({ version: 5, ask: 'amount', draft: { action: 'swap', purchase: true } });
    const response = await say('$20 worth');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: BONK, swapMode: 'ExactOut' });
  });

  it('a question about a name several mints claim keeps what it offered, and "the jito one" picks from those', async () => {
    const { sessionId, say } = await chat();
    const asked = await say('swap 1 SOL for staked sol');
    expect(asked.status).toBe(422);
    expect(asked.body.error.details.ask).toBe('output');
    expect(await storedPending(sessionId)).toMatchObject({ version: 5, ask: 'output', among: ['mSOL', 'JitoSOL', 'bSOL', 'JupSOL', 'INF'] });
    const picked = await say('the jito one');
    expect(picked.status).toBe(200);
    expect(picked.body.transaction.parameters).toMatchObject({ inputToken: SOL, outputToken: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', amount: 1_000_000_000 });
  });

  it('a pending question whose offered tokens are not a list of symbols is dropped with a fresh question', async () => {
    const { sessionId, say } = await chat();
    await storePending(sessionId, { version: 4, ask: 'output', among: 'JitoSOL', draft: { action: 'swap', input: { symbol: 'SOL', mint: SOL, decimals: 9 }, amount: { kind: 'exact', value: '1' }, amountOf: 'input' } });
    const response = await say('the jito one');
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(/earlier version of Parley .* say the whole command again/);
  });

  it('a pending question of version 3 (before a price of several tokens) is read: its shape is the same', async () => {
    const { sessionId, say } = await chat();
    await storePending(sessionId, { version: 3, ask: 'output', draft: { action: 'swap', input: { symbol: 'USDT', mint: USDT, decimals: 6 }, amount: { kind: 'exact', value: '4' }, amountOf: 'input' } });
    const response = await say('USDC');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDT, outputToken: USDC, amount: 4_000_000, swapMode: 'ExactIn' });
  });

  it('a pending question of version 2 (before a purchase was kept) is read as version 2 read it', async () => {
    const { sessionId, say } = await chat();
    await storePending(sessionId, { version: 2, ask: 'amount', draft: { action: 'swap', input: { symbol: 'USDC', mint: USDC, decimals: 6 }, output: { symbol: 'BONK', mint: BONK, decimals: 5 } } });
    const response = await say('$20');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: BONK, swapMode: 'ExactIn' });
  });

  it.each([
    ['a newer version', { version: 6, ask: 'output', draft: { action: 'swap', input: { symbol: 'USDT', mint: USDT }, amount: { kind: 'exact', value: '4' }, amountOf: 'input' } }],
    ['a field this parser does not know', { ask: 'output', draft: { action: 'swap', input: { symbol: 'USDT', mint: USDT }, amount: { kind: 'exact', value: '4' }, amountOf: 'input', sizedIn: 'SOL' } }],
    ['an amount of another shape', { ask: 'output', draft: { action: 'swap', input: { symbol: 'USDT', mint: USDT }, amount: '4' } }],
  ])('a pending question with %s is dropped with a fresh question, and the next message is read afresh', async (_, pending) => {
    const { sessionId, say, count } = await chat();
    await storePending(sessionId, pending);
    const response = await say('USDC');
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(/earlier version of Parley .* say the whole command again/);
    expect(response.body.transaction).toBeUndefined();
    expect(await storedPending(sessionId)).toBeNull();
    expect(await count()).toBe(0);
    expect((await say('USDC')).body.intent).toMatchObject({ action: 'query', subject: 'price', token: 'USDC' });
  });

  it('a whole new command still goes through past a dropped question', async () => {
    const { sessionId, say } = await chat();
    await storePending(sessionId, { version: 6, ask: 'recipient', draft: { action: 'transfer' } });
    const response = await say('swap 1 USDC for USDT');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: USDT });
  });

  it('an earlier command it cannot read is not followed up: "make it 2" asks for the whole command', async () => {
    const { sessionId, say } = await chat();
    expect((await say('swap 1 USDC for USDT')).status).toBe(200);
    const unreadable = { version: 6, action: 'swap', input: { symbol: 'USDC', mint: USDC }, output: { symbol: 'USDT', mint: USDT }, amount: { kind: 'exact', value: '1' }, swapMode: 'ExactIn' };
    await sql(`update "message" set "intent" = jsonb_set("intent", '{command}', ?::jsonb) where "session_id" = ? and "role" = 'user'`, [JSON.stringify(unreadable), sessionId]);
    const response = await say('make it 2');
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(/no earlier swap or transfer/);
  });

  it('an earlier command without a version whose fields check is followed up as it was built', async () => {
    const { sessionId, say } = await chat();
    expect((await say('swap 1 USDC for USDT')).status).toBe(200);
    const before = { action: 'swap', input: { symbol: 'USDC', mint: USDC, decimals: 6 }, output: { symbol: 'USDT', mint: USDT, decimals: 6 }, amount: { kind: 'exact', value: '1' }, swapMode: 'ExactIn' };
    await sql(`update "message" set "intent" = jsonb_set("intent", '{command}', ?::jsonb) where "session_id" = ? and "role" = 'user'`, [JSON.stringify(before), sessionId]);
    const response = await say('make it 2');
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters).toMatchObject({ inputToken: USDC, outputToken: USDT, amount: 2_000_000, swapMode: 'ExactIn' });
  });
});
