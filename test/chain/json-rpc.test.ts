import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JsonRpcClient, JsonRpcError, type JsonRpcRequest } from '../../src/chain/json-rpc';

/** A node that answers getSlot with 7 and anything else with "method not found", and records each request body. */
let server: Server;
let url: string;
const bodies: unknown[] = [];
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    bodies.push(body);
    const answer = (call: { id: number; method: string }) =>
      call.method === 'getSlot' ? { jsonrpc: '2.0', id: call.id, result: 7 } : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `Method not found: ${call.method}` } };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => void bodies.splice(0));

describe('the JSON-RPC client', () => {
  it('sends the calls made together as one batch, each answered by its own id', async () => {
    const rpc = new JsonRpcClient(url, { name: 'test' });
    expect(await Promise.all([rpc.call('getSlot'), rpc.call('getSlot', [{ commitment: 'confirmed' }]), rpc.call('getSlot')])).toEqual([7, 7, 7]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual([
      { jsonrpc: '2.0', id: expect.any(Number), method: 'getSlot', params: [] },
      { jsonrpc: '2.0', id: expect.any(Number), method: 'getSlot', params: [{ commitment: 'confirmed' }] },
      { jsonrpc: '2.0', id: expect.any(Number), method: 'getSlot', params: [] },
    ]);
  });

  it('fails only the call the node answered with an error, as a JsonRpcError', async () => {
    const rpc = new JsonRpcClient(url, { name: 'test' });
    const [slot, missing] = await Promise.allSettled([rpc.call('getSlot'), rpc.call('getNothing')]);
    expect(slot).toEqual({ status: 'fulfilled', value: 7 });
    expect(missing).toMatchObject({ status: 'rejected', reason: expect.any(JsonRpcError) });
    expect((missing as PromiseRejectedResult).reason).toMatchObject({ code: -32601, message: 'Method not found: getNothing' });
    expect(bodies).toHaveLength(1);
  });

  it('sends calls made one after another separately', async () => {
    const rpc = new JsonRpcClient(url, { name: 'test' });
    await rpc.call('getSlot');
    await rpc.call('getSlot');
    expect(bodies).toHaveLength(2);
  });

  it('hands a node in this process the same batch of requests, and reads its answers the same way', async () => {
    const batches: JsonRpcRequest[][] = [];
    const node = {
      answer: (batch: JsonRpcRequest[]) => {
        batches.push(batch);
        return batch.map((call) =>
          call.method === 'getSlot' ? { jsonrpc: '2.0' as const, id: call.id, result: 7 } : { jsonrpc: '2.0' as const, id: call.id, error: { code: -32601, message: `Method not found: ${call.method}` } },
        );
      },
    };
    const rpc = new JsonRpcClient(node, { name: 'test' });
    const [slot, missing] = await Promise.allSettled([rpc.call('getSlot', [{ commitment: 'confirmed' }]), rpc.call('getNothing')]);
    expect(slot).toEqual({ status: 'fulfilled', value: 7 });
    expect((missing as PromiseRejectedResult).reason).toMatchObject({ code: -32601, message: 'Method not found: getNothing' });
    expect(batches).toEqual([
      [
        { jsonrpc: '2.0', id: expect.any(Number), method: 'getSlot', params: [{ commitment: 'confirmed' }] },
        { jsonrpc: '2.0', id: expect.any(Number), method: 'getNothing', params: [] },
      ],
    ]);
  });
});
