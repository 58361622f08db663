import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentIdParamsSchema,
  documentListQuerySchema,
  documentPageSchema,
  documentTypesSchema,
  documentZipQuerySchema,
  recordQuerySchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { errorResponses, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import {
  documentTypesOf,
  findOwnedDocument,
  findOwnedDocuments,
  markRead,
  pageOfLibrary,
  type DocumentRow,
  type MemberRecord,
} from './repository';
import { zipStreamOf } from './zip';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['documents'];

const recordOf = (request: FastifyRequest): MemberRecord => ({
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

const documentNotFound = () => notFound('document_not_found', 'We could not find this document.');

/** Content-Disposition for a download: a plain ASCII name plus the exact name (RFC 6266). */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams a file to the member; its sources are let go if the member goes away before the end. */
function sendFile(
  reply: FastifyReply,
  file: { name: string; mediaType: string; sizeBytes?: number },
  body: Readable,
  sources: Readable[] = [body],
) {
  reply.raw.once('close', () => sources.forEach((source) => source.destroy()));
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  return reply
    .header('content-type', file.mediaType)
    .header('content-disposition', attachment(file.name))
    .send(body);
}

/** The member's library: types, the filtered and paged list, downloads (one, several as a zip) and protected quotes. */
export const documentLibraryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);
  const store = app.documentLibrary.store;

  /** Marks the documents read and notes the download, once their files are open and about to be sent. */
  async function downloaded(request: FastifyRequest, ids: string[]) {
    await markRead(db, ids);
    await audit(db, request, {
      action: 'document_download',
      outcome: 'success',
      userId: request.member!.userId,
      ...recordOf(request),
      details: { documentIds: ids },
    });
  }

  async function download(request: FastifyRequest, reply: FastifyReply, row: DocumentRow, name: string) {
    const stream = await store.open(row.id);
    await downloaded(request, [row.id]);
    return sendFile(reply, { name, mediaType: row.mediaType, sizeBytes: row.sizeBytes }, stream);
  }

  app.get(
    '/members/current/documents/types',
    {
      schema: {
        tags,
        summary: 'The types of document in your library',
        response: { 200: documentTypesSchema, ...errors },
      },
    },
    async (request) => ({ types: await documentTypesOf(db, recordOf(request)) }),
  );

  app.get(
    '/members/current/documents',
    {
      schema: {
        tags,
        summary: 'Your documents, filtered by name, type, dates received and read state, sorted and paged',
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema, ...errors },
      },
    },
    async (request) => pageOfLibrary(db, recordOf(request), request.query),
  );

  app.get(
    '/members/current/documents/:id/download',
    {
      schema: {
        tags,
        summary: 'Download one document; it is marked read',
        params: documentIdParamsSchema,
        querystring: recordQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await findOwnedDocument(db, recordOf(request), request.params.id);
      if (!row) throw documentNotFound();
      return download(request, reply, row, row.name);
    },
  );

  app.get(
    '/members/current/documents/:id/download/protected-quote',
    {
      schema: {
        tags,
        summary: 'Download one of your retirement quotes as {businessGroup}-{reference}-{id}.pdf',
        params: documentIdParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const record = recordOf(request);
      const row = await findOwnedDocument(db, record, request.params.id);
      if (!row || row.kind !== 'quote') throw documentNotFound();
      const name = `${record.businessGroup}-${record.referenceNumber}-${row.id}.pdf`;
      return download(request, reply, row, name);
    },
  );

  app.get(
    '/members/current/documents/zip',
    {
      schema: {
        tags,
        summary: 'Download several documents as one zip (ids repeated, up to 20); all must be yours',
        querystring: documentZipQuerySchema.extend(recordQuerySchema.shape),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const ids = request.query.ids;
      const rows = await findOwnedDocuments(db, recordOf(request), ids);
      if (rows.length !== ids.length) throw documentNotFound();
      // Every file is opened before anything is sent, so a missing one fails the request whole.
      const opened = await Promise.allSettled(rows.map((row) => store.open(row.id)));
      const streams = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const failed = opened.find((result) => result.status === 'rejected');
      if (failed) {
        streams.forEach((stream) => stream.destroy());
        throw failed.reason;
      }
      await downloaded(request, ids);
      const zip = zipStreamOf(rows.map((row, index) => ({ name: row.name, stream: streams[index]! })));
      return sendFile(
        reply,
        { name: `documents-${new Date().toISOString().slice(0, 10)}.zip`, mediaType: 'application/zip' },
        zip,
        [zip, ...streams],
      );
    },
  );
};
