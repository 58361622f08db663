import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDocumentStore, type DocumentStore } from '../../src/areas/documents/store';

/**
 * One contract for every document store: the disk store, and the S3 store against s3rver (an
 * S3-compatible server in this process, speaking S3's HTTP API to the AWS SDK as MinIO or AWS would).
 * Each store is made as the server makes it, from configuration (createDocumentStore).
 */
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};

let s3: S3rver | undefined;
let s3Endpoint = '';
const savedCredentials = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: folder('meridian-s3rver-'),
    silent: true,
    configureBuckets: [{ name: 'meridian-documents', configs: [] }],
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed key pair, read by the SDK as it would read a deployment's.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
});

afterAll(async () => {
  await s3?.close();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
  if (savedCredentials.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  else process.env.AWS_ACCESS_KEY_ID = savedCredentials.id;
  if (savedCredentials.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  else process.env.AWS_SECRET_ACCESS_KEY = savedCredentials.secret;
});

const stores: { name: string; described: RegExp; env: () => Record<string, string> }[] = [
  {
    name: 'the disk store',
    described: /^local disk at /,
    env: () => ({ DOCUMENTS_DIR: folder('meridian-store-') }),
  },
  {
    name: 'the S3 store',
    described: /^S3 bucket meridian-documents at http:\/\/127\.0\.0\.1:/,
    env: () => ({
      DOCUMENTS_S3_BUCKET: 'meridian-documents',
      DOCUMENTS_S3_ENDPOINT: s3Endpoint,
      DOCUMENTS_S3_FORCE_PATH_STYLE: 'true',
      // A prefix of its own per test, so one test's sweep never sees another's objects.
      DOCUMENTS_S3_PREFIX: `run-${randomUUID()}/documents/`,
    }),
  },
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const nothingFiled = async () => new Set<string>();
const inAMinute = () => new Date(Date.now() + 60_000);
const aMinuteAgo = () => new Date(Date.now() - 60_000);

describe.each(stores)('$name', ({ env, described }) => {
  const make = (under?: string): [DocumentStore, DocumentStore?] => {
    const config = loadConfig({ NODE_ENV: 'test', ...env() });
    return [createDocumentStore(config), under ? createDocumentStore(config, under) : undefined];
  };

  it('keeps a file whole and streams its bytes back', async () => {
    const [store] = make();
    expect(store.description).toMatch(described);
    const key = randomUUID();
    // Larger than one stream chunk of either store, with every byte value.
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await store.put(key, bytes, 'application/pdf');
    const opened = await store.open(key);
    expect(typeof opened.pipe).toBe('function');
    expect((await bytesOf(opened)).equals(bytes)).toBe(true);
  });

  it('replaces a file put again under the same key', async () => {
    const [store] = make();
    const key = randomUUID();
    await store.put(key, Buffer.from('first'), 'text/plain');
    await store.put(key, Buffer.from('second'), 'text/plain');
    expect((await bytesOf(await store.open(key))).toString()).toBe('second');
  });

  it('rejects opening a file that is not there, before any byte is sent', async () => {
    const [store] = make();
    await expect(store.open(randomUUID())).rejects.toThrow();
  });

  it('removes a file, and removing one that is not there is not an error', async () => {
    const [store] = make();
    const key = randomUUID();
    await store.put(key, Buffer.from('gone soon'), 'text/plain');
    await store.remove(key);
    await expect(store.open(key)).rejects.toThrow();
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove(randomUUID())).resolves.toBeUndefined();
  });

  it('sweeps files no row names once older than the cut-off, and keeps filed and newer ones', async () => {
    const [store] = make();
    const filed = randomUUID();
    const orphan = randomUUID();
    await store.put(filed, Buffer.from('filed'), 'text/plain');
    await store.put(orphan, Buffer.from('orphan'), 'text/plain');
    const asked: string[][] = [];
    const filedOnly = async (keys: string[]) => {
      asked.push([...keys].sort());
      return new Set(keys.filter((key) => key === filed));
    };

    // Written after the cut-off: a write whose row may still be on its way, so not even asked about.
    expect(await store.sweep(aMinuteAgo(), filedOnly)).toEqual({ partial: 0, orphaned: 0 });
    expect(asked).toEqual([]);

    expect(await store.sweep(inAMinute(), filedOnly)).toEqual({ partial: 0, orphaned: 1 });
    expect(asked).toEqual([[filed, orphan].sort()]);
    expect((await bytesOf(await store.open(filed))).toString()).toBe('filed');
    await expect(store.open(orphan)).rejects.toThrow();
  });

  it("leaves another owner's files (a store under a name of its own) to that owner", async () => {
    const [store, reports] = make('bereavement');
    const report = randomUUID();
    await reports!.put(report, Buffer.from('a report of a death'), 'text/plain');
    expect(await store.sweep(inAMinute(), nothingFiled)).toEqual({ partial: 0, orphaned: 0 });
    expect((await bytesOf(await reports!.open(report))).toString()).toBe('a report of a death');
    await expect(store.open(report)).rejects.toThrow();
    expect(await reports!.sweep(inAMinute(), nothingFiled)).toEqual({ partial: 0, orphaned: 1 });
  });
});

describe('the disk store alone', () => {
  it('sweeps a write a stopped process left half done, once older than the cut-off', async () => {
    const directory = folder('meridian-store-');
    const store = createDocumentStore(loadConfig({ NODE_ENV: 'test', DOCUMENTS_DIR: directory }));
    const part = join(directory, `.${randomUUID()}.${randomUUID()}.part`);
    writeFileSync(part, 'half a file');
    expect(await store.sweep(aMinuteAgo(), nothingFiled)).toEqual({ partial: 0, orphaned: 0 });
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(part, anHourAgo, anHourAgo);
    expect(await store.sweep(aMinuteAgo(), nothingFiled)).toEqual({ partial: 1, orphaned: 0 });
    expect(readdirSync(directory)).toEqual([]);
  });
});
