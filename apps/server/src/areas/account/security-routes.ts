import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  accountSecuritySchema,
  passwordChangeSchema,
  personalPasswordInputs,
  SIGN_INS_PER_PAGE,
  signInPageQuerySchema,
  signInPageSchema,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sessions, signInEvents } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorResponses, notFound } from '../../lib/errors';
import { requirePassword } from '../my-details/change-defences';
import { sessionProblem, type SessionPolicy } from '../authentication/session-service';
import { findTenant } from '../tenancy/tenant-repository';
import { endProviderSession, endProviderSessions } from '../identity-provider/provider-sessions';
import { accountChanges } from './account-changes';
import { describeDevice, describePlace } from './devices';
import { passwordSetCommitted, setNewPassword } from './password-change';
import { signInMethods, signInPageOf } from './sign-in-events';
import { twoStepStatus } from '../two-step/service';

const sessionIdParams = z.object({ id: z.uuid() });

/** A sign-in event as the member reads it: method, browser and approximate place in words. */
const signInShown = (event: typeof signInEvents.$inferSelect, currentAddress: string) => ({
  occurredAt: event.occurredAt.toISOString(),
  outcome: event.outcome,
  method: signInMethods[event.method as keyof typeof signInMethods] ?? event.method,
  device: describeDevice(event.userAgent),
  place: describePlace(event.ipAddress, currentAddress),
});

/**
 * The member's Sign-in and security page: change the password, see where they are signed in (device,
 * approximate place, started, last seen) and sign out one session or all others, recent sign-ins.
 */
export const securityRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.addHook('preHandler', app.requireMember);
  const policy: SessionPolicy = {
    idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  };

  const { holderFor } = accountChanges(db);

  const liveSessionsOf = async (userId: string) => {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.lastActivityAt));
    return rows.filter((row) => sessionProblem(row, policy) === null);
  };

  app.get(
    '/account/security',
    {
      config: { beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary:
          'Sign-in and security: your username, two-step verification, where you are signed in and your sign-ins of the last 90 days',
        response: {
          200: accountSecuritySchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const member = request.member!;
      const holder = await holderFor(request);
      const [live, signIns, tenant] = await Promise.all([
        liveSessionsOf(member.userId),
        signInPageOf(db, member.userId),
        findTenant(db, request.tenantUrl),
      ]);
      return {
        username: holder.username,
        passwordInputs: personalPasswordInputs({ ...holder.member, username: holder.username }),
        sessions: live.map((session) => ({
          id: session.id,
          device: describeDevice(session.userAgent),
          place: describePlace(session.ipAddress, request.ip),
          startedAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastActivityAt.toISOString(),
          current: session.id === member.session.id,
        })),
        recentSignIns: signIns!.events.map((event) => signInShown(event, request.ip)),
        olderSignIns: signIns!.olderSignIns,
        twoStep: await twoStepStatus(db, member.userId, Boolean(tenant?.requireTwoStep)),
      };
    },
  );

  app.get(
    '/account/sign-ins',
    {
      config: { beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary: `Older sign-ins of the last 90 days, ${SIGN_INS_PER_PAGE} at a time, newest first`,
        description:
          'before: the olderSignIns of the page before (from /account/security or this route). One that is not among your sign-ins of the last 90 days answers 404 sign_ins_not_found.',
        querystring: signInPageQuerySchema,
        response: {
          200: signInPageSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const page = await signInPageOf(db, request.member!.userId, request.query.before);
      if (!page)
        throw notFound(
          'sign_ins_not_found',
          'These sign-ins are no longer shown. Go back to Sign-in and security to see your recent sign-ins.',
        );
      return {
        signIns: page.events.map((event) => signInShown(event, request.ip)),
        olderSignIns: page.olderSignIns,
      };
    },
  );

  app.post(
    '/account/password',
    {
      schema: {
        tags: ['authentication'],
        summary:
          'Change your password: the current one, then a new one the password rule accepts; your other sessions end and every contact route on file is told',
        body: passwordChangeSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      await requirePassword(db, request, request.body.currentPassword);
      const holder = await holderFor(request);
      const tenantName = (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';
      const set = await db.transaction((tx) =>
        setNewPassword(tx, request, {
          holder,
          password: request.body.newPassword,
          keepSessionId: member.session.id,
          notice: {
            subject: `Your ${tenantName} password has been changed`,
            body: `The password of your ${tenantName} account (${holder.username}) was changed while signed in, and every other sign-in to it has been ended.`,
          },
        }),
      );
      await passwordSetCommitted(request, set);
      await audit(db, request, {
        action: 'password_change',
        outcome: 'success',
        userId: member.userId,
        details: { endedSessions: set.ended.length, endedProviderSessions: set.providerSessions },
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: {
        tags: ['authentication'],
        summary:
          'Sign out one of your sessions (on another device, or this one), and the embedded OpenID provider’s sign-in it was opened from',
        params: sessionIdParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      // A session opened from the provider's sign-in ends that sign-in too: else the browser holding it
      // would be let through the provider again without its password.
      const { ended, providerSessions } = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: 'signed_out_by_member' })
          .where(
            and(
              eq(sessions.id, request.params.id),
              eq(sessions.userId, member.userId),
              isNull(sessions.revokedAt),
            ),
          )
          .returning({ id: sessions.id, providerSid: sessions.providerSid });
        return {
          ended: row,
          providerSessions: row?.providerSid
            ? await endProviderSession(tx, member.userId, row.providerSid)
            : 0,
        };
      });
      if (!ended) throw notFound('session_not_found', 'This session has already ended or is not yours.');
      await app.sessionCache.changed(ended.id);
      await audit(db, request, {
        action: 'session_sign_out',
        outcome: 'success',
        userId: member.userId,
        details: {
          sessionId: ended.id,
          current: ended.id === member.session.id,
          endedProviderSessions: providerSessions,
        },
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/sessions/sign-out-others',
    {
      schema: {
        tags: ['authentication'],
        summary:
          'Sign out everywhere else: every session but this one ends, and every sign-in the embedded OpenID provider holds for you',
        response: {
          200: z.object({ ended: z.number().int() }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const member = request.member!;
      // A browser signed in on the provider's page would otherwise be let through it again, silently.
      const { ended, providerSessions } = await db.transaction(async (tx) => ({
        ended: await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: 'signed_out_by_member' })
          .where(
            and(
              eq(sessions.userId, member.userId),
              isNull(sessions.revokedAt),
              ne(sessions.id, member.session.id),
            ),
          )
          .returning({ id: sessions.id }),
        providerSessions: await endProviderSessions(tx, member.userId),
      }));
      for (const session of ended) await app.sessionCache.changed(session.id);
      await audit(db, request, {
        action: 'session_sign_out_others',
        outcome: 'success',
        userId: member.userId,
        details: { ended: ended.length, endedProviderSessions: providerSessions },
      });
      return { ended: ended.length };
    },
  );
};
