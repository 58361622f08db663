import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentIdParamsSchema,
  documentListQuerySchema,
  documentPageSchema,
  documentTypesSchema,
  documentZipQuerySchema,
  errorBodySchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
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
import { zipOf } from './zip';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
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

function sendFile(reply: FastifyReply, name: string, mediaType: string, bytes: Buffer) {
  return reply
    .header('content-type', mediaType)
    .header('content-disposition', attachment(name))
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** The member's library: types, the filtered and paged list, downloads (one, several as a zip) and protected quotes. */
export const documentLibraryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);
  const store = app.documentLibrary.store;

  async function download(request: FastifyRequest, row: DocumentRow) {
    const bytes = await store.get(row.id);
    await markRead(db, [row.id]);
    await audit(db, request, {
      action: 'document_download',
      outcome: 'success',
      userId: request.member!.userId,
      ...recordOf(request),
      details: { documentIds: [row.id] },
    });
    return bytes;
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
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await findOwnedDocument(db, recordOf(request), request.params.id);
      if (!row) throw documentNotFound();
      return sendFile(reply, row.name, row.mediaType, await download(request, row));
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
      return sendFile(reply, name, 'application/pdf', await download(request, row));
    },
  );

  app.get(
    '/members/current/documents/zip',
    {
      schema: {
        tags,
        summary: 'Download several documents as one zip (ids repeated, up to 20); all must be yours',
        querystring: documentZipQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const ids = request.query.ids;
      const rows = await findOwnedDocuments(db, recordOf(request), ids);
      if (rows.length !== ids.length) throw documentNotFound();
      const files = await Promise.all(
        rows.map(async (row) => ({ name: row.name, bytes: await store.get(row.id) })),
      );
      const zip = await zipOf(files);
      await markRead(db, ids);
      await audit(db, request, {
        action: 'document_download',
        outcome: 'success',
        userId: request.member!.userId,
        ...recordOf(request),
        details: { documentIds: ids },
      });
      return sendFile(
        reply,
        `documents-${new Date().toISOString().slice(0, 10)}.zip`,
        'application/zip',
        zip,
      );
    },
  );
};
