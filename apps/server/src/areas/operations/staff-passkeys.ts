import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import {
  passkeyRegistrationSchema,
  passkeyRegistrationStartSchema,
  passkeySchema,
  passkeySignInSchema,
  passkeySignInStartSchema,
  staffMemberSchema,
  staffPasskeyListSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { staffAccounts, staffPasskeys } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { relyingPartyOf } from '../passkeys/relying-party';
import {
  listedPasskeys,
  optionsToAdd,
  optionsToSignIn,
  passkeyNotFound,
  unknownPasskey,
  verifyAdded,
  verifySignIn,
  type PasskeyHolders,
  type StoredPasskey,
} from '../passkeys/service';
import { TOTP_ISSUER } from './staff-accounts';
import { auditStaff } from './staff-audit';
import {
  holdsTenant,
  openSignedInSession,
  otherTenant,
  presentedSessionHash,
  requireStaff,
} from './staff-session';

/**
 * Staff passkeys for the operations console: the members' ceremonies (areas/passkeys/service.ts) over
 * a table of their own (`portal.staff_passkeys`) and challenges of their own purposes, so a member's
 * passkey never opens the console nor a staff passkey the member site. A passkey with user
 * verification is both factors (something held, and a fingerprint, face or PIN), so it signs a member
 * of staff in alone, as the password and the authenticator code do together; a password alone never
 * does. docs/security.md "Staff passkeys".
 */
const tags = ['operations-console'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const ceremonyLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

const staffPasskey = (row: typeof staffPasskeys.$inferSelect): StoredPasskey => ({
  ...row,
  ownerId: row.staffId,
});

const staffHolders: PasskeyHolders = {
  ofOwner: async (db, staffId) =>
    (
      await db
        .select()
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staffId, staffId))
        .orderBy(asc(staffPasskeys.createdAt))
    ).map(staffPasskey),
  byCredential: async (db, credentialId) => {
    const [row] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, credentialId));
    return row && staffPasskey(row);
  },
  moveCounter: async (db, id, from, to, now) =>
    (
      await db
        .update(staffPasskeys)
        .set({ counter: to, lastUsedAt: now })
        .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.counter, from)))
        .returning({ id: staffPasskeys.id })
    ).length === 1,
};

/** Signing in with a passkey (before a session), and the signed-in staff member's own passkeys. */
export const staffPasskeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (parent, { db }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/sign-in/passkey/options',
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary:
          'Staff sign-in with a passkey, first step: options for the browser (any staff passkey of this site, user verification required), answered once within 5 minutes',
        response: { 200: passkeySignInStartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const options = await optionsToSignIn(db, relyingPartyOf(request), {
        purpose: 'staff-sign-in',
        tenantUrl: request.tenantUrl,
      });
      reply.header('cache-control', 'no-store');
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/sign-in/passkey',
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary: 'Staff sign-in with a passkey alone (user verification makes it both factors)',
        description:
          'The answer must sign a live challenge from /admin-api/sign-in/passkey/options, on this site’s origin, with user verification, from a staff passkey (a member’s is unknown here); otherwise 400 with passkey_challenge_invalid, passkey_origin_invalid, passkey_unknown, passkey_counter_invalid or passkey_invalid, audited, and no session. A passkey of another tenant’s member of staff (not one of every tenant) answers 403 staff_other_tenant, audited, and no session.',
        body: passkeySignInSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      let proven;
      try {
        proven = await verifySignIn(
          db,
          staffHolders,
          relyingPartyOf(request),
          { purpose: 'staff-sign-in', tenantUrl: request.tenantUrl },
          request.body.credential,
        );
      } catch (error) {
        await auditStaff(db, request, {
          action: 'staff_sign_in_passkey',
          outcome: 'failure',
          details: { reason: error instanceof AppError ? error.code : 'passkey' },
        });
        throw error;
      }
      const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, proven.ownerId));
      if (!account || account.disabledAt) {
        await auditStaff(db, request, {
          action: 'staff_sign_in_passkey',
          outcome: 'failure',
          staffId: proven.ownerId,
          details: { reason: 'disabled' },
        });
        throw unknownPasskey();
      }
      if (!holdsTenant(account, request.tenantUrl)) {
        await auditStaff(db, request, {
          action: 'staff_sign_in_passkey',
          outcome: 'denied',
          staffId: account.id,
          details: { reason: 'other_tenant', tenantUrl: request.tenantUrl, passkeyId: proven.passkeyId },
        });
        throw otherTenant();
      }
      await openSignedInSession(db, reply, account.id);
      await auditStaff(db, request, {
        action: 'staff_sign_in',
        outcome: 'success',
        staffId: account.id,
        details: { method: 'passkey', passkeyId: proven.passkeyId },
      });
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        role: account.role,
        tenantUrl: account.tenantUrl,
      };
    },
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preHandler', requireStaff(db));

    signedIn.get(
      '/passkeys',
      {
        schema: {
          tags,
          summary: 'Your passkeys for the console: name, when added and when last used',
          response: { 200: staffPasskeyListSchema, ...errors },
        },
      },
      async (request) => ({
        passkeys: listedPasskeys(await staffHolders.ofOwner(db, request.staff!.id)),
      }),
    );

    signedIn.post(
      '/passkeys/options',
      {
        config: ceremonyLimit,
        schema: {
          tags,
          summary:
            'Start adding a passkey for the console: options for the browser’s registration ceremony, whose challenge only this session can answer, once, within 5 minutes',
          response: { 200: passkeyRegistrationStartSchema, ...errors },
        },
      },
      async (request) => {
        const staff = request.staff!;
        const options = await optionsToAdd(
          db,
          staffHolders,
          relyingPartyOf(request),
          { ownerId: staff.id, username: staff.email, displayName: staff.name, rpName: TOTP_ISSUER },
          { purpose: 'staff-register', tenantUrl: request.tenantUrl, staffSessionHash: sessionHash(request) },
        );
        return { options: options as unknown as Record<string, unknown> };
      },
    );

    signedIn.post(
      '/passkeys',
      {
        config: ceremonyLimit,
        schema: {
          tags,
          summary:
            'Add the passkey the browser made for this session’s challenge (user verification required), under the name given',
          body: passkeyRegistrationSchema,
          response: { 201: passkeySchema, ...errors },
        },
      },
      async (request, reply) => {
        const staff = request.staff!;
        const party = relyingPartyOf(request);
        const { name } = request.body;
        let credential;
        try {
          credential = await verifyAdded(
            db,
            party,
            {
              purpose: 'staff-register',
              tenantUrl: request.tenantUrl,
              staffSessionHash: sessionHash(request),
            },
            request.body.credential,
          );
        } catch (error) {
          await auditStaff(db, request, {
            action: 'staff_passkey_add',
            outcome: 'failure',
            details: { reason: error instanceof AppError ? error.code : 'passkey' },
          });
          throw error;
        }
        const [kept] = await db
          .insert(staffPasskeys)
          .values({
            staffId: staff.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports,
            name,
            rpId: party.id,
          })
          .onConflictDoNothing({ target: staffPasskeys.credentialId })
          .returning();
        if (!kept)
          throw new AppError(
            409,
            'passkey_already_added',
            'This passkey has already been added to an account.',
          );
        await auditStaff(db, request, {
          action: 'staff_passkey_add',
          outcome: 'success',
          details: { passkeyId: kept.id, name },
        });
        return reply.code(201).send({
          id: kept.id,
          name: kept.name,
          createdAt: kept.createdAt.toISOString(),
          lastUsedAt: null,
        });
      },
    );

    signedIn.delete(
      '/passkeys/:id',
      {
        schema: {
          tags,
          summary: 'Removes one of your passkeys: it no longer signs you in',
          params: z.object({ id: z.uuid() }),
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const [removed] = await db
          .delete(staffPasskeys)
          .where(and(eq(staffPasskeys.id, request.params.id), eq(staffPasskeys.staffId, request.staff!.id)))
          .returning({ id: staffPasskeys.id, name: staffPasskeys.name });
        if (!removed) throw passkeyNotFound();
        await auditStaff(db, request, {
          action: 'staff_passkey_remove',
          outcome: 'success',
          details: { passkeyId: removed.id, name: removed.name },
        });
        return { ok: true as const };
      },
    );
  });
};

/** The signed-in session's token hash, which a passkey being added is bound to. */
function sessionHash(request: Parameters<typeof presentedSessionHash>[0]) {
  const hash = presentedSessionHash(request);
  if (!hash) throw new AppError(401, 'staff_session_missing', 'Sign in to the operations console.');
  return hash;
}
