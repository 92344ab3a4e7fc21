import type { AddressInfo } from 'node:net';
import express from 'express';
import { createHttpServer } from '../../src/app/node-http-server';

describe('createHttpServer', () => {
  const app = express();
  app.get('/echo', (req, res) => {
    res.status(201).json({ header: req.get('x-probe'), query: req.query.q });
  });
  app.get('/fail', () => {
    throw new Error('boom');
  });
  app.use(((_error, _req, res, _next) => {
    res.status(500).json({ failed: true });
  }) as express.ErrorRequestHandler);

  const server = createHttpServer(app);
  // What the server built, seen before express gets the request.
  const built: Array<{ request: boolean; response: boolean }> = [];
  server.prependListener('request', (req, res) => {
    built.push({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response });
  });
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("builds each request and response with express's prototypes, so express need not swap them", async () => {
    built.length = 0;
    await Promise.all([fetch(`${url}/echo`), fetch(`${url}/echo`)]);
    expect(built).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it("serves express's request and response methods and its error handling as usual", async () => {
    const echoed = await fetch(`${url}/echo?q=sol`, { headers: { 'x-probe': 'probe' } });
    expect(echoed.status).toBe(201);
    expect(echoed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await echoed.json()).toEqual({ header: 'probe', query: 'sol' });

    const failed = await fetch(`${url}/fail`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ failed: true });
  });
});
