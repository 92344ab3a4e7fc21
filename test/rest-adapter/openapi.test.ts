import { routes } from '../../rest-adapter/routes';
import { ERROR_CODES } from '../../src/shared/errors';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let document: Record<string, any>;

beforeAll(async () => {
  app = await startTestApp();
  const response = await app.http.get('/v1/openapi.json');
  expect(response.status).toBe(200);
  document = response.body;
});
afterAll(() => app.close());

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document by a third-party validator', async () => {
    // ESM-only package, hence the dynamic import.
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const result = await new Validator().validate(document);
    expect(result).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('is public: the reference page reads it without a key', async () => {
    const response = await app.http.get('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('describes every route of the adapter, with its scope, the bearer scheme and the errors any endpoint may answer', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const described = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(routes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`).sort());
    for (const route of routes) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      expect(operation['x-parley-scope']).toBe(route.scope);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([String(route.status ?? 200), '400', '401', '403', '429', '500']));
      const success = operation.responses[String(route.status ?? 200)];
      expect(Object.keys(success.headers)).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
      expect(operation.responses['429'].headers['Retry-After'].required).toBe(true);
      expect(operation.responses['503'].headers['Retry-After'].required).toBe(true);
    }
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toEqual(ERROR_CODES);
  });

  it("describes the spec's fields: session, message history with pagination, and the documented errors", () => {
    const created = document.paths['/v1/sessions'].post;
    expect(created.requestBody.content['application/json'].schema).toMatchObject({
      required: ['walletAddress'],
      properties: { walletAddress: { type: 'string' }, metadata: { properties: { userAgent: {}, ipAddress: {}, referrer: {} } } },
    });
    const session = document.paths['/v1/sessions/{id}'].get.responses['200'].content['application/json'].schema;
    expect(session.required).toEqual(['sessionId', 'walletAddress', 'status', 'messageCount', 'createdAt', 'expiresAt', 'lastActivity', 'meta']);
    expect(session.properties.status.enum).toEqual(['active', 'expired', 'terminated']);

    const history = document.paths['/v1/messages'].get;
    expect(history.parameters.map((parameter: { name: string; required: boolean }) => [parameter.name, parameter.required])).toEqual([
      ['sessionId', true],
      ['limit', false],
      ['cursor', false],
    ]);
    const page = history.responses['200'].content['application/json'].schema;
    expect(page.properties.pagination.required).toEqual(['hasMore', 'nextCursor']);
    expect(page.properties.messages.items.properties.role.enum).toEqual(['user', 'agent']);

    const codes = (path: string, method: string, status: string) =>
      document.paths[path][method].responses[status].content['application/json'].schema.allOf[1].properties.error.properties.code.enum;
    expect(codes('/v1/sessions', 'post', '400')).toEqual(['validation_error']);
    expect(codes('/v1/sessions/{id}', 'get', '404')).toEqual(['session_not_found']);
    expect(codes('/v1/prices/{token}', 'get', '404')).toEqual(['token_not_found']);
    expect(codes('/v1/messages', 'post', '422')).toEqual(['parsing_error']);
    expect(codes('/v1/messages', 'post', '429')).toEqual(['rate_limit_exceeded', 'transaction_limit_exceeded']);
    expect(document.paths['/v1/messages'].post.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
  });
});
