import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  nominationBodySchema,
  nominationProblems,
  nominationSaveBodySchema,
  nominationSchema,
  pendingChangeSchema,
  recordQuerySchema,
  relationshipStatuses,
  relationshipStatusesResponseSchema,
  type Beneficiary,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, errorResponses, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Messaging } from '../../lib/messaging';
import {
  NONCE_HEADER,
  confirmOneTimeCode,
  confirmationErrors,
  pendingChange,
  resendToSameRoute,
  sendOneTimeCode,
  type CodeMessage,
} from '../../lib/one-time-codes';
import { fileForMember } from '../documents/library';
import { findMember } from '../member-data/member-repository';
import {
  defencesOf,
  noStableRoute,
  noticeToEveryRoute,
  refuseUnsettledCodeRoute,
  stableCodeRoute,
} from '../my-details/change-defences';
import { activeNomination, replaceNomination, type MemberRecord } from './repository';
import { renderNominationPdf } from './nomination-pdf';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['beneficiaries'];
const PURPOSE = 'beneficiaries-change';
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });

const stepUpMessage: CodeMessage = {
  subject: 'Your code to confirm your beneficiaries',
  body: 'Your code to confirm the change to your beneficiaries is {code}. It works for {minutes}. If you did not ask for it, do not share it and call us straight away.',
};

/** JSON with object keys sorted: the stored payload (jsonb reorders keys) compared with the request. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const today = () => new Date().toISOString().slice(0, 10);

/** Refuses a nomination the rules do not allow: shares not exactly 100%, two pension beneficiaries, and the rest. */
function checkedNomination(list: Beneficiary[]): Beneficiary[] {
  const problems = nominationProblems(list, today());
  if (problems.length > 0) {
    const [first, ...rest] = problems;
    throw new AppError(400, first!.code, first!.message, rest);
  }
  return list;
}

/** The nomination (expression of wish): read, step-up, save with its PDF, and download. */
export const beneficiaryRoutes: FastifyPluginAsyncZod<{ db: Database; messaging: Messaging }> = async (
  app,
  { db, messaging },
) => {
  app.addHook('preHandler', app.requireMember);

  const recordOf = (request: FastifyRequest): MemberRecord => ({
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  });
  const ownerOf = (request: FastifyRequest) => ({ userId: request.member!.userId, ...recordOf(request) });

  async function memberOf(request: FastifyRequest) {
    const record = recordOf(request);
    const found = await findMember(db, record.businessGroup, record.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, request.member!.userId));
    const email = found.member.email ?? user?.email ?? null;
    return { ...found.member, email, name: `${found.member.forenames} ${found.member.surname}` };
  }

  async function nominationPdf(request: FastifyRequest, list: Beneficiary[], madeOn: string) {
    const member = await memberOf(request);
    return renderNominationPdf({
      memberName: member.name,
      referenceNumber: member.referenceNumber,
      madeOn,
      beneficiaries: list,
    });
  }

  app.get(
    '/tenants/relationship-statuses',
    {
      schema: {
        tags,
        summary: 'The relationships a beneficiary may have, with the colour group the list shows',
        response: { 200: relationshipStatusesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ relationshipStatuses: relationshipStatuses.map((status) => ({ ...status })) }),
  );

  app.get(
    '/members/current/beneficiaries',
    {
      schema: {
        tags,
        summary: 'Your active nomination: who receives what if you die, and when it was made',
        response: { 200: nominationSchema, ...errors },
      },
    },
    async (request) => activeNomination(db, recordOf(request)),
  );

  app.post(
    '/members/current/beneficiaries/confirmation/send',
    {
      schema: {
        tags,
        summary: `Step-up for a new nomination: checks it and sends a code to a contact route unchanged for the tenant's stable-route days (email, mobile, else a letter); the nonce goes in ${NONCE_HEADER} on save`,
        body: nominationBodySchema,
        response: { 200: pendingChangeSchema, ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      const list = checkedNomination(request.body.beneficiaries);
      const member = await memberOf(request);
      const route = stableCodeRoute(member, await defencesOf(db, request));
      if (!route) throw noStableRoute();
      const pending = await sendOneTimeCode(db, messaging, {
        owner: ownerOf(request),
        purpose: PURPOSE,
        channel: route.channel,
        destination: route.destination,
        payload: { beneficiaries: list, sentTo: route.shown },
        message: stepUpMessage,
      });
      return { ...pending, channel: route.channel, sentTo: route.shown, currentRouteSentTo: null };
    },
  );

  app.post(
    '/members/current/beneficiaries/confirmation/resend',
    {
      schema: {
        tags,
        summary: 'A new step-up code for the pending nomination (after the cool-down)',
        headers: nonceHeaders,
        response: { 200: pendingChangeSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => {
      return resendToSameRoute(db, messaging, {
        owner: ownerOf(request),
        purpose: PURPOSE,
        nonce: request.headers[NONCE_HEADER],
        message: stepUpMessage,
      });
    },
  );

  app.put(
    '/members/current/beneficiaries',
    {
      schema: {
        tags,
        summary:
          'Save a nomination with the step-up code: the active one is revoked, the new one kept, a PDF of it put in your documents, and you are emailed',
        headers: nonceHeaders,
        body: nominationSaveBodySchema,
        response: { 200: nominationSchema, ...errors },
      },
    },
    async (request) => {
      const { code, beneficiaries: submitted } = request.body;
      const list = checkedNomination(submitted);
      const record = recordOf(request);
      const member = await memberOf(request);
      const previous = await activeNomination(db, record);
      const now = new Date();
      refuseUnsettledCodeRoute(
        await pendingChange(db, ownerOf(request), PURPOSE, request.headers[NONCE_HEADER]),
        member,
        await defencesOf(db, request),
      );
      const notices = await confirmOneTimeCode(
        db,
        { owner: ownerOf(request), purpose: PURPOSE, nonce: request.headers[NONCE_HEADER], code },
        async (tx, payload) => {
          if (canonical(payload.beneficiaries) !== canonical(list)) {
            throw new AppError(
              400,
              confirmationErrors.invalid,
              'This code was sent for a different nomination. Ask for a new code.',
            );
          }
          const queued = await noticeToEveryRoute(tx, request.log, member, {
            subject: 'Your beneficiaries are being changed',
            body:
              list.length > 0
                ? `Your nomination of ${list.length} ${list.length === 1 ? 'beneficiary' : 'beneficiaries'} is being saved in place of the one you had. A copy will be in your documents.`
                : 'Your nomination is being removed: you will have no beneficiaries.',
          });
          await replaceNomination(tx, record, list, now);
          return queued;
        },
      ).catch(async (error: unknown) => {
        await audit(db, request, { action: 'beneficiaries_change', outcome: 'failure', ...ownerOf(request) });
        throw error;
      });
      await audit(db, request, {
        action: 'beneficiaries_change',
        outcome: 'success',
        ...ownerOf(request),
        details: { before: previous.beneficiaries.length, after: list.length },
      });
      if (list.length > 0) {
        const madeOn = now.toISOString();
        await fileForMember(request, {
          name: `expression-of-wish-${madeOn.slice(0, 10)}.pdf`,
          type: 'Expression of wish',
          kind: 'nomination',
          bytes: await nominationPdf(request, list, madeOn),
        });
      }
      await messaging.deliverQueued(notices);
      return activeNomination(db, record);
    },
  );

  app.get(
    '/members/current/beneficiaries/download',
    {
      schema: {
        tags,
        summary: 'Your active nomination as a PDF, with the date it was made',
        querystring: recordQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const nomination = await activeNomination(db, recordOf(request));
      if (nomination.beneficiaries.length === 0 || !nomination.nominatedAt) {
        throw notFound('beneficiaries_not_found', 'You have not nominated anyone yet.');
      }
      const list = nomination.beneficiaries.map(
        ({ id: _id, nominatedAt: _at, ...beneficiary }) => beneficiary as Beneficiary,
      );
      const pdf = await nominationPdf(request, list, nomination.nominatedAt);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="expression-of-wish.pdf"')
        .send(Buffer.from(pdf));
    },
  );
};
