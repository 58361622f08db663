import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc } from 'drizzle-orm';
import { memberCaseSchema, type MemberCase } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberCases } from '../../db/schema';
import { memberOf } from '../journeys/actions';
import { casesOf } from './case-ownership';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['journeys'];

/**
 * A record's cases with the scheme (applications and requests), newest first, as My requests lists
 * them (and the console's member view shows them).
 */
export async function casesOfRecord(
  db: Database,
  record: { businessGroup: string; referenceNumber: string },
): Promise<MemberCase[]> {
  // Not the summary PDF each submitted case keeps: a list has no use for it.
  const rows = await db
    .select({
      caseNumber: memberCases.caseNumber,
      caseType: memberCases.caseType,
      title: memberCases.title,
      status: memberCases.status,
      createdAt: memberCases.createdAt,
      updatedAt: memberCases.updatedAt,
      documents: memberCases.documents,
      journeyType: memberCases.journeyType,
      memberNote: memberCases.memberNote,
      closedAt: memberCases.closedAt,
    })
    .from(memberCases)
    .where(casesOf(record))
    .orderBy(desc(memberCases.createdAt));
  return rows.map((row) => ({
    caseNumber: row.caseNumber,
    caseType: row.caseType,
    title: row.title,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    documents: row.documents.map((document) => ({
      name: document.name,
      status: memberCaseSchema.shape.documents.element.shape.status.parse(document.status),
    })),
    journeyType: row.journeyType,
    memberNote: row.memberNote,
    closed: row.closedAt !== null,
  }));
}

/** The member's cases with the scheme (applications and requests), as My requests lists them. */
export const caseRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/cases',
    {
      schema: {
        tags,
        summary: 'The member’s cases (applications and requests) with status, dates and documents',
        response: { 200: z.object({ cases: z.array(memberCaseSchema) }), ...errors },
      },
    },
    async (request) => ({ cases: await casesOfRecord(db, memberOf(request)) }),
  );
};
