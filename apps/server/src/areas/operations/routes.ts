import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  assignCaseSchema,
  caseDetailSchema,
  caseNoteSchema,
  caseNumberParamsSchema,
  caseQueueOptionsSchema,
  caseQueueQuerySchema,
  caseQueueSchema,
  changeStatusSchema,
  completeCaseSchema,
  documentReceivedSchema,
  identityCheckListSchema,
  identityCheckQuerySchema,
  identityDecisionSchema,
  memberRecordParamsSchema,
  memberSearchQuerySchema,
  memberSearchResultSchema,
  memberViewSchema,
  rejectCaseSchema,
  requestDocumentSchema,
  staffCodeSchema,
  staffMemberSchema,
  staffRoleSchema,
  staffSignInAnswerSchema,
  staffSignInSchema,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberCases, staffAccounts } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { hashPassword, passwordMatches } from '../../lib/password-hashing';
import { generateSecret } from 'otplib';
import {
  actOnCase,
  assignableStaff,
  caseDetail,
  caseInScope,
  caseQueue,
  caseQueueOptions,
  requireRight,
  sendCaseFile,
} from './case-work';
import { decideIdentityCheck, identityDocument, pendingIdentityChecks } from './identity-checks';
import { searchMembers } from './member-search';
import { memberView } from './member-view';
import { otpauthUri } from './staff-accounts';
import { auditStaff } from './staff-audit';
import { openStaffSecret, sealPlainStaffSecrets, sealStaffSecret, staffSecretKey } from './staff-secrets';
import { consoleWorkRoutes } from './work-routes';
import { recurringJobRoutes } from './recurring-job-routes';
import { auditLogRoutes } from './audit-routes';
import { staffPasskeyRoutes } from './staff-passkeys';
import { staffSsoRoutes } from './staff-sso';
import type { StaffOidcConfig } from '../../config';
import {
  confirmCode,
  endStaffSession,
  holdsTenant,
  otherTenant,
  presentedSession,
  requireStaff,
  startStaffSession,
} from './staff-session';
import { done, routeErrors } from './console-route-parts';

const tags = ['operations-console'];
const errors = { ...routeErrors, ...errorResponses(429) };
const signInLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/**
 * Staff sign-in (password, then an authenticator-app code; or a passkey, staff-passkeys.ts) and case
 * work, under /admin-api.
 */
export const operationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
  secretsKey?: string;
  /** Staff single sign-on to the firm's OpenID provider, or null. */
  staffOidc?: StaffOidcConfig | null;
  /** The client secrets tenants' own staff providers name, by environment variable. */
  staffOidcSecrets?: Readonly<Record<string, string>>;
}> = async (app, { db, calculations, secretsKey, staffOidc = null, staffOidcSecrets = {} }) => {
  app.decorateRequest('staff', null);
  const secretKey = await staffSecretKey(db, secretsKey);
  const sealed = await sealPlainStaffSecrets(db, secretKey);
  if (sealed > 0) app.log.info({ sealed }, 'staff authenticator secrets sealed');
  // Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
  const absentHash = await hashPassword(generateSecret());

  app.post(
    '/sign-in',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Staff sign-in, first step: email and password (a code from the authenticator app follows)',
        description:
          'A wrong email or password answers 400 staff_sign_in_failed; the right password of a member of staff of another tenant than this host’s (not one of every tenant) answers 403 staff_other_tenant. Both audited, no session.',
        body: staffSignInSchema,
        response: { 200: staffSignInAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
      const right = await passwordMatches(account?.passwordHash ?? absentHash, request.body.password);
      if (!account || !right || account.disabledAt) {
        await auditStaff(db, request, {
          action: 'staff_sign_in_password',
          outcome: 'failure',
          staffId: account?.id ?? null,
          details: {
            email,
            reason: !account ? 'unknown_email' : account.disabledAt ? 'disabled' : 'wrong_password',
          },
        });
        throw new AppError(400, 'staff_sign_in_failed', 'The email address or password is not right.');
      }
      if (!holdsTenant(account, request.tenantUrl)) {
        await auditStaff(db, request, {
          action: 'staff_sign_in_password',
          outcome: 'denied',
          staffId: account.id,
          details: { email, reason: 'other_tenant', tenantUrl: request.tenantUrl },
        });
        throw otherTenant();
      }
      let enrolment = null;
      if (!account.totpEnrolled) {
        const secret = account.totpSecret ? openStaffSecret(secretKey, account.totpSecret) : generateSecret();
        if (!account.totpSecret)
          await db
            .update(staffAccounts)
            .set({ totpSecret: sealStaffSecret(secretKey, secret) })
            .where(eq(staffAccounts.id, account.id));
        enrolment = { secret, otpauthUri: otpauthUri(account.email, secret) };
      }
      await startStaffSession(db, reply, account.id);
      await auditStaff(db, request, {
        action: 'staff_sign_in_password',
        outcome: 'success',
        staffId: account.id,
        details: { enrolling: enrolment !== null },
      });
      return { next: 'code' as const, enrolment };
    },
  );

  app.post(
    '/sign-in/code',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Staff sign-in, second step: the 6-digit code from the authenticator app',
        description:
          'Answers 403 staff_other_tenant, audited, when the password stage belongs to another tenant’s member of staff than this host’s.',
        body: staffCodeSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await confirmCode(db, secretKey, request, reply, request.body.code);
      await auditStaff(db, request, { action: 'staff_sign_in', outcome: 'success', staffId: account.id });
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        role: account.role,
        tenantUrl: account.tenantUrl,
      };
    },
  );

  app.post(
    '/sign-out',
    { schema: { tags, summary: 'Ends the staff session', response: { 200: done, ...errors } } },
    async (request, reply) => {
      const found = await presentedSession(db, request);
      await endStaffSession(db, request, reply);
      if (found)
        await auditStaff(db, request, {
          action: 'staff_sign_out',
          outcome: 'success',
          staffId: found.account.id,
        });
      return { ok: true as const };
    },
  );

  await app.register(staffPasskeyRoutes, { db });
  await app.register(staffSsoRoutes, { db, sso: staffOidc, secrets: staffOidcSecrets, secretsKey });

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preHandler', requireStaff(db));
    await signedIn.register(consoleWorkRoutes, { db });
    await signedIn.register(recurringJobRoutes, { db });
    await signedIn.register(auditLogRoutes, { db });

    signedIn.get(
      '/me',
      {
        schema: {
          tags,
          summary: 'The signed-in member of staff',
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) => {
        const { id, name, email, role, tenantUrl } = request.staff!;
        return { id, name, email, role, tenantUrl };
      },
    );

    signedIn.get(
      '/staff',
      {
        schema: {
          tags,
          summary: 'Staff a case could be assigned to, in the caller’s tenant scope',
          response: {
            200: z.object({
              staff: z.array(
                z.object({
                  id: z.uuid(),
                  name: z.string(),
                  role: staffRoleSchema,
                  tenantUrl: z.string().nullable(),
                }),
              ),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read');
        return { staff: await assignableStaff(db, request.staff!) };
      },
    );

    signedIn.get(
      '/cases',
      {
        schema: {
          tags,
          summary:
            'The case queue, a page at a time: overdue first, then by deadline, then oldest; each case with its age and deadline, and how many match',
          querystring: caseQueueQuerySchema,
          response: { 200: caseQueueSchema, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read');
        const { cases, total } = await caseQueue(db, request.staff!, request.query);
        await auditStaff(db, request, {
          action: 'case_queue_view',
          outcome: 'success',
          details: { ...request.query, count: cases.length, total },
        });
        return { cases, total, page: request.query.page, limit: request.query.limit };
      },
    );

    signedIn.get(
      '/cases/filters',
      {
        schema: {
          tags,
          summary:
            'What the case queue can be filtered by: the case types in the staff member’s scope, with their names, and the tenants they may see',
          response: { 200: caseQueueOptionsSchema, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read');
        return caseQueueOptions(db, request.staff!);
      },
    );

    signedIn.get(
      '/identity-checks',
      {
        schema: {
          tags,
          summary:
            'Photo IDs waiting to be checked, a page at a time, oldest first, and how many wait (audited)',
          querystring: identityCheckQuerySchema,
          response: { 200: identityCheckListSchema, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read');
        const { checks, total } = await pendingIdentityChecks(db, request, request.query);
        return { checks, total, page: request.query.page, limit: request.query.limit };
      },
    );

    signedIn.get(
      '/identity-checks/:businessGroup/:referenceNumber/document',
      {
        schema: {
          tags,
          summary: 'The photo ID a member sent (the view is audited)',
          params: memberRecordParamsSchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        await requireRight(db, request, 'read');
        const file = await identityDocument(db, request, request.params);
        const stream = await app.documentLibrary.store.open(file.id);
        return reply
          .type(file.mediaType)
          .header('content-disposition', 'inline')
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    signedIn.post(
      '/identity-checks/:businessGroup/:referenceNumber/decision',
      {
        schema: {
          tags,
          summary: 'Confirms the photo ID, or refuses it with the reason the member reads',
          params: memberRecordParamsSchema,
          body: identityDecisionSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'work');
        const body = request.body;
        await decideIdentityCheck(
          db,
          request,
          request.params,
          body.outcome,
          body.outcome === 'failed' ? body.reason : null,
        );
        return { ok: true as const };
      },
    );

    signedIn.get(
      '/members',
      {
        schema: {
          tags,
          summary: 'Member search by reference, name, National Insurance number or date of birth (audited)',
          querystring: memberSearchQuerySchema,
          response: { 200: memberSearchResultSchema, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read');
        return { members: await searchMembers(db, request, request.query) };
      },
    );

    signedIn.get(
      '/members/:businessGroup/:referenceNumber',
      {
        schema: {
          tags,
          summary:
            'A member as they see themselves, read-only: summary, details, records, requests, documents and nomination (the view is audited; another tenant’s member is 404)',
          params: memberRecordParamsSchema,
          response: { 200: memberViewSchema, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read');
        return memberView(db, calculations, request, request.params);
      },
    );

    signedIn.get(
      '/cases/:caseNumber',
      {
        schema: {
          tags,
          summary:
            'A case: the member and record, their answers, documents, timeline and notes (the view is audited)',
          params: caseNumberParamsSchema,
          response: { 200: caseDetailSchema, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'read', request.params.caseNumber);
        return caseDetail(db, app.identityVerifier, request, request.params.caseNumber);
      },
    );

    signedIn.get(
      '/cases/:caseNumber/summary.pdf',
      {
        schema: {
          tags,
          summary: 'The application or request as the member sent it (PDF; the view is audited)',
          params: caseNumberParamsSchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const { caseNumber } = request.params;
        await requireRight(db, request, 'read', caseNumber);
        const found = await caseInScope(db, request, caseNumber);
        const [row] = await db
          .select({ pdf: memberCases.summaryPdf })
          .from(memberCases)
          .where(eq(memberCases.caseNumber, caseNumber));
        if (!row?.pdf) throw new AppError(404, 'case_pdf_not_found', 'This case has no PDF.');
        await auditStaff(db, request, {
          action: 'case_document_view',
          outcome: 'success',
          caseNumber,
          businessGroup: found.businessGroup,
          referenceNumber: found.referenceNumber,
          details: { document: 'summary' },
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${caseNumber}.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(row.pdf, 'base64'));
      },
    );

    signedIn.get(
      '/cases/:caseNumber/files/:fileId',
      {
        schema: {
          tags,
          summary:
            'A document sent with the case, by the member or by the visitor who opened it (a report of a death’s uploads); the view is audited',
          params: caseNumberParamsSchema.extend({ fileId: z.uuid() }),
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const { caseNumber, fileId } = request.params;
        await requireRight(db, request, 'read', caseNumber);
        return sendCaseFile(db, request, reply, { caseNumber, fileId, disposition: 'inline' });
      },
    );

    const action = <Body extends z.ZodType>(
      path: string,
      summary: string,
      body: Body,
      toAction: (body: z.infer<Body>, staffId: string) => Parameters<typeof actOnCase>[3],
    ) =>
      signedIn.post(
        `/cases/:caseNumber/${path}`,
        {
          schema: { tags, summary, params: caseNumberParamsSchema, body, response: { 200: done, ...errors } },
        },
        async (request) => {
          await actOnCase(
            db,
            request,
            request.params.caseNumber,
            toAction(request.body as z.infer<Body>, request.staff!.id),
          );
          return { ok: true as const };
        },
      );

    action(
      'assign',
      'Assigns the case (to me, to someone, or back to the queue)',
      assignCaseSchema,
      (body, me) => ({
        kind: 'assigned',
        assigneeId: body.to === 'me' ? me : body.to,
      }),
    );
    action(
      'status',
      'Moves the case to a status its state machine allows from where it stands, with a note the member reads in My requests',
      changeStatusSchema,
      (body) => ({
        kind: 'status',
        status: body.status,
        memberNote: body.memberNote,
      }),
    );
    action('notes', 'Adds a note for staff (the member does not see it)', caseNoteSchema, (body) => ({
      kind: 'note',
      note: body.note,
    }));
    action('complete', 'Completes the case, with a note the member reads', completeCaseSchema, (body) => ({
      kind: 'completed',
      memberNote: body.memberNote,
    }));
    action(
      'documents/received',
      'Marks a document the case lists as received',
      documentReceivedSchema,
      (body) => ({ kind: 'document_received', document: body.document }),
    );
    action(
      'documents/request',
      'Asks the member for another document, with a message they read in My requests',
      requestDocumentSchema,
      (body) => ({ kind: 'document_requested', document: body.document, memberNote: body.memberNote }),
    );
    action(
      'reject',
      'Rejects the case with the reason, which the member reads',
      rejectCaseSchema,
      (body) => ({
        kind: 'rejected',
        reason: body.reason,
      }),
    );
  });
};
