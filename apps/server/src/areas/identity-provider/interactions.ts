import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, InteractionResults } from 'oidc-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { tooManyRequests } from '../../plugins/rate-limits';
import { codeChannels, passkeyAuthenticationResponseSchema, type CodeRoute } from '@meridian/contracts';
import {
  accountSuspended,
  invalidCredentials,
  recordsOf,
  verifyCredentials,
} from '../authentication/session-service';
import { relyingPartyOf } from '../passkeys/relying-party';
import { ownerOfRefusedPasskey, signInOptions, verifyPasskeySignIn } from '../passkeys/service';
import { recordSignIn, tellIfNewBrowser } from '../account/sign-in-events';
import { openCappedSignIn } from '../authentication/capped-sign-in';
import { createSignInGuard } from '../authentication/sign-in-guard';
import { tenantUrlForHost } from '../tenancy/resolve';
import { findTenant } from '../tenancy/tenant-repository';
import { brandingFor, hostOf } from './branding';
import {
  CODE_ROUTE_FIELD,
  messagePage,
  pageSecurity,
  secondFactorPage,
  signInPage,
  type FieldError,
  type SecondFactorShown,
} from './pages';
import {
  answerChallenge,
  answerChallengeUnderCap,
  fallbackRoutesFor,
  liveChallenge,
  openChallenge,
  sendChallengeCode,
  type ChallengeAnswer,
} from '../two-step/challenges';
import { twoStepKeys, twoStepOn } from '../two-step/service';
import { AppError } from '../../lib/errors';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { issuerForwarding, OIDC_MOUNT, type OidcProvider } from './provider';

interface InteractionOptions {
  db: Database;
  config: Config;
  provider: OidcProvider;
}

/** The sign-in (login prompt) pages of the embedded provider: branded, accessible, server-rendered. */
export const interactionRoutes: FastifyPluginAsync<InteractionOptions> = async (
  app,
  { db, config, provider },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const routeConfig = { csrf: false } as const;
  const hidden = { hide: true };
  const guardSignIn = await createSignInGuard(app, db, {
    secretsKey: config.SECRETS_KEY,
    cookiePath: `${OIDC_MOUNT}/interaction`,
  });

  const keys = await twoStepKeys(db, config.SECRETS_KEY);

  /**
   * A sign-in finished on this page: a browser new to the account is told to the member (the portal
   * records the sign-in when its session opens from the token), then made known.
   */
  const rememberBrowser = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    await tellIfNewBrowser(db, request, userId, await guardSignIn.standing(request, userId));
    await guardSignIn.remember(request, reply, userId);
  };

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(issuerForwarding(request, config.oidcIssuer), reply.raw);
    } catch {
      return null;
    }
  };

  const html = (reply: FastifyReply, status: number, page: string, policy: string) =>
    reply
      .code(status)
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);

  const expired = async (request: FastifyRequest, reply: FastifyReply) => {
    const branding = await brandingFor(db, [request.headers.host], config.TENANT_URL_FALLBACK);
    const { nonce, policy } = pageSecurity();
    const message = 'This sign-in page has expired. Go back to the portal and start signing in again.';
    return html(
      reply,
      400,
      messagePage({ branding, nonce, title: 'Your sign-in has expired', message }),
      policy,
    );
  };

  const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => {
    const raw = issuerForwarding(request, config.oidcIssuer);
    const returnTo = await provider.interactionResult(raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  };

  const renderSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    form: { username?: string; errors?: FieldError[] } = {},
  ) => {
    const redirectUri = interaction.params.redirect_uri;
    const portal = typeof redirectUri === 'string' ? new URL(redirectUri).origin : null;
    const branding = await brandingFor(
      db,
      [hostOf(redirectUri), request.headers.host],
      config.TENANT_URL_FALLBACK,
    );
    const { nonce, policy } = pageSecurity(portal ? [portal] : []);
    const authorizeUrl = new URL(`${config.oidcIssuer}/auth`);
    for (const [name, value] of Object.entries(interaction.params)) {
      if (typeof value === 'string') authorizeUrl.searchParams.set(name, value);
    }
    const page = signInPage({
      branding,
      nonce,
      action: `${OIDC_MOUNT}/interaction/${interaction.uid}/login`,
      cancelUrl: `${OIDC_MOUNT}/interaction/${interaction.uid}/abort`,
      registerUrl: portal ? `${portal}/register?returnTo=${encodeURIComponent(authorizeUrl.href)}` : null,
      recoveryUrls: portal
        ? { password: `${portal}/forgot-password`, username: `${portal}/forgot-username` }
        : null,
      passkey: {
        optionsUrl: `${OIDC_MOUNT}/interaction/${interaction.uid}/passkey/options`,
        action: `${OIDC_MOUNT}/interaction/${interaction.uid}/passkey`,
      },
      ...form,
    });
    return html(reply, form.errors?.length ? 400 : 200, page, policy);
  };

  const portalOf = (interaction: Interaction) => {
    const redirectUri = interaction.params.redirect_uri;
    return typeof redirectUri === 'string' ? new URL(redirectUri).origin : null;
  };
  const tenantOf = (request: FastifyRequest, interaction: Interaction) =>
    findTenant(
      db,
      tenantUrlForHost(
        hostOf(interaction.params.redirect_uri) ?? request.headers.host,
        config.TENANT_URL_FALLBACK,
      ),
    );

  const renderSecondFactor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    form: {
      challenge: string;
      shown: SecondFactorShown;
      fallbackSentTo: string | null;
      fallbackRoutes: CodeRoute[];
      sent?: { nonce: string; sentTo: string; channel: string };
      underCap?: boolean;
      errors?: FieldError[];
    },
  ) => {
    const portal = portalOf(interaction);
    const branding = await brandingFor(
      db,
      [hostOf(interaction.params.redirect_uri), request.headers.host],
      config.TENANT_URL_FALLBACK,
    );
    const { nonce, policy } = pageSecurity(portal ? [portal] : []);
    const page = secondFactorPage({
      branding,
      nonce,
      action: `${OIDC_MOUNT}/interaction/${interaction.uid}/second-factor`,
      cancelUrl: `${OIDC_MOUNT}/interaction/${interaction.uid}/abort`,
      ...form,
    });
    return html(reply, form.errors?.length ? 400 : 200, page, policy);
  };

  app.get<{ Params: { uid: string } }>(
    `${OIDC_MOUNT}/interaction/:uid`,
    { config: routeConfig, schema: hidden },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
      // Consent is implicit (see loadExistingGrant), so the only prompt left to answer is login.
      return renderSignIn(request, reply, interaction);
    },
  );

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    `${OIDC_MOUNT}/interaction/:uid/login`,
    { config: { ...routeConfig, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: hidden },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
      const username = String(request.body?.username ?? '').trim();
      const password = String(request.body?.password ?? '');
      const missing: FieldError[] = [];
      if (!username) missing.push({ field: 'username', message: 'Enter your username' });
      if (!password) missing.push({ field: 'password', message: 'Enter your password' });
      if (missing.length) return renderSignIn(request, reply, interaction, { username, errors: missing });

      const attempt = await guardSignIn(request, username);
      const tenant = await tenantOf(request, interaction);
      if (attempt.refused && tenant) {
        // As on /login (issue 41): every capped name gets the same second-factor page, whether it is an
        // account with two-step on, one without or none; only the first can finish it.
        const capped = await openCappedSignIn(
          db,
          request,
          {
            username,
            password,
            businessGroups: tenant.businessGroups,
            tenantUrl: tenant.tenantUrl,
            interactionUid: interaction.uid,
          },
          { method: 'oidc', action: 'oidc_sign_in' },
        );
        return renderSecondFactor(request, reply, interaction, {
          challenge: capped.opened.secondFactor.challenge,
          shown: 'app',
          fallbackSentTo: null,
          fallbackRoutes: [],
          underCap: true,
        });
      }
      if (attempt.refused)
        return renderSignIn(request, reply, interaction, {
          username,
          errors: [{ field: 'username', message: tooManyRequests().message }],
        });
      const checked = await verifyCredentials(db, {
        username,
        password,
        businessGroups: tenant?.businessGroups ?? [],
        trustedUserId: attempt.trustedUserId,
      });
      if (!checked.ok) {
        await attempt.failed();
        await audit(db, request, {
          action: 'oidc_sign_in',
          outcome: 'failure',
          userId: checked.userId ?? null,
          details: { reason: checked.reason, tenant: tenant?.tenantUrl },
        });
        if (checked.userId) {
          await recordSignIn(db, request, {
            userId: checked.userId,
            outcome: checked.reason === 'locked' ? 'locked' : 'failed',
            method: 'oidc',
          });
        }
        return renderSignIn(request, reply, interaction, {
          username,
          errors: [{ field: 'username', message: checked.error.message }],
        });
      }
      await attempt.succeeded();
      if (tenant && (await twoStepOn(db, checked.userId))) {
        const opened = await openChallenge(db, {
          userId: checked.userId,
          tenantUrl: tenant.tenantUrl,
          interactionUid: interaction.uid,
        });
        return renderSecondFactor(request, reply, interaction, {
          challenge: opened.secondFactor.challenge,
          shown: 'app',
          fallbackSentTo: opened.secondFactor.fallbackSentTo,
          fallbackRoutes: opened.secondFactor.fallbackRoutes,
        });
      }
      await audit(db, request, { action: 'oidc_sign_in', outcome: 'success', userId: checked.userId });
      await rememberBrowser(request, reply, checked.userId);
      return finish(request, reply, { login: { accountId: checked.userId, amr: ['pwd'], remember: false } });
    },
  );

  // A passkey alone (user verification required, so both factors): its challenge is bound to this
  // sign-in page (the interaction) and spent once, as the portal's own passkey sign-in does.
  app.post<{ Params: { uid: string } }>(
    `${OIDC_MOUNT}/interaction/:uid/passkey/options`,
    { config: { ...routeConfig, rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: hidden },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid)
        return reply.code(400).send({
          errors: [{ code: 'sign_in_expired', message: 'This sign-in page has expired. Start again.' }],
        });
      const options = await signInOptions(db, relyingPartyOf(request), {
        tenantUrl: request.tenantUrl,
        interactionUid: interaction.uid,
      });
      return reply.header('cache-control', 'no-store').send({ options });
    },
  );

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    `${OIDC_MOUNT}/interaction/:uid/passkey`,
    { config: { ...routeConfig, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: hidden },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
      const tenant = await tenantOf(request, interaction);
      const refuse = async (reason: string, message: string, userId: string | null = null) => {
        await audit(db, request, {
          action: 'oidc_sign_in',
          outcome: 'failure',
          userId,
          details: { reason, method: 'passkey', tenant: tenant?.tenantUrl },
        });
        if (userId) await recordSignIn(db, request, { userId, outcome: 'failed', method: 'passkey' });
        return renderSignIn(request, reply, interaction, { errors: [{ field: 'passkey', message }] });
      };
      let answer: unknown = null;
      try {
        answer = JSON.parse(String(request.body?.credential ?? ''));
      } catch {
        answer = null;
      }
      const credential = passkeyAuthenticationResponseSchema.safeParse(answer);
      if (!credential.success)
        return refuse(
          'passkey_unreadable',
          'Your passkey was not used. Try again, or sign in with your username and password.',
        );
      let proven;
      try {
        proven = await verifyPasskeySignIn(
          db,
          relyingPartyOf(request),
          { tenantUrl: request.tenantUrl, interactionUid: interaction.uid },
          credential.data,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A known passkey's refusal (a bad signature, a counter going back) is its owner's failed sign-in.
        return refuse(error.code, error.message, ownerOfRefusedPasskey(error));
      }
      const [user] = await db
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, proven.userId));
      const records = tenant ? await recordsOf(db, proven.userId, tenant.businessGroups) : [];
      if (!user || records.length === 0)
        return refuse('no_record_in_tenant', invalidCredentials().message, proven.userId);
      if (user.suspendedAt) return refuse('suspended', accountSuspended().message, proven.userId);
      const browser = await guardSignIn.standing(request, proven.userId);
      await guardSignIn.remember(request, reply, proven.userId);
      await recordSignIn(db, request, {
        userId: proven.userId,
        outcome: 'succeeded',
        method: 'passkey',
        browser,
      });
      await audit(db, request, {
        action: 'oidc_sign_in',
        outcome: 'success',
        userId: proven.userId,
        details: { method: 'passkey' },
      });
      // Proof of a hardware-bound key with the member's verification: both factors, as two-step is.
      return finish(request, reply, {
        login: { accountId: proven.userId, amr: ['hwk', 'mfa'], remember: false },
      });
    },
  );

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    `${OIDC_MOUNT}/interaction/:uid/second-factor`,
    { config: { ...routeConfig, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: hidden },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
      const tenant = await tenantOf(request, interaction);
      const token = String(request.body?.challenge ?? '').slice(0, 100);
      const challenge = tenant
        ? await liveChallenge(db, token, {
            tenantUrl: tenant.tenantUrl,
            interactionUid: interaction.uid,
          }).catch(() => null)
        : null;
      if (!challenge) return expired(request, reply);
      const intent = String(request.body?.intent ?? 'verify');
      const method = String(request.body?.method ?? 'app');
      const shown: SecondFactorShown = method === 'recovery' || method === 'sent' ? method : 'app';
      const fallbackRoutes = challenge.underCap ? [] : await fallbackRoutesFor(db, challenge);
      const fallbackSentTo = fallbackRoutes[0]?.sentTo ?? null;
      const form = { challenge: token, fallbackSentTo, fallbackRoutes, underCap: challenge.underCap };
      if (intent === 'app' || intent === 'recovery')
        return renderSecondFactor(request, reply, interaction, { ...form, shown: intent });
      const codeNonce = String(request.body?.codeNonce ?? '').slice(0, 100);
      if (intent === 'send') {
        // With more than one route on file the member chose one of them (the page's radios).
        const chosen = codeChannels.find((channel) => channel === request.body?.channel);
        const field = fallbackRoutes.length > 1 ? CODE_ROUTE_FIELD : 'code';
        try {
          if (fallbackRoutes.length > 1 && !chosen)
            throw new AppError(400, 'code_route_not_chosen', 'Choose whether to get a text or an email');
          const sent = await sendChallengeCode(db, request, challenge, chosen);
          return renderSecondFactor(request, reply, interaction, {
            ...form,
            shown: 'sent',
            sent: { nonce: sent.nonce, sentTo: sent.sentTo, channel: sent.channel },
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return renderSecondFactor(request, reply, interaction, {
            ...form,
            shown: 'app',
            errors: [{ field, message: error.message }],
          });
        }
      }
      const code = String(request.body?.code ?? '')
        .trim()
        .slice(0, 40);
      const codeChannel = String(request.body?.codeChannel ?? '');
      const sentTo =
        fallbackRoutes.find((route) => route.channel === codeChannel)?.sentTo ??
        fallbackSentTo ??
        'your contact details';
      const sent = shown === 'sent' ? { nonce: codeNonce, sentTo, channel: codeChannel } : undefined;
      if (!code)
        return renderSecondFactor(request, reply, interaction, {
          ...form,
          shown,
          sent,
          errors: [{ field: 'code', message: 'Enter the code' }],
        });
      const given: ChallengeAnswer =
        shown === 'sent' ? { method: 'sent', code, nonce: codeNonce } : { method: shown, code };
      let userId: string;
      try {
        ({ userId } = challenge.underCap
          ? await answerChallengeUnderCap(db, keys, app.attemptCounters, challenge, given)
          : await answerChallenge(db, keys, challenge, given));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (challenge.userId)
          await recordSignIn(db, request, {
            userId: challenge.userId,
            outcome: 'failed',
            method: 'two-step',
          });
        await audit(db, request, {
          action: 'oidc_sign_in',
          outcome: 'failure',
          userId: challenge.userId,
          details: { reason: 'second_factor', method: shown, tenant: tenant?.tenantUrl },
        });
        if (error.code === 'sign_in_challenge_invalid') return expired(request, reply);
        // A right code on a wrong password's challenge: the challenge is spent, the password asked again.
        if (error.code === 'invalid_credentials')
          return renderSignIn(request, reply, interaction, {
            errors: [{ field: 'username', message: error.message }],
          });
        return renderSecondFactor(request, reply, interaction, {
          ...form,
          shown,
          sent,
          errors: [{ field: 'code', message: error.message }],
        });
      }
      await audit(db, request, {
        action: 'oidc_sign_in',
        outcome: 'success',
        userId,
        details: { secondFactor: shown },
      });
      await rememberBrowser(request, reply, userId);
      return finish(request, reply, {
        login: {
          accountId: userId,
          amr: ['pwd', shown === 'app' ? 'otp' : 'mfa'],
          remember: false,
        },
      });
    },
  );

  app.get<{ Params: { uid: string } }>(
    `${OIDC_MOUNT}/interaction/:uid/abort`,
    { config: routeConfig, schema: hidden },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
      return finish(request, reply, {
        error: 'access_denied',
        error_description: 'The sign-in was cancelled.',
      });
    },
  );
};
