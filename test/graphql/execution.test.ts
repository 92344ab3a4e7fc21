import { bearer, startTestApp, type TestApp } from '../support/app';

// /graphql and /v1 run operations through one executor (src/app/operation-executor.ts): graphql-js
// the first time a document is seen, graphql-jit compiled after that. Each answer below must be
// the same every time a document is sent.
describe('GraphQL execution, first and repeated', () => {
  let app: TestApp;
  let sessionId: string;
  const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
  const post = (body: object, accept = 'application/json') =>
    app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).set('Accept', accept).send(body);
  const thrice = async (body: object, accept?: string) => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await post(body, accept);
      answers.push({ status: response.status, body: response.body });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    return answers[0];
  };

  beforeAll(async () => {
    app = await startTestApp();
    const created = await post({ query: `mutation { createSession(input: { walletAddress: "${WALLET}" }) { sessionId } }` });
    sessionId = created.body.data.createSession.sessionId;
    await app.fund(WALLET, { SOL: 1 });
    for (const message of ['price of SOL', 'price of JUP', 'swap 0.001 SOL for USDC', 'send 0.001 SOL to CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez']) {
      const sent = await post({ query: 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { messageId } }', variables: { input: { sessionId, message } } });
      expect(sent.body.errors).toBeUndefined();
    }
  });
  afterAll(() => app.close());

  it('answers a nested query with variables, aliases, fragments and __typename alike', async () => {
    const query = `query History($first: Int!, $withIntent: Boolean!) {
      sessions(first: 5) { edges { node { ...S } } pageInfo { hasNextPage } }
    }
    fragment S on Session {
      sessionId __typename
      history: messages(first: $first) { edges { cursor node { role text: content intent @include(if: $withIntent) { action } } } pageInfo { endCursor } }
    }`;
    const { status, body } = await thrice({ query, variables: { first: 3, withIntent: true } });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const [edge] = body.data.sessions.edges;
    expect(edge.node).toMatchObject({ sessionId, __typename: 'Session' });
    const messages = edge.node.history.edges.map((e: { node: object }) => e.node);
    expect(messages).toEqual([
      { role: 'user', text: 'price of SOL', intent: { action: 'query' } },
      { role: 'agent', text: expect.stringContaining('SOL'), intent: null },
      { role: 'user', text: 'price of JUP', intent: { action: 'query' } },
    ]);
    expect(edge.node.history.pageInfo.endCursor).toBe(edge.node.history.edges[2].cursor);

    const next = await thrice({ query, variables: { first: 3, withIntent: false } });
    expect(next.body.data.sessions.edges[0].node.history.edges[0].node).toEqual({ role: 'user', text: 'price of SOL' });
  });

  it("answers introspection (the playground's, on every load) alike", async () => {
    const { body } = await thrice({ query: '{ __schema { queryType { name } mutationType { fields { name } } } __type(name: "Session") { fields { name } } }' });
    expect(body.data.__schema.queryType.name).toBe('Query');
    expect(body.data.__schema.mutationType.fields.map((f: { name: string }) => f.name)).toContain('sendMessage');
    expect(body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['sessionId', 'messages', 'latestMessage']));
  });

  it('runs the operation asked for in a document of several', async () => {
    const query = 'query A { usage { tier } } query B { price(token: "SOL") { symbol } }';
    expect((await thrice({ query, operationName: 'A' })).body.data).toEqual({ usage: { tier: 'enterprise' } });
    expect((await thrice({ query, operationName: 'B' })).body.data).toEqual({ price: { symbol: 'SOL' } });
    const unknown = await thrice({ query, operationName: 'C' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe('Unknown operation named "C".');
  });

  it('gives a domain error its code, path and location, and nulls up to the nearest nullable field', async () => {
    const { status, body } = await thrice({ query: '{ usage { tier } session(id: "session_AAAAAAAAAAAAAAAA") { sessionId } }' });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      {
        message: expect.stringContaining('session_AAAAAAAAAAAAAAAA'),
        path: ['session'],
        locations: [{ line: 1, column: 18 }],
        extensions: expect.objectContaining({ code: 'session_not_found' }),
      },
    ]);
  });

  it("keeps a field resolver's scope: a key without read:messages gets the session but not its history", async () => {
    const key = await app.createKey(['write:sessions']);
    const query = '{ sessions(first: 1) { edges { node { sessionId messageCount latestMessage { content } } } } }';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await app.http.post('/graphql').set('Authorization', bearer(key)).send({ query })).body);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].data.sessions.edges[0].node).toEqual({ sessionId, messageCount: 8, latestMessage: null });
    expect(answers[0].errors).toEqual([
      expect.objectContaining({ path: ['sessions', 'edges', 0, 'node', 'latestMessage'], extensions: expect.objectContaining({ code: 'forbidden', details: { requiredScope: 'read:messages' } }) }),
    ]);
  });

  it('refuses bad variables with 400 every time', async () => {
    const query = 'query ($first: Int) { sessions(first: $first) { edges { cursor } } }';
    const { status, body } = await thrice({ query, variables: { first: 'ten' } }, 'application/graphql-response+json');
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Invalid "first": Int cannot represent non-integer value: "ten"');
    expect(body.errors[0].extensions.code).toBe('validation_error');
    const fine = await thrice({ query, variables: { first: 1 } });
    expect(fine.body.data.sessions.edges).toHaveLength(1);
  });

  it('answers the same documents alike compiled and interpreted, whatever their variables', async () => {
    const documents = [
      'query ($v: Int) { sessions(first: $v) { edges { node { sessionId messages(first: $v) { edges { node { content } } } } } } }',
      'query ($v: String) { sessions(after: $v, status: active) { edges { cursor } } }',
      'query ($v: ID!) { session(id: $v) { sessionId latestMessage { content } } }',
      'query ($v: String!) { messages(sessionId: $v, first: 5, after: $v) { edges { cursor } } }',
      'query ($v: String!) { price(token: $v) { symbol price } }',
      'query ($v: [String!]!) { prices(tokens: $v) { symbol } }',
      'query ($v: String) { metrics(startDate: $v, endDate: $v) { sessions { total } } }',
      'query ($v: Int = 2) { sessions(first: $v) { edges { node { messageCount } } pageInfo { hasNextPage } } }',
      // A union (TransactionParameters): compiled, its type is resolved synchronously.
      'query ($v: String!) { messages(sessionId: $v, first: 10) { edges { node { transaction { type parameters { __typename ... on SwapParameters { inputToken amount } ... on TransferParameters { recipient amount } } } } } } }',
    ];
    const values = ['', 'SOL', ['SOL', 'USDC'], '2026-11-01', 'x'.repeat(300), '🙂', "'; drop table session; --", sessionId, 'session_0000000000000000', -1, 0, 1, 1.5, 2 ** 31, true, null, [], {}, { a: 1 }];
    // A document is compiled from its second sighting; a comment makes the same document new,
    // so graphql-js runs it.
    let fresh = 0;
    for (const query of documents) {
      await post({ query, variables: { v: 1 } });
      await post({ query, variables: { v: 1 } });
      for (const v of [...values, undefined]) {
        const compiled = await post({ query, variables: { v } });
        const interpreted = await post({ query: `${query}\n# ${fresh++}`, variables: { v } });
        expect({ query, v, status: compiled.status, body: compiled.body }).toEqual({ query, v, status: interpreted.status, body: interpreted.body });
      }
    }
    const unions = await post({ query: documents.at(-1), variables: { v: sessionId } });
    const types = unions.body.data.messages.edges.map((edge: { node: { transaction: { parameters: { __typename: string } } | null } }) => edge.node.transaction?.parameters.__typename);
    expect(types.filter(Boolean)).toEqual(['SwapParameters', 'TransferParameters']);
  });
});
