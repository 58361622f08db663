import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  changeDefencesOf,
  passwordResetConfirmSchema,
  passwordResetStartSchema,
  recoveryAcceptedSchema,
  usernameReminderSchema,
  type TenantContent,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { members, oneTimeCodes, userRecords, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { loggableError } from '../../lib/logging';
import type { Messaging } from '../../lib/messaging';
import { AppError, errorResponses } from '../../lib/errors';
import {
  confirmationErrors,
  confirmOneTimeCode,
  sendOneTimeCode,
  type CodeMessage,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { tooManyRequests } from '../../plugins/rate-limits';
import { letterRecipient } from '../../lib/service-notices';
import { stableCodeRoute } from '../my-details/change-defences';
import { findTenant } from '../tenancy/tenant-repository';
import { holderNamed, type AccountHolder } from './account-holder';
import { passwordSetCommitted, setNewPassword } from './password-change';

/** Forgotten-password starts one account name may take in an hour, from every address together. */
export const RESET_STARTS_PER_HOUR = 5;
/** Forgotten-username requests one reference number may make in an hour, from every address together. */
export const USERNAME_REMINDERS_PER_HOUR = 5;
/**
 * Every forgotten-password and forgotten-username answer goes out this long after the account's work
 * began, so that the work done for a real account (a code written and sent) does not time apart from an
 * unknown one. The starts answer at this time whatever the work is doing (it goes on after the answer);
 * the confirmation, whose answer depends on the work, answers no sooner. 400 ms was too short for the
 * work on a busy server (a code written in 742 ms on a loaded PGlite).
 */
export const UNIFORM_ANSWER_MS = 1000;

const PURPOSE = 'password-reset';

/** The one refusal for a code that does not work, for an unknown account as for a real one. */
const codeRefused = () =>
  new AppError(
    400,
    confirmationErrors.invalid,
    'The security code is not right or no longer works. Check it, or ask for a new one.',
  );

const codeProblems = new Set<string>(Object.values(confirmationErrors));
const passwordRuleCodes = new Set([
  'password_too_short',
  'password_personal',
  'password_breached',
  'password_too_weak',
  'password_reused',
]);

const ownerOf = (holder: AccountHolder): CodeOwner => ({
  userId: holder.userId,
  businessGroup: holder.member.businessGroup,
  referenceNumber: holder.member.referenceNumber,
});

/**
 * Work that goes on after its answer went out. A failure is logged (never an unhandled rejection), and
 * a stopping server waits for what is still running (`settled`, in the routes' onClose hook, which runs
 * once the requests in flight have ended and before the job worker and the database close).
 */
function afterAnswers() {
  const running = new Set<Promise<void>>();
  return {
    keep(request: FastifyRequest, failure: string, work: Promise<unknown>) {
      const kept: Promise<void> = work.then(
        () => undefined,
        (error: unknown) => request.log.error({ failure: loggableError(error as Error) }, failure),
      );
      running.add(kept);
      void kept.finally(() => running.delete(kept));
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
type AfterAnswers = ReturnType<typeof afterAnswers>;

/**
 * A forgotten-password or forgotten-username start: the work begins and the answer goes out
 * UNIFORM_ANSWER_MS later, whatever the work is doing. Work slower than that (a busy database, a slow
 * lookup) goes on after the answer, so a real account's answer leaves at the same time as an unknown
 * one's; the work's failure is logged, and the answer is the same.
 */
async function answerAtUniformTime(
  request: FastifyRequest,
  after: AfterAnswers,
  work: () => Promise<void>,
): Promise<void> {
  const deadline = sleep(UNIFORM_ANSWER_MS);
  after.keep(request, 'account recovery work failed', work());
  await deadline;
}

/**
 * Runs the work and answers no sooner than UNIFORM_ANSWER_MS after it started, whether it worked or
 * threw (the confirmation, whose answer is the work's). The messages the work sends through the
 * `Messaging` it is handed leave without being waited for (a failure is logged), so a slow mail server
 * or SMS provider does not set a real account's answer apart from an unknown one's.
 */
async function uniformly<T>(
  request: FastifyRequest,
  after: AfterAnswers,
  work: (messaging: Messaging) => Promise<T>,
): Promise<T> {
  const started = Date.now();
  const real = request.server.messaging;
  const unawaited = (send: () => Promise<void>) => {
    after.keep(request, 'account recovery message not sent', send());
    return Promise.resolve();
  };
  const messaging: Messaging = {
    sendEmail: (email) => unawaited(() => real.sendEmail(email)),
    sendSms: (sms) => unawaited(() => real.sendSms(sms)),
    sendLetter: (letter) => unawaited(() => real.sendLetter(letter)),
    deliverQueued: (queued) => unawaited(() => real.deliverQueued(queued)),
  };
  try {
    return await work(messaging);
  } finally {
    await sleep(Math.max(0, UNIFORM_ANSWER_MS - (Date.now() - started)));
  }
}

const normalisedInsuranceNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * Forgotten password and forgotten username, for a visitor on the sign-in page: a code or the username
 * goes only to the contact details the scheme holds, and the answer is the same, after the same time,
 * whether or not the details name an account. Docs: docs/security.md "Your account".
 */
export const recoveryRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tenantOf = async (request: FastifyRequest) => {
    const tenant = await findTenant(db, request.tenantUrl);
    if (!tenant) throw new AppError(404, 'tenant_not_found', 'No tenant is configured for this address.');
    return tenant;
  };
  const originOf = (request: FastifyRequest) => config.API_URL ?? `${request.protocol}://${request.host}`;
  const after = afterAnswers();
  // A child's onClose runs before the root's: the work ends before the job worker stops, and the
  // database closes after app.close() (main.ts), so a graceful stop lets it finish.
  app.addHook('onClose', () => after.settled());

  const resetMessage = (
    channel: 'email' | 'sms' | 'post',
    tenantName: string,
    origin: string,
  ): CodeMessage => {
    const notYou =
      'If you did not ask to reset your password, you need do nothing: your password has not changed.';
    if (channel === 'post') {
      return {
        subject: `Reset your ${tenantName} password`,
        body: `Your code to reset your password is {code}. Go to ${origin}/forgot-password/reset, enter your username with this code and choose a new password within {minutes}. ${notYou}`,
      };
    }
    return {
      subject: `Your ${tenantName} code to reset your password`,
      body: `Your code to reset your ${tenantName} password is {code}. It expires in {minutes} minutes. ${notYou}`,
    };
  };

  const startReset = async (request: FastifyRequest, named: string, tenant: TenantContent) => {
    const holder = await holderNamed(db, named, tenant.businessGroups);
    if (!holder) return { reason: 'no_match', holder: null };
    const route = stableCodeRoute(holder.member, changeDefencesOf(tenant));
    if (!route) return { reason: 'no_stable_route', holder };
    try {
      await sendOneTimeCode(db, app.messaging, {
        owner: ownerOf(holder),
        purpose: PURPOSE,
        channel: route.channel,
        destination: route.destination,
        payload: {},
        message: resetMessage(route.channel, tenant.tenantName, originOf(request)),
      });
      return { reason: `code_sent_${route.channel}`, holder };
    } catch (error) {
      // The code sent a moment ago still works: the member is not told apart from anyone else.
      if (error instanceof AppError && error.code === confirmationErrors.resendTooSoon)
        return { reason: 'code_sent_recently', holder };
      throw error;
    }
  };

  const remindUsername = async (
    request: FastifyRequest,
    { referenceNumber, dateOfBirth, insuranceNumber }: z.infer<typeof usernameReminderSchema>,
    tenant: TenantContent,
  ) => {
    const [found] = await db
      .select({ member: members, username: users.username })
      .from(members)
      .leftJoin(
        userRecords,
        and(
          eq(userRecords.businessGroup, members.businessGroup),
          eq(userRecords.referenceNumber, members.referenceNumber),
        ),
      )
      .leftJoin(users, eq(users.id, userRecords.userId))
      .where(
        and(
          eq(members.referenceNumber, referenceNumber),
          eq(members.dateOfBirth, dateOfBirth),
          sql`upper(replace(${members.insuranceNumber}, ' ', '')) = ${normalisedInsuranceNumber(insuranceNumber)}`,
        ),
      );
    if (!found || !tenant.businessGroups.includes(found.member.businessGroup)) return { reason: 'no_match' };
    const { member, username } = found;
    const origin = originOf(request);
    const text = username
      ? `Your ${tenant.tenantName} username is ${username}. Sign in at ${origin}/login.`
      : `Someone asked for the username of your ${tenant.tenantName} account, but you do not have an account yet. Create one at ${origin}/register.`;
    const body = `${text} If you did not ask for this, you need do nothing.`;
    const subject = `Your ${tenant.tenantName} username`;
    if (member.email) await app.messaging.sendEmail({ to: member.email, subject, body });
    else if (member.mobilePhone) await app.messaging.sendSms({ to: member.mobilePhone, body });
    else await app.messaging.sendLetter({ to: letterRecipient(member), subject, body });
    return { reason: username ? 'username_sent' : 'no_account', member };
  };

  app.post(
    '/account/password-reset/start',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Forgotten password: a code goes to the contact details held for the username or email address (email, else text, else letter); the same answer whether or not it names an account',
        body: passwordResetStartSchema,
        response: {
          202: recoveryAcceptedSchema,
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const tenant = await tenantOf(request);
      const named = request.body.account.toLowerCase();
      const taken = await app.attemptCounters.take(
        'password-reset',
        `${tenant.tenantUrl}:${named}`,
        RESET_STARTS_PER_HOUR,
      );
      if (!taken.allowed) throw tooManyRequests();
      await answerAtUniformTime(request, after, async () => {
        const outcome = await startReset(request, named, tenant);
        await audit(db, request, {
          action: 'password_reset_start',
          outcome: outcome.holder ? 'success' : 'failure',
          userId: outcome.holder?.userId ?? null,
          businessGroup: outcome.holder?.member.businessGroup ?? null,
          referenceNumber: outcome.holder?.member.referenceNumber ?? null,
          details: { tenant: tenant.tenantUrl, reason: outcome.reason },
        });
      });
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/account/password-reset/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Forgotten password: the code and a new password; every session of the account ends and every contact route on file is told',
        body: passwordResetConfirmSchema,
        response: { 204: z.null(), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const tenant = await tenantOf(request);
      const { account, code, password } = request.body;
      try {
        const { holder, set } = await uniformly(request, after, async () => {
          const found = await holderNamed(db, account, tenant.businessGroups);
          const live = found ? await liveResetCode(db, ownerOf(found)) : null;
          if (!found || !live) throw codeRefused();
          return confirmOneTimeCode(
            db,
            { owner: ownerOf(found), purpose: PURPOSE, nonce: live, code },
            async (tx) => ({
              holder: found,
              set: await setNewPassword(tx, request, {
                holder: found,
                password,
                keepSessionId: null,
                notice: {
                  subject: `Your ${tenant.tenantName} password has been reset`,
                  body: `The password of your ${tenant.tenantName} account (${found.username}) was reset with a code we sent you, and every sign-in to it has been ended.`,
                },
              }),
            }),
          ).catch(async (error: unknown) => {
            if (!(error instanceof AppError)) throw error;
            // A right code with a password the rule refuses does not use up an attempt.
            if (passwordRuleCodes.has(error.code)) await giveAttemptBack(db, live);
            throw codeProblems.has(error.code) ? codeRefused() : error;
          });
        });
        await passwordSetCommitted(request, set);
        await audit(db, request, {
          action: 'password_reset',
          outcome: 'success',
          userId: holder.userId,
          businessGroup: holder.member.businessGroup,
          referenceNumber: holder.member.referenceNumber,
        });
        return reply.code(204).send(null);
      } catch (error) {
        if (error instanceof AppError) {
          await audit(db, request, {
            action: 'password_reset',
            outcome: 'failure',
            details: { tenant: tenant.tenantUrl, reason: error.code },
          });
        }
        throw error;
      }
    },
  );

  app.post(
    '/account/username-reminder',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Forgotten username: it goes to the contact details held for the record (email, else text, else letter); the same answer whether or not the details match',
        body: usernameReminderSchema,
        response: {
          202: recoveryAcceptedSchema,
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const tenant = await tenantOf(request);
      const { referenceNumber } = request.body;
      const taken = await app.attemptCounters.take(
        'username-reminder',
        `${tenant.tenantUrl}:${referenceNumber}`,
        USERNAME_REMINDERS_PER_HOUR,
      );
      if (!taken.allowed) throw tooManyRequests();
      await answerAtUniformTime(request, after, async () => {
        const outcome = await remindUsername(request, request.body, tenant);
        await audit(db, request, {
          action: 'username_reminder',
          outcome: outcome.reason === 'username_sent' ? 'success' : 'failure',
          businessGroup: outcome.member?.businessGroup ?? null,
          referenceNumber: outcome.member?.referenceNumber ?? null,
          details: { tenant: tenant.tenantUrl, reason: outcome.reason },
        });
      });
      return reply.code(202).send({ accepted: true as const });
    },
  );
};

/** The nonce of the account's reset code still waiting, if any. */
async function liveResetCode(db: Database, owner: CodeOwner) {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, owner.userId),
        eq(oneTimeCodes.businessGroup, owner.businessGroup),
        eq(oneTimeCodes.referenceNumber, owner.referenceNumber),
        eq(oneTimeCodes.purpose, PURPOSE),
        sql`${oneTimeCodes.consumedAt} is null`,
      ),
    );
  return row?.id ?? null;
}

async function giveAttemptBack(db: Database, nonce: string) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`greatest(${oneTimeCodes.attempts} - 1, 0)` })
    .where(eq(oneTimeCodes.id, nonce));
}
