import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../../src/areas/content/sync';
import { contentRoot } from '../../src/prepare';
import { useTestApp } from './harness';

const ctx = useTestApp();
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-concurrent-'));
  await cp(contentRoot, root, { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('content sync from servers starting together', () => {
  it('loads a changed tree once: one sync makes the new version, the other finds it in place', async () => {
    const home = path.join(root, 'tenants/meridian/pages/home.json');
    await writeFile(home, JSON.stringify({ ...JSON.parse(await readFile(home, 'utf8')), title: 'Together' }));
    const results = await Promise.all([
      syncContent(ctx.database.db, root),
      syncContent(ctx.database.db, root),
    ]);
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(results[0]!.version).toBe(results[1]!.version);
  });
});
