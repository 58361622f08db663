import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCompression, COMPRESSION_THRESHOLD_BYTES } from '../../src/plugins/api-compression';
import { sendWrittenJson, writtenJson } from '../../src/lib/written-json';

const page = {
  title: 'Your pension',
  blocks: Array.from({ length: 40 }, (_, index) => ({ index, text: 'Ω words' })),
};
const kept = writtenJson(JSON.stringify(page));
const large = { rows: Array.from({ length: 20_000 }, (_, index) => ({ index, text: 'a row of words' })) };
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;
const app = Fastify();

beforeAll(async () => {
  await app.register(apiCompression, { apiPrefixes: ['/api/'] });
  await app.register(compress, { global: true, threshold: COMPRESSION_THRESHOLD_BYTES });
  app.get('/api/kept', (_request, reply) => sendWrittenJson(reply, kept));
  app.get('/api/written', async () => page);
  app.get('/api/small', async () => ({ title: 'Small' }));
  app.get('/api/large', async () => large);
  app.get('/api/image', (_request, reply) => reply.type('image/svg+xml').send(Buffer.from(svg)));
  app.get('/api/download', (_request, reply) =>
    reply.type('text/plain').send(Readable.from(['words '.repeat(400)])),
  );
  app.post('/api/echo', async (request) => request.body);
  app.get('/page', (_request, reply) => reply.type('text/html').send('<p>words</p>'.repeat(200)));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('API answers compressed in one call', () => {
  it('sends brotli to a browser that offers it, with the same JSON inside', async () => {
    for (const url of ['/api/kept', '/api/written']) {
      const response = await get(url, browser);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toBe('accept-encoding');
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()), url).toEqual(page);
    }
  });

  it('sends gzip when brotli is refused or not offered, `*` and x-gzip standing for gzip', async () => {
    for (const offer of ['gzip', 'br;q=0, gzip', 'x-gzip', '*']) {
      const response = await get('/api/kept', { 'accept-encoding': offer });
      expect(response.headers['content-encoding'], offer).toBe('gzip');
      expect(JSON.parse(gunzipSync(response.rawPayload).toString()), offer).toEqual(page);
    }
  });

  it('sends JSON as it is without an encoding it can use, when asked not to, or when it is small', async () => {
    for (const [url, headers] of [
      ['/api/kept', {}],
      ['/api/kept', { 'accept-encoding': 'identity' }],
      ['/api/kept', { 'accept-encoding': 'br', 'x-no-compression': '1' }],
      ['/api/small', { 'accept-encoding': 'br' }],
    ] as const) {
      const response = await get(url, headers);
      const label = `${url} ${JSON.stringify(headers)}`;
      expect(response.headers['content-encoding'], label).toBeUndefined();
      expect(response.json()).toEqual(url === '/api/kept' ? page : { title: 'Small' });
      // An answer that another request would have had compressed says so; a small one never is.
      expect(response.headers.vary, label).toBe(url === '/api/kept' ? 'accept-encoding' : undefined);
    }
  });

  it('compresses a large answer off the event loop, and an SVG image', async () => {
    const answer = await get('/api/large', browser);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual(large);
    const image = await get('/api/image', { 'accept-encoding': 'gzip' });
    expect(image.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(image.rawPayload).toString()).toBe(svg);
  });

  it('sends a download streamed from storage as it is', async () => {
    const response = await get('/api/download', browser);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('words '.repeat(400));
  });

  it('inflates no API request body: a compressed one is refused as the bytes it is', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ plain: true })),
    });
    expect(response.statusCode).toBe(400);
  });

  it('leaves every other answer to the compress plugin', async () => {
    const response = await get('/page', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('<p>words</p>'.repeat(200));
  });
});
