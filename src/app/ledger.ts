import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { serveLedgerNode } from '../chain/ledger-node';
import { TokenRegistry } from '../tokens/token-registry';

/**
 * `npm run ledger -- --port 8899 [--host 127.0.0.1] [--network mainnet|devnet]`: the embedded
 * ledger alone as a JSON-RPC node (see ledger-node.ts), until SIGINT or SIGTERM. Its state
 * lives in memory: each start is a fresh ledger.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8899' }, host: { type: 'string', default: '127.0.0.1' }, network: { type: 'string', default: 'mainnet' } },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${values.port}"`);
  if (values.network !== 'mainnet' && values.network !== 'devnet') throw new Error(`--network must be mainnet or devnet, not "${values.network}"`);
  const node = await serveLedgerNode(TokenRegistry.bundled(), { network: values.network, port, host: values.host! });
  process.stdout.write(
    `Parley's ledger (${values.network}) answers JSON-RPC at ${node.url}\n` +
      `  SOL:     {"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["<address>",1000000000]}\n` +
      `  tokens:  {"jsonrpc":"2.0","id":1,"method":"parley_faucet","params":["<address>","USDC","100"]}\n`,
  );
  const stop = () => node.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`The ledger failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
