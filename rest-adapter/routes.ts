import type { Scope } from '../src/auth/scopes';
import type { ErrorCode } from '../src/shared/errors';

/**
 * Where one GraphQL variable comes from in the HTTP request: a path parameter, a query
 * parameter, one field of the JSON body, or (no `name`) the whole body.
 */
export type VariableSource =
  | { in: 'path'; name: string }
  | { in: 'query'; name: string }
  | { in: 'body'; name?: string };

const fromPath = (name: string): VariableSource => ({ in: 'path', name });
const fromQuery = (name: string): VariableSource => ({ in: 'query', name });
const fromBody = (name?: string): VariableSource => ({ in: 'body', name });

/**
 * Which part of the operation's result is the REST payload, and how it is reshaped:
 * - `field`: the root field whose value is the payload;
 * - `omitNulls`: null fields are left out (the spec's "only if applicable");
 * - `list`: the field is a connection, answered as `{ [list]: nodes, pagination }`.
 * The router reshapes by it and the OpenAPI document describes by it, so they cannot disagree.
 */
export interface ResultShape {
  field: string;
  omitNulls?: true;
  list?: string;
}

/**
 * One /v1 endpoint: which named operation (rest-adapter/operations/<operation>.graphql) it
 * runs, where each of its variables comes from, and which part of the result is the REST
 * payload. `scope` documents what the operation's fields enforce (a test checks they agree);
 * the adapter itself never decides access.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Express path syntax: `:name` is a path parameter. */
  path: string;
  summary: string;
  scope: Scope | 'any key';
  operation: string;
  variables: Record<string, VariableSource>;
  result: ResultShape;
  /** Success status; 200 unless set. */
  status?: 201;
  /** Honours the `Idempotency-Key` header (DESIGN: a retry returns the first response). */
  idempotent?: true;
  /** Errors of this endpoint beyond those every endpoint may answer (see rest-adapter/openapi.ts). */
  errors?: ErrorCode[];
}

/** The published /v1 API (spec, Endpoints), one row per endpoint, and the embedded ledger's faucet. */
export const routes: RestRoute[] = [
  {
    method: 'POST',
    path: '/v1/sessions',
    summary: 'Create session',
    scope: 'write:sessions',
    operation: 'CreateSession',
    variables: { input: fromBody() },
    result: { field: 'createSession' },
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/v1/sessions/:id',
    summary: 'Get session',
    scope: 'write:sessions',
    operation: 'GetSession',
    variables: { id: fromPath('id') },
    result: { field: 'session' },
    errors: ['session_not_found'],
  },
  {
    method: 'DELETE',
    path: '/v1/sessions/:id',
    summary: 'Terminate session',
    scope: 'write:sessions',
    operation: 'TerminateSession',
    variables: { id: fromPath('id') },
    result: { field: 'terminateSession' },
    errors: ['session_not_found'],
  },
  {
    method: 'POST',
    path: '/v1/sessions/:id/client-tokens',
    summary: "Mint a client token: a short-lived credential for this session, for a front end",
    scope: 'write:sessions',
    operation: 'CreateClientToken',
    variables: { sessionId: fromPath('id'), input: fromBody() },
    result: { field: 'createClientToken' },
    status: 201,
    errors: ['session_not_found'],
  },
  {
    method: 'POST',
    path: '/v1/messages',
    summary: 'Send message',
    scope: 'write:messages',
    operation: 'SendMessage',
    variables: { input: fromBody() },
    result: { field: 'sendMessage', omitNulls: true },
    idempotent: true,
    errors: ['session_not_found', 'parsing_error', 'transaction_limit_exceeded', 'service_unavailable'],
  },
  {
    method: 'GET',
    path: '/v1/messages',
    summary: 'Message history',
    scope: 'read:messages',
    operation: 'MessageHistory',
    variables: { sessionId: fromQuery('sessionId'), first: fromQuery('limit'), after: fromQuery('cursor') },
    result: { field: 'messages', omitNulls: true, list: 'messages' },
    errors: ['session_not_found'],
  },
  {
    method: 'GET',
    path: '/v1/transactions/:id',
    summary: 'Get a built transaction and its status',
    scope: 'read:messages',
    operation: 'GetTransaction',
    variables: { id: fromPath('id') },
    result: { field: 'transaction' },
    errors: ['transaction_not_found'],
  },
  {
    method: 'POST',
    path: '/v1/transactions/:id/submit',
    summary: 'Submit a wallet-signed transaction',
    scope: 'write:messages',
    operation: 'SubmitTransaction',
    variables: { id: fromPath('id'), signedTransaction: fromBody('signedTransaction') },
    result: { field: 'submitTransaction' },
    errors: ['transaction_not_found', 'transaction_expired', 'service_unavailable'],
  },
  {
    method: 'POST',
    path: '/v1/transactions/:id/refresh',
    summary: 'Refresh a built transaction: fresh quote and blockhash, new id',
    scope: 'write:messages',
    operation: 'RefreshTransaction',
    variables: { transactionId: fromPath('id') },
    result: { field: 'refreshTransaction', omitNulls: true },
    errors: ['transaction_not_found', 'transaction_not_refreshable', 'parsing_error', 'service_unavailable'],
  },
  {
    method: 'GET',
    path: '/v1/portfolio',
    summary: 'Wallet portfolio',
    scope: 'read:portfolio',
    operation: 'Portfolio',
    variables: { walletAddress: fromQuery('walletAddress') },
    result: { field: 'portfolio' },
    errors: ['service_unavailable'],
  },
  {
    method: 'GET',
    path: '/v1/prices/:token',
    summary: 'Token price',
    scope: 'read:prices',
    operation: 'TokenPrice',
    variables: { token: fromPath('token') },
    result: { field: 'price' },
    errors: ['token_not_found', 'service_unavailable'],
  },
  {
    method: 'GET',
    path: '/v1/analytics/metrics',
    summary: 'Metrics',
    scope: 'admin',
    operation: 'Metrics',
    variables: { startDate: fromQuery('startDate'), endDate: fromQuery('endDate'), interval: fromQuery('interval') },
    // `daily` is there only with interval=day.
    result: { field: 'metrics', omitNulls: true },
  },
  {
    method: 'GET',
    path: '/v1/keys',
    summary: 'List API keys',
    scope: 'admin',
    operation: 'ListApiKeys',
    variables: {},
    result: { field: 'apiKeys' },
  },
  {
    method: 'GET',
    path: '/v1/analytics/usage',
    summary: 'Usage and limits',
    scope: 'any key',
    operation: 'Usage',
    variables: { interval: fromQuery('interval') },
    // `daily` is null unless interval=day (the limits' nulls mean "unlimited", so nulls stay).
    result: { field: 'usage' },
  },
  {
    method: 'POST',
    path: '/v1/keys',
    summary: 'Create API key',
    scope: 'admin',
    operation: 'CreateApiKey',
    variables: { input: fromBody() },
    result: { field: 'createApiKey' },
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/v1/keys/:keyId',
    summary: 'Revoke API key',
    scope: 'admin',
    operation: 'RevokeApiKey',
    variables: { keyId: fromPath('keyId') },
    result: { field: 'revokeApiKey' },
    errors: ['key_not_found'],
  },
  {
    method: 'POST',
    path: '/v1/keys/:keyId/rotate',
    summary: 'Rotate API key',
    scope: 'admin',
    operation: 'RotateApiKey',
    variables: { keyId: fromPath('keyId') },
    result: { field: 'rotateApiKey' },
    errors: ['key_not_found', 'key_already_rotated'],
  },
  {
    method: 'POST',
    path: '/v1/dev/airdrop',
    summary: 'Fund a wallet on the embedded ledger (absent against a real RPC node)',
    scope: 'admin',
    operation: 'DevAirdrop',
    variables: { input: fromBody() },
    result: { field: 'devAirdrop' },
    errors: ['not_found', 'token_not_found'],
  },
];

/** Whether the route reads a JSON body. */
export const readsBody = (route: RestRoute) => Object.values(route.variables).some((source) => source.in === 'body');
