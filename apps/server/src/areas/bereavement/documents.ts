import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  bereavementDocumentParamsSchema,
  bereavementDocumentSchema,
  bereavementDocumentTypeSchema,
  bereavementDocumentUpdateSchema,
  journeyTypeParamsSchema,
  uploadContexts,
  VISITOR_UPLOAD_CONTEXT,
  type BereavementDocument,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { bereavementDocuments, bereavementJourneys } from '../../db/schema';
import { AppError, badRequest, errorResponses, notFound } from '../../lib/errors';
import { checkFileContent, cleanFileName, tooLarge } from '../documents/file-checks';
import { createDocumentStore, type DocumentStore } from '../documents/store';
import { multipartLimits, readMultipart } from '../documents/upload-form';
import type { JourneyOwner, RoutesApp } from '../journeys/owner';
import type { VisitorFile, VisitorFileShelf } from '../journeys/visitor-store';
import { reportRow, reporterEmailOf } from './email-proof';

/**
 * The reporter's uploads (the death certificate and other documents), kept in `bereavement.documents`
 * with their files in a store of their own: a `bereavement` folder (or key prefix) in the document
 * store, which the members' orphan sweep never reads, so it cannot take a file no member row names.
 * The purge (purge.ts) removes them with an unsent report.
 */
export const reportDocumentStore = (config: Config) => createDocumentStore(config, 'bereavement');

/** Where each database's reports keep their files: bound as the report's routes mount (routes.ts). */
const reportStores = new WeakMap<object, DocumentStore>();

export function keepReportFilesIn(db: Database, store: DocumentStore) {
  reportStores.set(db, store);
}

const context = uploadContexts[VISITOR_UPLOAD_CONTEXT];
const DEFAULT_DOCUMENT_TYPE = 'Document';
type ReportRow = Awaited<ReturnType<typeof reportRow>>;
type DocumentRow = typeof bereavementDocuments.$inferSelect;

const toDocument = (row: DocumentRow): BereavementDocument => ({
  fileUuid: row.id,
  filename: row.name,
  documentType: row.documentType,
  sizeBytes: row.sizeBytes,
});

const toVisitorFile = (row: DocumentRow): VisitorFile => ({
  id: row.id,
  name: row.name,
  type: row.documentType,
  mediaType: row.mediaType,
  sizeBytes: row.sizeBytes,
  receivedAt: row.uploadedAt,
});

/**
 * A sent report's uploads (the death certificate, a will sent after it) for the scheme's staff, who
 * list and open them with the report's case in the console and the integration API (case-work.ts),
 * each view audited there. Only the report's own files: another report's id is not found.
 */
export const reportFiles: VisitorFileShelf = {
  name: 'bereavement',
  async list(db, journeyId) {
    return (await documentsOf(db, journeyId)).map(toVisitorFile);
  },
  async open(db, journeyId, fileId) {
    const [row] = await documentsOf(db, journeyId, fileId);
    if (!row) return undefined;
    const store = reportStores.get(db);
    if (!store) throw new Error('The reports’ document store is not set up for this database.');
    return { file: toVisitorFile(row), stream: await store.open(row.storeKey) };
  },
};

/** The files of each of these reports (its journey ids), oldest first, for the console's list of reports. */
export async function filesOfReports(db: Pick<Database, 'select'>, journeyIds: string[]) {
  const rows =
    journeyIds.length === 0
      ? []
      : await db
          .select()
          .from(bereavementDocuments)
          .where(inArray(bereavementDocuments.journeyId, journeyIds))
          .orderBy(bereavementDocuments.uploadedAt);
  const byReport = new Map<string, VisitorFile[]>();
  for (const row of rows)
    byReport.set(row.journeyId, [...(byReport.get(row.journeyId) ?? []), toVisitorFile(row)]);
  return byReport;
}

const documentNotFound = () => notFound('document_not_found', 'We could not find this document.');

/** Whether the report's email answer is the address the reporter proved with a code. */
export const emailProven = (row: ReportRow) =>
  Boolean(row.emailProvenAt) && row.email === reporterEmailOf(row);

/** Uploads and changes need a proven email and a report not yet sent. */
function assertOpenAndProven(row: ReportRow) {
  if (row.status === 'Submitted')
    throw new AppError(409, 'report_sent', 'Your report has been sent. Call us to send us more documents.');
  if (!emailProven(row))
    throw new AppError(
      403,
      'email_not_proven',
      'Confirm your email address with the code we send to it before you upload documents.',
    );
}

/** Documents sent after the report need the report sent (its email was proven to send it). */
function assertSent(row: ReportRow) {
  if (row.status !== 'Submitted')
    throw new AppError(409, 'report_not_sent', 'Add documents to your report before you send it.');
}

/** The report's documents, or one of them (404 for another report's or an unknown one). */
export async function documentsOf(db: Pick<Database, 'select'>, journeyId: string, id?: string) {
  return db
    .select()
    .from(bereavementDocuments)
    .where(
      and(eq(bereavementDocuments.journeyId, journeyId), id ? eq(bereavementDocuments.id, id) : undefined),
    )
    .orderBy(bereavementDocuments.uploadedAt);
}

const fieldOf = (fields: Record<string, string[]>, name: string) => fields[name]?.[0];

/** Reads the form (file, documentType) and the file's bytes, refusing what the member documents refuse. */
async function readUpload(request: FastifyRequest) {
  const { fields, file } = await readMultipart(request);
  const unknown = Object.keys(fields).find((name) => name !== 'documentType');
  if (unknown) throw badRequest('field_invalid', `${unknown}: is not a field of this upload`);
  const documentType = bereavementDocumentTypeSchema.safeParse(
    fieldOf(fields, 'documentType') ?? DEFAULT_DOCUMENT_TYPE,
  );
  if (!documentType.success) throw badRequest('field_invalid', 'documentType: 1 to 60 characters');
  if (!file) throw badRequest('file_required', 'Choose a file to upload.');
  if (file.bytes.length > context.maxFileBytes) throw tooLarge(context.maxFileBytes);
  const name = cleanFileName(file.fileName);
  const checked = await checkFileContent(file.bytes, name, context);
  return { name, bytes: file.bytes, mediaType: checked.mediaType, documentType: documentType.data };
}

/** Locks the report for a change to its documents, so parallel uploads are counted one after another. */
async function lockedReport(tx: Transaction, id: string) {
  const [row] = await tx
    .select()
    .from(bereavementJourneys)
    .where(eq(bereavementJourneys.id, id))
    .for('update');
  return row!;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The documents calls of a report (spec: documents create, update, list, delete, delete-all), under
 * the report's own API and token: `journeys/{type}/documents`.
 */
export function reportDocumentRoutes(
  app: RoutesApp,
  owner: JourneyOwner,
  db: Database,
  store: DocumentStore,
) {
  const tags = [owner.tag];
  const reportOf = async (request: FastifyRequest & { params: { journeyType: string } }) =>
    reportRow(db, (await owner.journeyOf(db, request, request.params.journeyType)).id);

  /** Keeps an upload in the report once `gate` passes on the locked report, within the file limit. */
  async function keep(request: FastifyRequest, journeyId: string, gate: (row: ReportRow) => void) {
    gate(await reportRow(db, journeyId));
    const upload = await readUpload(request);
    const id = randomUUID();
    await store.put(id, upload.bytes, upload.mediaType);
    try {
      return await db.transaction(async (tx) => {
        gate(await lockedReport(tx, journeyId));
        const [held] = await tx
          .select({ files: count() })
          .from(bereavementDocuments)
          .where(eq(bereavementDocuments.journeyId, journeyId));
        if (held!.files >= context.maxFiles)
          throw new AppError(
            409,
            'file_count_exceeded',
            `You can upload up to ${context.maxFiles} files. Remove one first.`,
          );
        const [inserted] = await tx
          .insert(bereavementDocuments)
          .values({
            id,
            journeyId,
            name: upload.name,
            documentType: upload.documentType,
            mediaType: upload.mediaType,
            sizeBytes: upload.bytes.length,
            storeKey: id,
          })
          .returning();
        return toDocument(inserted!);
      });
    } catch (error) {
      await store.remove(id);
      throw error;
    }
  }

  const uploadSchema = (summary: string) => ({
    config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    // The body is a stream read by the handler, which checks its fields itself.
    validatorCompiler: (route: { httpPart?: string }) =>
      route.httpPart === 'body'
        ? () => ({ value: undefined })
        : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
    schema: {
      tags,
      summary: `${summary} (multipart: file, documentType): PDF, JPEG, PNG or HEIC, checked by its bytes, up to ${context.maxFileBytes / 1_000_000} MB and ${context.maxFiles} files`,
      consumes: ['multipart/form-data'],
      params: journeyTypeParamsSchema,
      body: z.object({
        file: z.string().meta({ format: 'binary', description: 'The file: PDF, JPEG, PNG or HEIC' }),
        documentType: bereavementDocumentTypeSchema.optional(),
      }),
      response: {
        201: bereavementDocumentSchema,
        ...errors,
        ...errorResponses(413, 415, 429),
      },
    },
  });

  void app.register(async (scope: RoutesApp) => {
    await scope.register(multipart, { limits: multipartLimits, preservePath: true });
    scope.post(
      '/journeys/:journeyType/documents',
      uploadSchema('Upload a document into the report once its email is proven'),
      async (request, reply) => {
        const journeyId = (await reportOf(request)).id;
        return reply.code(201).send(await keep(request, journeyId, assertOpenAndProven));
      },
    );
    scope.post(
      '/journeys/:journeyType/documents/post-submission',
      uploadSchema(
        'Send a document with the report after it was sent (spec: documents post-submission), while its token lasts; 409 report_not_sent before',
      ),
      async (request, reply) => {
        const journeyId = (await reportOf(request)).id;
        return reply.code(201).send(await keep(request, journeyId, assertSent));
      },
    );
  });

  app.get(
    '/journeys/:journeyType/documents',
    {
      schema: {
        tags,
        summary: 'The documents uploaded into the report',
        params: journeyTypeParamsSchema,
        response: { 200: z.object({ documents: z.array(bereavementDocumentSchema) }), ...errors },
      },
    },
    async (request) => ({ documents: (await documentsOf(db, (await reportOf(request)).id)).map(toDocument) }),
  );

  app.put(
    '/journeys/:journeyType/documents/:id',
    {
      schema: {
        tags,
        summary: 'Say what an uploaded document is (its type)',
        params: bereavementDocumentParamsSchema,
        body: bereavementDocumentUpdateSchema,
        response: { 200: bereavementDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const report = await reportOf(request);
      assertOpenAndProven(report);
      const [row] = await documentsOf(db, report.id, request.params.id);
      if (!row) throw documentNotFound();
      const [updated] = await db
        .update(bereavementDocuments)
        .set({ documentType: request.body.documentType })
        .where(eq(bereavementDocuments.id, row.id))
        .returning();
      return toDocument(updated!);
    },
  );

  /** Removes documents of a report not yet sent, their rows and then their files. */
  async function remove(report: ReportRow, id?: string) {
    if (report.status === 'Submitted')
      throw new AppError(409, 'report_sent', 'Your report has been sent: its documents are kept with it.');
    const removed = await db
      .delete(bereavementDocuments)
      .where(
        and(eq(bereavementDocuments.journeyId, report.id), id ? eq(bereavementDocuments.id, id) : undefined),
      )
      .returning();
    for (const row of removed) await store.remove(row.storeKey);
    return removed.length;
  }

  app.delete(
    '/journeys/:journeyType/documents/:id',
    {
      schema: {
        tags,
        summary: 'Remove a document from the report before it is sent',
        params: bereavementDocumentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if ((await remove(await reportOf(request), request.params.id)) === 0) throw documentNotFound();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/journeys/:journeyType/documents',
    {
      schema: {
        tags,
        summary: 'Remove every document from the report before it is sent',
        params: journeyTypeParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await remove(await reportOf(request));
      return reply.code(204).send(null);
    },
  );
}
