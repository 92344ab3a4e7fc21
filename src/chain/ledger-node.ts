import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { DevService } from '../dev/dev.service';
import { DomainError } from '../shared/errors';
import { SOL_MINT, type Network, type TokenRegistry } from '../tokens/token-registry';
import type { JsonRpcAnswer, JsonRpcRequest } from './json-rpc';
import { jsonRpcReply, LocalLedger } from './local-ledger';

/** Lamports a signature costs on the ledger: what the faucet pays to send an airdrop. */
const SIGNATURE_FEE = 5_000n;

export interface LedgerNode {
  url: string;
  ledger: LocalLedger;
  close(): Promise<void>;
}

/**
 * The embedded ledger alone as a JSON-RPC node over HTTP (`npm run ledger`): what the service
 * calls, plus
 * - `requestAirdrop(address, lamports)`, as a test validator answers it: a real transfer from a
 *   faucet account, so its signature confirms like any other;
 * - `parley_faucet(address, token, amount)`: any registry token by symbol or mint, `amount` in
 *   whole tokens as text ("2.5"), as POST /v1/dev/airdrop gives it.
 * The registry's mints are at their real addresses. Browsers may call it from any origin (CORS).
 */
export async function serveLedgerNode(tokens: TokenRegistry, options: { network: Network; port: number; host: string }): Promise<LedgerNode> {
  const ledger = new LocalLedger(options.network, tokens.all(options.network));
  const faucet = Keypair.generate();
  const dev = new DevService(tokens, ledger);
  const sol = tokens.mint(SOL_MINT, options.network)!;

  const requestAirdrop = (address: string, lamports: bigint): string => {
    ledger.airdrop(faucet.publicKey.toBase58(), sol, lamports + SIGNATURE_FEE);
    const [latest] = ledger.answer([{ jsonrpc: '2.0', id: 0, method: 'getLatestBlockhash', params: [] }]);
    const { blockhash } = (latest.result as { value: { blockhash: string } }).value;
    const transfer = new Transaction({ feePayer: faucet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: new PublicKey(address), lamports }),
    );
    transfer.sign(faucet);
    const [sent] = ledger.answer([{ jsonrpc: '2.0', id: 0, method: 'sendTransaction', params: [transfer.serialize().toString('base64'), { encoding: 'base64' }] }]);
    if (sent.error) throw new Error(sent.error.message);
    return sent.result as string;
  };

  const answerOne = (call: JsonRpcRequest): JsonRpcAnswer => {
    const id = call?.id ?? null;
    try {
      switch (call?.method) {
        case 'requestAirdrop': {
          const [address, lamports] = call.params as [string, number];
          return { jsonrpc: '2.0', id, result: requestAirdrop(String(address), BigInt(lamports)) };
        }
        case 'parley_faucet': {
          const [walletAddress, token, amount] = call.params as [string, string, string | number];
          return { jsonrpc: '2.0', id, result: dev.airdrop({ walletAddress: String(walletAddress), token: String(token), amount: String(amount) }) };
        }
        default:
          return ledger.answer([call])[0];
      }
    } catch (error) {
      return { jsonrpc: '2.0', id, error: { code: error instanceof DomainError ? -32602 : -32603, message: (error as Error).message } };
    }
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, solana-client');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && req.url === '/health') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    const reply = await jsonRpcReply(req, (calls) => calls.map(answerOne));
    res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    ledger,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
