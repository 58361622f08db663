import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appCodeSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesSchema,
  twoStepOffSchema,
  TWO_STEP_SETUP_MINUTES,
  twoStepSetupSchema,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, errorResponses } from '../../lib/errors';
import { accountChanges } from '../account/account-changes';
import { requirePassword } from '../my-details/change-defences';
import { findTenant } from '../tenancy/tenant-repository';
import {
  confirmSetup,
  proveSecondFactor,
  removeTwoStep,
  replaceRecoveryCodes,
  startSetup,
  twoStepKeys,
  twoStepOn,
} from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * Sign-in and security's two-step verification: set up the authenticator app (QR code, then its first
 * code), ten recovery codes (shown once, made again on request), and turning it off. Every change
 * is told to every contact route on file.
 */
export const twoStepRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.addHook('preHandler', app.requireMember);
  const keys = await twoStepKeys(db, config.SECRETS_KEY);

  const { holderFor, tenantNameOf, withNotice } = accountChanges(db);

  const audited = (request: FastifyRequest, action: string) =>
    audit(db, request, { action, outcome: 'success', userId: request.member!.userId });

  app.post(
    '/account/two-step/setup',
    {
      config: { beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary: `Start setting up an authenticator app: a QR code and the secret to type, confirmed with its first code within ${TWO_STEP_SETUP_MINUTES} minutes`,
        response: { 200: twoStepSetupSchema, ...errors },
      },
    },
    async (request) => {
      const holder = await holderFor(request);
      return startSetup(
        db,
        keys,
        { issuer: await tenantNameOf(request), account: holder.username },
        holder.userId,
      );
    },
  );

  app.post(
    '/account/two-step/confirm',
    {
      config: { beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary:
          'Turn two-step verification on with the first code from the app; answers ten recovery codes, shown this once',
        body: appCodeSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const holder = await holderFor(request);
      const tenantName = await tenantNameOf(request);
      const codes = await withNotice(
        request,
        holder,
        {
          subject: `Two-step verification is on for your ${tenantName} account`,
          body: `Two-step verification with an authenticator app was turned on for your ${tenantName} account (${holder.username}). From now on, signing in asks for a code from the app after your password.`,
        },
        (tx) => confirmSetup(tx, keys, holder.userId, request.body.code),
      );
      await audited(request, 'two_step_on');
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/account/two-step/recovery-codes',
    {
      schema: {
        tags: ['authentication'],
        summary: 'Make ten new recovery codes with your password: the old ones stop working',
        body: regenerateRecoveryCodesSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      await requirePassword(db, request, request.body.password);
      const holder = await holderFor(request);
      if (!(await twoStepOn(db, holder.userId)))
        throw new AppError(409, 'two_step_off', 'Two-step verification is not on for your account.');
      const tenantName = await tenantNameOf(request);
      const codes = await withNotice(
        request,
        holder,
        {
          subject: `New recovery codes for your ${tenantName} account`,
          body: `New recovery codes were made for your ${tenantName} account (${holder.username}), and the old ones no longer work.`,
        },
        (tx) => replaceRecoveryCodes(tx, keys, holder.userId),
      );
      await audited(request, 'recovery_codes_replaced');
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/account/two-step/off',
    {
      schema: {
        tags: ['authentication'],
        summary:
          'Turn two-step verification off: your password and a code from the app (or a recovery code); refused where the scheme requires it',
        body: twoStepOffSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if ((await findTenant(db, request.tenantUrl))?.requireTwoStep)
        throw new AppError(
          403,
          'two_step_required',
          'Your scheme asks every member to use two-step verification, so it cannot be turned off.',
        );
      await requirePassword(db, request, request.body.password);
      const holder = await holderFor(request);
      await proveSecondFactor(db, keys, holder.userId, { method: 'either', code: request.body.code });
      const tenantName = await tenantNameOf(request);
      await withNotice(
        request,
        holder,
        {
          subject: `Two-step verification is off for your ${tenantName} account`,
          body: `Two-step verification was turned off for your ${tenantName} account (${holder.username}): signing in now asks for your password alone.`,
        },
        (tx) => removeTwoStep(tx, holder.userId),
      );
      await audited(request, 'two_step_off');
      return reply.code(204).send(null);
    },
  );
};
