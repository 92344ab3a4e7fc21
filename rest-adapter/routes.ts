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
}

const field = (name: string) => (data: Payload) => data[name] as Payload;

/** The published /v1 API (spec, Endpoints), one row per endpoint. */
export const routes: RestRoute[] = [
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
];
