import type { Scope } from '../src/auth/scopes';

/** The parts of an HTTP request a route may turn into GraphQL variables. */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The JSON body; `{}` when there is none. Always an object. */
  body: Record<string, unknown>;
}

type Payload = Record<string, unknown>;

/**
 * One /v1 endpoint: which named operation (rest-adapter/operations/<operation>.graphql) it
 * runs, how the request becomes variables, and which part of the result is the REST payload.
 * `scope` documents what the operation's fields enforce (a test checks they agree); the
 * adapter itself never decides access.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Express path syntax: `:name` is a path parameter. */
  path: string;
  scope: Scope | 'any key';
  operation: string;
  /** Whether the endpoint reads a JSON body. */
  body?: true;
  variables(request: RestRequest): Payload;
  result(data: Payload): Payload;
  /** Success status; 200 unless set. */
  status?: 201;
  /** GraphQL argument names that REST calls otherwise, for `error.field`. */
  fieldNames?: Record<string, string>;
  /** Honours the `Idempotency-Key` header (DESIGN: a retry returns the first response). */
  idempotent?: true;
}

const field = (name: string) => (data: Payload) => data[name] as Payload;

/** Query strings are text: an integer-looking value becomes a number, anything else stays for GraphQL to refuse. */
const integer = (value: unknown) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value);

/** Drops null fields: REST omits what does not apply (the spec's "only if applicable"). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, compact(inner)]),
  );
}

interface Connection {
  edges: Array<{ node: Payload }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The published /v1 API (spec, Endpoints), one row per endpoint, and the embedded ledger's faucet. */
export const routes: RestRoute[] = [
  {
    method: 'POST',
    path: '/v1/sessions',
    scope: 'write:sessions',
    operation: 'CreateSession',
    body: true,
    idempotent: true,
    variables: ({ body }) => ({ input: body }),
    result: field('createSession'),
  },
  {
    method: 'GET',
    path: '/v1/sessions/:id',
    scope: 'write:sessions',
    operation: 'GetSession',
    variables: ({ params }) => ({ id: params.id }),
    result: field('session'),
  },
  {
    method: 'DELETE',
    path: '/v1/sessions/:id',
    scope: 'write:sessions',
    operation: 'TerminateSession',
    variables: ({ params }) => ({ id: params.id }),
    result: field('terminateSession'),
  },
  {
    method: 'POST',
    path: '/v1/messages',
    scope: 'write:messages',
    operation: 'SendMessage',
    body: true,
    idempotent: true,
    variables: ({ body }) => ({ input: body }),
    result: (data) => compact(data.sendMessage) as Payload,
  },
  {
    method: 'GET',
    path: '/v1/messages',
    scope: 'read:messages',
    operation: 'MessageHistory',
    fieldNames: { first: 'limit', after: 'cursor' },
    variables: ({ query }) => ({ sessionId: query.sessionId, first: integer(query.limit), after: query.cursor }),
    result: (data) => {
      const { edges, pageInfo } = data.messages as Connection;
      return {
        messages: edges.map((edge) => compact(edge.node)),
        pagination: { hasMore: pageInfo.hasNextPage, nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null },
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/transactions/:id',
    scope: 'read:messages',
    operation: 'GetTransaction',
    variables: ({ params }) => ({ id: params.id }),
    result: field('transaction'),
  },
  {
    method: 'POST',
    path: '/v1/transactions/:id/submit',
    scope: 'write:messages',
    operation: 'SubmitTransaction',
    body: true,
    variables: ({ params, body }) => ({ id: params.id, signedTransaction: body.signedTransaction }),
    result: field('submitTransaction'),
  },
  {
    method: 'GET',
    path: '/v1/portfolio',
    scope: 'read:portfolio',
    operation: 'Portfolio',
    variables: ({ query }) => ({ walletAddress: query.walletAddress }),
    result: field('portfolio'),
  },
  {
    method: 'GET',
    path: '/v1/prices/:token',
    scope: 'read:prices',
    operation: 'TokenPrice',
    variables: ({ params }) => ({ token: params.token }),
    result: field('price'),
  },
  {
    method: 'GET',
    path: '/v1/analytics/metrics',
    scope: 'admin',
    operation: 'Metrics',
    variables: ({ query }) => ({ startDate: query.startDate, endDate: query.endDate }),
    result: field('metrics'),
  },
  {
    method: 'GET',
    path: '/v1/analytics/usage',
    scope: 'any key',
    operation: 'Usage',
    variables: () => ({}),
    result: field('usage'),
  },
  {
    method: 'POST',
    path: '/v1/keys',
    scope: 'admin',
    operation: 'CreateApiKey',
    body: true,
    variables: ({ body }) => ({ input: body }),
    result: field('createApiKey'),
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/v1/keys/:keyId',
    scope: 'admin',
    operation: 'RevokeApiKey',
    variables: ({ params }) => ({ keyId: params.keyId }),
    result: field('revokeApiKey'),
  },
  {
    method: 'POST',
    path: '/v1/keys/:keyId/rotate',
    scope: 'admin',
    operation: 'RotateApiKey',
    variables: ({ params }) => ({ keyId: params.keyId }),
    result: field('rotateApiKey'),
  },
  {
    method: 'POST',
    path: '/v1/dev/airdrop',
    scope: 'admin',
    operation: 'DevAirdrop',
    body: true,
    variables: ({ body }) => ({ input: body }),
    result: field('devAirdrop'),
  },
];
