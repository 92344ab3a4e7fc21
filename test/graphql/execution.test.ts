import { bearer, startTestApp, type TestApp } from '../support/app';

// /graphql and /v1 run operations through one executor (src/app/operation-executor.ts); each
// answer below must be the same every time a document is sent (graphql-jit, which compiled a
// document from its second sighting until issue 31, once made them differ).
describe('GraphQL execution, first and repeated', () => {
  let app: TestApp;
  let sessionId: string;
  const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
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
    for (const message of ['price of SOL', 'price of JUP']) {
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
    expect(answers[0].data.sessions.edges[0].node).toEqual({ sessionId, messageCount: 4, latestMessage: null });
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
});
