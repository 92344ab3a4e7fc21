import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * `engines` says Node 20.19 or later: every installed package must run there, or `npm install`
 * warns EBADENGINE on the Node the project promises (package.json `overrides` pins the few
 * transitive packages whose latest wants Node 22).
 */
describe('engines', () => {
  it('every package in the lock file supports the oldest Node that package.json allows', () => {
    const root = path.join(__dirname, '../..');
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const unsupported = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name} wants node ${(entry.engines as { node: string }).node}`);
    expect(unsupported).toEqual([]);
  });
});
