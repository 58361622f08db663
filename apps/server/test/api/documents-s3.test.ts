import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';

/**
 * The portal with its documents in an S3-compatible bucket (s3rver in the test process) rather than
 * on disk: members upload, list, download, zip and delete through the API as they do on disk
 * (documents.test.ts), and the objects appear and go in the bucket.
 */
const bucket = 'meridian-documents';
const prefix = `run-${randomUUID()}/`;
const folder = mkdtempSync(join(tmpdir(), 'meridian-s3rver-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: folder,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const env: Record<string, string> = {
  DOCUMENTS_S3_BUCKET: bucket,
  DOCUMENTS_S3_FORCE_PATH_STYLE: 'true',
  DOCUMENTS_S3_PREFIX: prefix,
};
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
let client: S3Client;

// Registered before the app's own hooks: the bucket is there before the app starts, and goes after it.
beforeAll(async () => {
  const { port } = await s3.run();
  env.DOCUMENTS_S3_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  client = new S3Client({ region: 'us-east-1', endpoint: env.DOCUMENTS_S3_ENDPOINT, forcePathStyle: true });
});
afterAll(async () => {
  client?.destroy();
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
  for (const [name, value] of [
    ['AWS_ACCESS_KEY_ID', saved.id],
    ['AWS_SECRET_ACCESS_KEY', saved.secret],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const ctx = useTestApp(env);

/** The keys under the portal's prefix in the bucket, without the prefix. */
async function storedKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!.slice(prefix.length));
}

async function member(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

describe('documents in an S3-compatible bucket', () => {
  it('keeps the demo’s letters there, filed as the server started', async () => {
    expect(ctx.app.documentLibrary.store.description).toContain(`S3 bucket ${bucket}`);
    const agent = await member('db.pensioner');
    const { items } = (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json() as {
      items: { id: string }[];
    };
    expect(items.length).toBeGreaterThan(0);
    const keys = await storedKeys();
    for (const item of items) expect(keys).toContain(item.id);
    const download = await agent.request({
      url: `/mdp-api/api/members/current/documents/${items[0]!.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('uploads, downloads, zips and deletes a member’s files through the bucket', async () => {
    const agent = await member('dc.far');
    const pdf = await files.pdf('Payslip on S3');
    const jpeg = files.jpeg();
    const ids: string[] = [];
    for (const [name, bytes] of [
      ['payslip.pdf', pdf],
      ['photo.jpg', jpeg],
    ] as const) {
      const response = await agent.request({
        method: 'POST',
        url: '/mdp-api/api/documents',
        ...uploadForm(name, bytes, { journeyType: 'documents' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().fileUuid);
    }
    expect(await storedKeys()).toEqual(expect.arrayContaining(ids));

    const download = await agent.request({
      url: `/mdp-api/api/members/current/documents/${ids[0]}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const zip = await agent.request({
      url: `/mdp-api/api/members/current/documents/zip?ids=${ids[0]}&ids=${ids[1]}`,
    });
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Buffer.from(entries['payslip.pdf']!).equals(pdf)).toBe(true);
    expect(Buffer.from(entries['photo.jpg']!).equals(jpeg)).toBe(true);

    const deleted = await agent.request({ method: 'DELETE', url: `/mdp-api/api/documents/${ids[1]}` });
    expect(deleted.statusCode).toBe(204);
    expect(await storedKeys()).not.toContain(ids[1]);

    // An object gone from the bucket: the download fails whole, as on disk, before anything is sent.
    await ctx.app.documentLibrary.store.remove(ids[0]!);
    const lost = await agent.request({ url: `/mdp-api/api/members/current/documents/${ids[0]}/download` });
    expect(lost.statusCode).toBe(500);
    expect(lost.headers['content-type']).toContain('application/json');
  });
});
