import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every package installed under `folder` (nested node_modules too), as name@version with its engines.node. */
function installedPackages(folder: string): Array<{ id: string; node: string }> {
  const found: Array<{ id: string; node: string }> = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const directory = path.join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      found.push(...installedPackages(directory));
      continue;
    }
    const manifest = path.join(directory, 'package.json');
    if (existsSync(manifest)) {
      const { name, version, engines } = readJson(manifest) as {
        name?: string;
        version?: string;
        engines?: { node?: string };
      };
      if (engines?.node) found.push({ id: `${name}@${version}`, node: engines.node });
    }
    const nested = path.join(directory, 'node_modules');
    if (existsSync(nested)) found.push(...installedPackages(nested));
  }
  return found;
}

describe('installed packages', () => {
  it('all run on the oldest Node the project declares', () => {
    const declared = (readJson(path.join(root, 'package.json')) as { engines: { node: string } }).engines
      .node;
    const oldest = semver.minVersion(declared)!.version;
    const refusing = installedPackages(path.join(root, 'node_modules'))
      .filter(({ node }) => semver.validRange(node) && !semver.satisfies(oldest, node))
      .map(({ id, node }) => `${id} (node ${node})`);
    expect(refusing).toEqual([]);
  });
});
