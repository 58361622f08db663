import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { promisify } from 'node:util';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-paths';

/** Smaller answers go as they are: compressing them saves too little. The compress plugin's threshold too. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Larger answers are compressed off the event loop, so that no one answer holds it. */
const MOST_BYTES_AT_ONCE = 256 * 1024;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Quality 4, as the compress plugin uses: most of brotli's gain at a small part of its top cost. */
const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

const compressNow: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, brotliOptions(body)),
  gzip: (body) => gzipSync(body),
};
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);
const compressLater: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotliLater(body, brotliOptions(body)),
  gzip: (body) => gzipLater(body),
};

/**
 * The compressed forms of answers sent as bytes, by the bytes: an answer kept in memory and sent
 * again (a cached content page, see WrittenJson) is compressed once and goes with it.
 */
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function keptCompressed(body: Buffer, encoding: Encoding): Buffer {
  let forms = compressedForms.get(body);
  if (!forms) {
    forms = {};
    compressedForms.set(body, forms);
  }
  return (forms[encoding] ??= compressNow[encoding](body));
}

/** The encoding the caller prefers of those offered; `*` and `x-gzip` stand for gzip, as the plugin reads them. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/** What the API sends that compresses well: JSON, text and SVG (PDFs, photos and archives are compressed already). */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/|image\/svg\+xml)/;

/**
 * Compresses an API answer held in memory (text or bytes) in one call. The compress plugin's
 * streams cost a 3 kB page about 240 µs against brotli's own 25 µs, which made a cached content
 * page seven times slower for a browser than for a client taking no compression. Streams (a
 * member's document downloads) go as they are.
 */
const compressAnswer: onSendHookHandler = (request, reply, payload, done) => {
  const kept = Buffer.isBuffer(payload);
  if (!kept && typeof payload !== 'string') return done(null, payload);
  const type = reply.getHeader('content-type');
  if (!COMPRESSIBLE.test(String(type ?? '')) || reply.hasHeader('content-encoding')) {
    return done(null, payload);
  }
  const body = kept ? payload : Buffer.from(payload);
  if (body.length < COMPRESSION_THRESHOLD_BYTES) return done(null, payload);
  // Sent as it is or compressed, the answer depended on the request's encodings: a cache must know.
  varyOnEncoding(reply);
  const encoding = acceptedEncoding(request);
  if (!encoding) return done(null, payload);
  reply.header('content-encoding', encoding);
  // Bytes may be an answer kept and sent again, so their compressed copy is kept with them; text
  // was written for this answer alone.
  if (body.length <= MOST_BYTES_AT_ONCE)
    return done(null, kept ? keptCompressed(body, encoding) : compressNow[encoding](body));
  compressLater[encoding](body).then(
    (compressed) => done(null, compressed),
    (error: Error) => done(error),
  );
};

/**
 * Gives each API route (under `apiPrefixes`) the hook above as its one compression hook. Register it
 * before the compress plugin, which then leaves those routes alone (neither compressing their answers
 * nor inflating their request bodies) and keeps the rest: the app shell, static files, the OpenAPI
 * pages, metrics.
 */
export const apiCompression = fp(async (app: FastifyInstance, { apiPrefixes }: { apiPrefixes: string[] }) => {
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url, apiPrefixes)) return;
    route.compress = false;
    route.decompress = false;
    route.onSend = [...[route.onSend ?? []].flat(), compressAnswer];
  });
});
