import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  documentIdParamsSchema,
  documentUploadBodySchema,
  postSubmissionBodySchema,
  uploadContexts,
  uploadListQuerySchema,
  uploadTagsBodySchema,
  uploadedDocumentSchema,
  formatFileSize,
  type UploadContextName,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { memberDocuments } from '../../db/schema';
import { AppError, errorResponses, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { checkFileContent, cleanFileName } from './file-checks';
import { storeDocument } from './library';
import {
  canDelete,
  findOwnedDocument,
  UPLOAD_AUDIT_ACTION,
  uploadsIn,
  uploadsInLastDay,
  type MemberRecord,
} from './repository';
import { multipartLimits, readUploadForm } from './upload-form';
import { sendUploadsWithCase, toUploaded } from './post-submission';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['documents'];
const UPLOAD_TYPE = 'Uploaded by you';

interface DailyUploadLimits {
  uploadsPerDay: number;
  bytesPerDay: number;
}

const recordOf = (request: FastifyRequest): MemberRecord => ({
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

const documentNotFound = () => notFound('document_not_found', 'We could not find this document.');

async function ownedUpload(db: Database, request: FastifyRequest, id: string) {
  const row = await findOwnedDocument(db, recordOf(request), id);
  if (!row || row.kind !== 'upload') throw documentNotFound();
  return row;
}

interface PlannedUpload {
  contextName: UploadContextName;
  name: string;
  sizeBytes: number;
}

/**
 * Refuses an upload the record has no room for: the context's file count, a name already there, and
 * the uploads and bytes of the last 24 hours (deleted uploads count: they were sent).
 */
async function checkRoomFor(
  db: Database,
  record: MemberRecord,
  upload: PlannedUpload,
  limits: DailyUploadLimits,
) {
  const context = uploadContexts[upload.contextName];
  const held = await uploadsIn(db, record, upload.contextName);
  if (held.some((row) => row.name === upload.name)) {
    throw new AppError(
      409,
      'file_name_not_unique',
      'You have already uploaded a file with this name. Rename it and try again.',
    );
  }
  if (held.length >= context.maxFiles) {
    throw new AppError(
      409,
      'file_count_exceeded',
      `You can upload up to ${context.maxFiles} files here. Delete one first.`,
    );
  }
  const sent = await uploadsInLastDay(db, record);
  if (sent.count >= limits.uploadsPerDay) {
    throw new AppError(
      429,
      'uploads_per_day_exceeded',
      `You can upload up to ${limits.uploadsPerDay} files in a day. Try again tomorrow.`,
    );
  }
  if (sent.bytes + upload.sizeBytes > limits.bytesPerDay) {
    throw new AppError(
      429,
      'upload_bytes_per_day_exceeded',
      `You can upload up to ${formatFileSize(limits.bytesPerDay)} in a day. Try again tomorrow.`,
    );
  }
}

/** Uploading documents (per upload context), listing, tagging, deleting and sending them with a case. */
export const documentUploadRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  await app.register(multipart, { limits: multipartLimits, preservePath: true });
  app.addHook('preHandler', app.requireMember);
  const dailyLimits: DailyUploadLimits = {
    uploadsPerDay: config.UPLOADS_PER_DAY,
    bytesPerDay: config.UPLOAD_BYTES_PER_DAY,
  };

  app.post(
    '/documents',
    {
      // The body is a stream read by the handler; its fields are checked there with the same schema.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? () => ({ value: undefined })
          : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
      schema: {
        tags,
        summary:
          'Upload a document (multipart: file, journeyType, tags, documentType): PDF, JPEG, PNG, HEIC or Word, checked by its bytes, within the context’s size and count limits and the daily limits',
        consumes: ['multipart/form-data'],
        body: documentUploadBodySchema,
        response: {
          201: z.object({ fileUuid: z.uuid(), filename: z.string() }),
          ...errors,
          ...errorResponses(409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const record = recordOf(request);
      const form = await readUploadForm(request);
      const contextName = form.fields.journeyType;
      const context = uploadContexts[contextName];
      const name = cleanFileName(form.fileName);
      const checked = await checkFileContent(form.bytes, name, context);
      const upload = { contextName, name, sizeBytes: form.bytes.length };
      // Checked once before the file is written, so a plain refusal writes nothing, and again under
      // the record's lock, where parallel uploads are counted one after another.
      await checkRoomFor(db, record, upload, dailyLimits);
      const id = randomUUID();
      await storeDocument(
        db,
        app.documentLibrary.store,
        { id, mediaType: checked.mediaType, owner: record },
        form.bytes,
        async (tx) => {
          await checkRoomFor(tx, record, upload, dailyLimits);
          await tx.insert(memberDocuments).values({
            id,
            ...record,
            name,
            type: form.fields.documentType ?? UPLOAD_TYPE,
            kind: 'upload',
            context: contextName,
            documentType: form.fields.documentType ?? null,
            tags: form.fields.tags,
            mediaType: checked.mediaType,
            sizeBytes: form.bytes.length,
            readAt: new Date(),
          });
          // Inside the transaction: the daily limit counts these entries.
          await audit(tx, request, {
            action: UPLOAD_AUDIT_ACTION,
            outcome: 'success',
            userId: request.member!.userId,
            ...record,
            details: {
              documentId: id,
              context: contextName,
              sizeBytes: form.bytes.length,
              mediaType: checked.mediaType,
            },
          });
        },
      );
      return reply.code(201).send({ fileUuid: id, filename: name });
    },
  );

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: 'The documents uploaded in one context (journeyType)',
        querystring: uploadListQuerySchema,
        response: { 200: z.object({ documents: z.array(uploadedDocumentSchema) }), ...errors },
      },
    },
    async (request) => ({
      documents: (await uploadsIn(db, recordOf(request), request.query.journeyType)).map(toUploaded),
    }),
  );

  app.put(
    '/documents/:id/tags',
    {
      schema: {
        tags,
        summary: 'Replace an uploaded document’s tags',
        params: documentIdParamsSchema,
        body: uploadTagsBodySchema,
        response: { 200: uploadedDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const row = await ownedUpload(db, request, request.params.id);
      const [updated] = await db
        .update(memberDocuments)
        .set({ tags: request.body.tags })
        .where(eq(memberDocuments.id, row.id))
        .returning();
      return toUploaded(updated!);
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your uploads that has not been sent with a case',
        params: documentIdParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const row = await findOwnedDocument(db, recordOf(request), request.params.id);
      if (!row) throw documentNotFound();
      if (!canDelete(row)) {
        throw new AppError(
          409,
          'document_not_deletable',
          'This document has been sent to the scheme and cannot be deleted.',
        );
      }
      await db.delete(memberDocuments).where(eq(memberDocuments.id, row.id));
      await app.documentLibrary.store.remove(row.id);
      await audit(db, request, {
        action: 'document_delete',
        outcome: 'success',
        userId: request.member!.userId,
        ...recordOf(request),
        details: { documentId: row.id, context: row.context },
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/documents/post-submission',
    {
      schema: {
        tags,
        summary:
          'Send the uploads of a context, not yet sent, with one of your open cases (409 case_closed for a closed one)',
        body: postSubmissionBodySchema,
        response: {
          200: z.object({ documents: z.array(uploadedDocumentSchema) }),
          ...errors,
          ...errorResponses(409),
        },
      },
    },
    async (request) => {
      const { journeyType, caseNumber } = request.body;
      const sent = await sendUploadsWithCase(
        db,
        recordOf(request),
        journeyType,
        caseNumber,
        request.member!.userId,
      );
      return { documents: sent.map(toUploaded) };
    },
  );
};
