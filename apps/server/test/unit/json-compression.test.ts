import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, jsonCompression } from '../../src/plugins/json-compression';
import { sendWrittenJson, writtenJson } from '../../src/lib/written-json';

const page = {
  title: 'Your pension',
  blocks: Array.from({ length: 40 }, (_, index) => ({ index, text: 'Ω words' })),
};
const kept = writtenJson(JSON.stringify(page));
const app = Fastify();

beforeAll(async () => {
  await app.register(jsonCompression);
  await app.register(compress, { global: true, threshold: COMPRESSION_THRESHOLD_BYTES });
  app.get('/kept', (_request, reply) => sendWrittenJson(reply, kept));
  app.get('/written', async () => page);
  app.get('/small', async () => ({ title: 'Small' }));
  app.get('/text', (_request, reply) => reply.type('text/plain').send('words '.repeat(400)));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe('JSON answers compressed in one call', () => {
  it('sends brotli to a browser that offers it, with the same JSON inside', async () => {
    for (const url of ['/kept', '/written']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toBe('accept-encoding');
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()), url).toEqual(page);
    }
  });

  it('sends gzip when brotli is refused or not offered, `*` and x-gzip standing for gzip', async () => {
    for (const offer of ['gzip', 'br;q=0, gzip', 'x-gzip', '*']) {
      const response = await get('/kept', { 'accept-encoding': offer });
      expect(response.headers['content-encoding'], offer).toBe('gzip');
      expect(JSON.parse(gunzipSync(response.rawPayload).toString()), offer).toEqual(page);
    }
  });

  it('sends JSON as it is without an encoding it can use, when asked not to, or when it is small', async () => {
    for (const [url, headers] of [
      ['/kept', {}],
      ['/kept', { 'accept-encoding': 'identity' }],
      ['/kept', { 'accept-encoding': 'br', 'x-no-compression': '1' }],
      ['/small', { 'accept-encoding': 'br' }],
    ] as const) {
      const response = await get(url, headers);
      expect(response.headers['content-encoding'], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
      expect(response.json()).toEqual(url === '/kept' ? page : { title: 'Small' });
    }
  });

  it('leaves other answers to the compress plugin', async () => {
    const response = await get('/text', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('words '.repeat(400));
  });
});
