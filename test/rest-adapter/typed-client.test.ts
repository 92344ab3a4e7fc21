import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/shared/paths';
import { startTestApp, type TestApp } from '../support/app';

/**
 * A new user's typed client: generated from GET /v1/openapi.json with openapi-typescript, as
 * its README shows, then a small program that reads a swap's route, a transfer's parameters
 * and a preview type-checks without a cast, and one that reads a field that is not there does not.
 */
let app: TestApp;
let dir: string;
beforeAll(async () => {
  app = await startTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'parley-client-'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

const PROGRAM = `
import type { paths } from './parley-api';

type Sent = paths['/v1/messages']['post']['responses']['200']['content']['application/json'];
type Refreshed = paths['/v1/transactions/{id}/refresh']['post']['responses']['200']['content']['application/json'];

export function describe(sent: Sent, refreshed: Refreshed): string[] {
  const lines: string[] = [];
  const tx = sent.transaction;
  if (tx?.type === 'swap' && tx.route) {
    const out: string = tx.route.outAmount;
    const impact: number = tx.route.priceImpact;
    const hop: string = tx.route.routePlan[0].swapInfo.ammKey;
    lines.push(\`\${out} \${impact} \${tx.route.source} \${hop} \${tx.route.swapMode}\`);
  }
  if (tx && 'recipient' in tx.parameters) {
    const recipient: string = tx.parameters.recipient;
    const amount: number | string = tx.parameters.amount;
    lines.push(\`\${recipient} \${amount}\`);
  }
  if (tx && 'inputToken' in tx.parameters) {
    const mode: 'ExactIn' | 'ExactOut' = tx.parameters.swapMode;
    lines.push(mode);
  }
  for (const change of tx?.preview?.balanceChanges ?? []) {
    const signed: string = change.change;
    const decimals: number = change.decimals;
    lines.push(\`\${change.symbol} \${signed} \${decimals}\`);
  }
  const fee: string | undefined = refreshed.preview?.feeLamports;
  const expires: string | undefined = refreshed.expiresAt;
  lines.push(\`\${refreshed.transactionId} \${fee} \${expires} \${refreshed.summary}\`);
  return lines;
}
`;

describe('a client generated with openapi-typescript', () => {
  it('reads route, parameters and preview with their types; an unknown field does not compile', async () => {
    const document = (await app.http.get('/v1/openapi.json')).body;
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
    execFileSync(bin('openapi-typescript'), [path.join(dir, 'openapi.json'), '-o', path.join(dir, 'parley-api.ts')], { stdio: 'pipe' });
    writeFileSync(path.join(dir, 'program.ts'), PROGRAM);
    const tsc = (file: string) =>
      execFileSync(bin('tsc'), ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'commonjs', path.join(dir, file)], { stdio: 'pipe' }).toString();
    expect(tsc('program.ts')).toBe('');

    writeFileSync(
      path.join(dir, 'wrong.ts'),
      `import type { paths } from './parley-api';\n` +
        `type Sent = paths['/v1/messages']['post']['responses']['200']['content']['application/json'];\n` +
        `export const read = (sent: Sent): string | undefined => sent.transaction?.route?.outAmounts;\n`,
    );
    let output = '';
    try {
      tsc('wrong.ts');
    } catch (error) {
      output = String((error as { stdout: Buffer }).stdout);
    }
    expect(output).toMatch(/Property 'outAmounts' does not exist/);
  }, 120_000);
});
