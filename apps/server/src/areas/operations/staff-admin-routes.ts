import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  newStaffAccountSchema,
  staffAccountAddedSchema,
  staffAccountListSchema,
  staffAccountParamsSchema,
  staffRoleChangeSchema,
  staffSetUpDoneSchema,
  staffSetUpSchema,
} from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { staffAccounts, staffAudit, staffPasskeys } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { requireAcceptablePassword } from '../account/password-rule';
import { findTenant } from '../tenancy/tenant-repository';
import {
  accountForSetUp,
  completeSetUp,
  inviteStaffByEmail,
  lockForChange,
  setStaffDisabled,
  STAFF_SETUP_HOURS,
} from './staff-accounts';
import { auditStaff, type StaffAuditEntry } from './staff-audit';
import type { SignedInStaff } from './staff-session';
import { administratorsOnly, done, routeErrors as errors } from './console-route-parts';

const tags = ['operations-console'];

/** The audit action of each administrator's route, for a refusal before its handler runs. */
const auditActions: Record<string, string> = {
  'GET /admin-api/staff-accounts': 'staff_accounts_view',
  'POST /admin-api/staff-accounts': 'staff_account_add',
  'POST /admin-api/staff-accounts/:staffId/role': 'staff_account_role',
  'POST /admin-api/staff-accounts/:staffId/disable': 'staff_account_disable',
  'POST /admin-api/staff-accounts/:staffId/enable': 'staff_account_enable',
};

/** Accounts an administrator manages: their tenant's (every account for an administrator of every tenant). */
const inScope = (staff: SignedInStaff) =>
  staff.tenantUrl === null ? undefined : eq(staffAccounts.tenantUrl, staff.tenantUrl);

/** A refusal inside a transaction: audited after the transaction is rolled back, then answered. */
class Refusal extends AppError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly audit: StaffAuditEntry,
  ) {
    super(statusCode, code, message);
  }
}

/** Runs a change in a transaction; a refusal is audited outside it (so its entry stays). */
async function inTransaction<T>(
  db: Database,
  request: FastifyRequest,
  work: (tx: Transaction) => Promise<T>,
) {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof Refusal) await auditStaff(db, request, error.audit);
    throw error;
  }
}

/**
 * Administrators' staff accounts page (/admin/staff): list, add (a set-up link emailed through the
 * outbox), change role, disable and enable; and the new member of staff's set-up step, before any
 * session. Every change is audited; none may leave a tenant without an administrator.
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (parent, { db }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('staff', null);

  app.post(
    '/set-up',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'A member of staff added in the console sets their password with the one-time token from their set-up email',
        description:
          'Then they sign in with it and set up their authenticator app (shown after the password, as at any first sign-in). A token that is unknown, used, expired or a disabled account’s: 400 staff_setup_invalid; a password the rule refuses: 400 with the rule’s code.',
        body: staffSetUpSchema,
        response: { 200: staffSetUpDoneSchema, ...errors },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      return inTransaction(db, request, async (tx) => {
        const account = await accountForSetUp(tx, token);
        if (!account)
          throw new Refusal(
            400,
            'staff_setup_invalid',
            'This set-up link has expired or been used. Ask your administrator to add you again.',
            { action: 'staff_setup', outcome: 'failure', details: { reason: 'token_invalid' } },
          );
        await requireAcceptablePassword(
          password,
          { forenames: account.name, username: account.email.split('@')[0] },
          account.passwordHash,
        );
        await completeSetUp(tx, account.id, password);
        await auditStaff(tx, request, {
          action: 'staff_setup',
          outcome: 'success',
          staffId: account.id,
          tenantUrl: account.tenantUrl ?? request.tenantUrl,
        });
        return { email: account.email };
      });
    },
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    administratorsOnly(signedIn, db, auditActions, 'staff_accounts');

    /**
     * The account in the administrator's scope, locked for the change, and whether another enabled
     * administrator would still cover its tenant without it; 404 (audited) when it is not in scope.
     */
    async function managedAccount(tx: Transaction, request: FastifyRequest, staffId: string, action: string) {
      const { account, anotherAdministrator } = await lockForChange(tx, staffId);
      const staff = request.staff!;
      if (account && (staff.tenantUrl === null || account.tenantUrl === staff.tenantUrl))
        return { account, anotherAdministrator };
      throw new Refusal(404, 'staff_account_not_found', 'There is no such member of staff.', {
        action,
        outcome: 'failure',
        details: { staffId, reason: 'not_found' },
      });
    }

    /** Refuses (409, audited) a change an administrator makes to their own account. */
    function notSelf(request: FastifyRequest, staffId: string, action: string) {
      if (staffId !== request.staff!.id) return;
      throw new Refusal(
        409,
        'staff_account_self',
        'You cannot change your own account here. Ask another administrator.',
        { action, outcome: 'failure', details: { staffId, reason: 'self' } },
      );
    }

    /** Refuses (409, audited) a change that would leave the account's tenant without an administrator. */
    function keepsAnAdministrator(
      { account, anotherAdministrator }: Awaited<ReturnType<typeof lockForChange>>,
      action: string,
    ) {
      if (!account || account.role !== 'administrator' || account.disabledAt || anotherAdministrator) return;
      throw new Refusal(
        409,
        'last_administrator',
        'This is the last administrator. Make someone else an administrator first.',
        {
          action,
          outcome: 'failure',
          tenantUrl: account.tenantUrl,
          details: { staffId: account.id, reason: 'last_administrator' },
        },
      );
    }

    signedIn.get(
      '/staff-accounts',
      {
        schema: {
          tags,
          summary:
            'Staff accounts the administrator manages (their tenant’s; every account for an administrator of every tenant), with last sign-in and second factor (administrators)',
          response: { 200: staffAccountListSchema, ...errors },
        },
      },
      async (request) => {
        // Qualified by hand: in a query of one table drizzle leaves column names bare, which inside these
        // subqueries would name the subquery's own table.
        const account = sql.raw('"staff_accounts"."id"');
        const lastSignIn = sql<
          string | null
        >`(select max(a.at) from ${staffAudit} a where a.staff_id = ${account} and a.action = 'staff_sign_in' and a.outcome = 'success')`;
        const passkeys = sql<number>`(select count(*) from ${staffPasskeys} p where p.staff_id = ${account})`;
        const rows = await db
          .select({ account: staffAccounts, lastSignIn, passkeys })
          .from(staffAccounts)
          .where(inScope(request.staff!))
          .orderBy(staffAccounts.name, staffAccounts.email)
          .limit(1000);
        await auditStaff(db, request, {
          action: 'staff_accounts_view',
          outcome: 'success',
          details: { shown: rows.length },
        });
        const now = new Date();
        return {
          accounts: rows.map(({ account, lastSignIn: at, passkeys: count }) => ({
            id: account.id,
            name: account.name,
            email: account.email,
            role: account.role,
            tenantUrl: account.tenantUrl,
            lastSignInAt: at === null ? null : new Date(at).toISOString(),
            secondFactor: account.totpEnrolled || Number(count) > 0,
            setupPending:
              account.setupTokenHash !== null &&
              account.setupExpiresAt !== null &&
              account.setupExpiresAt > now,
            disabledAt: account.disabledAt?.toISOString() ?? null,
            createdAt: account.createdAt.toISOString(),
          })),
        };
      },
    );

    signedIn.post(
      '/staff-accounts',
      {
        schema: {
          tags,
          summary:
            'Adds a member of staff, who is emailed a one-time link to set their password and then sets up their authenticator app at first sign-in (administrators)',
          description: `The link works for ${STAFF_SETUP_HOURS} hours. A tenant’s administrator adds staff of their tenant only (another tenant, or every tenant: 403 staff_tenant_not_allowed); an unknown tenant 400 tenant_unknown; an email already used 409 staff_email_taken.`,
          body: newStaffAccountSchema,
          response: { 201: staffAccountAddedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const staff = request.staff!;
        const { name, email, role, tenantUrl } = request.body;
        if (staff.tenantUrl !== null && tenantUrl !== staff.tenantUrl) {
          await auditStaff(db, request, {
            action: 'staff_account_add',
            outcome: 'denied',
            details: { email, tenantUrl, reason: 'tenant_not_allowed' },
          });
          throw new AppError(403, 'staff_tenant_not_allowed', 'You can add staff of your own scheme only.');
        }
        const tenant = tenantUrl === null ? null : await findTenant(db, tenantUrl);
        if (tenantUrl !== null && !tenant) {
          await auditStaff(db, request, {
            action: 'staff_account_add',
            outcome: 'failure',
            details: { email, tenantUrl, reason: 'tenant_unknown' },
          });
          throw new AppError(400, 'tenant_unknown', `There is no scheme at ${tenantUrl}.`);
        }
        try {
          const added = await db.transaction(async (tx) => {
            const invited = await inviteStaffByEmail(
              tx,
              request.log,
              { name, email, role, tenantUrl },
              {
                schemeName: tenant?.tenantName ?? 'Meridian',
                origin: `${request.protocol}://${request.host}`,
                originTenant: request.tenantUrl,
                addedBy: { name: staff.name, email: staff.email },
              },
            );
            await auditStaff(tx, request, {
              action: 'staff_account_add',
              outcome: 'success',
              tenantUrl,
              details: { staffId: invited.id, email, role, tenantUrl },
            });
            return invited;
          });
          return reply.code(201).send({ id: added.id, setupExpiresAt: added.setupExpiresAt.toISOString() });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          await auditStaff(db, request, {
            action: 'staff_account_add',
            outcome: 'failure',
            details: { email, reason: 'email_taken' },
          });
          throw new AppError(409, 'staff_email_taken', `${email} already has a staff account.`);
        }
      },
    );

    signedIn.post(
      '/staff-accounts/:staffId/role',
      {
        schema: {
          tags,
          summary: 'Changes a member of staff’s role, at once (administrators)',
          description:
            'Not one’s own (409 staff_account_self), nor the last administrator of a tenant to another role (409 last_administrator); another tenant’s account 404 staff_account_not_found.',
          params: staffAccountParamsSchema,
          body: staffRoleChangeSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        const { staffId } = request.params;
        const { role } = request.body;
        await inTransaction(db, request, async (tx) => {
          const locked = await managedAccount(tx, request, staffId, 'staff_account_role');
          const { account } = locked;
          notSelf(request, staffId, 'staff_account_role');
          if (role !== 'administrator') keepsAnAdministrator(locked, 'staff_account_role');
          await tx.update(staffAccounts).set({ role }).where(eq(staffAccounts.id, staffId));
          await auditStaff(tx, request, {
            action: 'staff_account_role',
            outcome: 'success',
            tenantUrl: account.tenantUrl,
            details: { staffId, email: account.email, before: account.role, after: role },
          });
        });
        return { ok: true as const };
      },
    );

    for (const [path, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const)
      signedIn.post(
        `/staff-accounts/:staffId/${path}`,
        {
          schema: {
            tags,
            summary: disabled
              ? 'Disables a member of staff: they cannot sign in any way, and their sessions end at once (administrators)'
              : 'Lets a disabled member of staff sign in again (administrators)',
            description: disabled
              ? 'Not one’s own (409 staff_account_self), nor a tenant’s last administrator (409 last_administrator); another tenant’s account 404 staff_account_not_found.'
              : 'Another tenant’s account 404 staff_account_not_found.',
            params: staffAccountParamsSchema,
            response: { 200: done, ...errors },
          },
        },
        async (request) => {
          const action = `staff_account_${path}`;
          const { staffId } = request.params;
          await inTransaction(db, request, async (tx) => {
            const locked = await managedAccount(tx, request, staffId, action);
            const { account } = locked;
            if (disabled) {
              notSelf(request, staffId, action);
              keepsAnAdministrator(locked, action);
            }
            await setStaffDisabled(tx, staffId, disabled);
            await auditStaff(tx, request, {
              action,
              outcome: 'success',
              tenantUrl: account.tenantUrl,
              details: { staffId, email: account.email },
            });
          });
          return { ok: true as const };
        },
      );
  });
};
