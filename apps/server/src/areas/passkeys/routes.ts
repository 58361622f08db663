import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyListSchema,
  passkeyRegistrationSchema,
  passkeyRegistrationStartSchema,
  passkeyRemovalSchema,
  passkeyRenameSchema,
  passkeySchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { accountChanges } from '../account/account-changes';
import { requirePassword } from '../my-details/change-defences';
import { requireFreshStepUp, sessionStepUp } from '../step-up/service';
import { relyingPartyOf } from './relying-party';
import {
  listPasskeys,
  keepPasskey,
  passkeyOf,
  registrationOptions,
  removePasskey,
  renamePasskey,
  verifyRegistration,
} from './service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404, 409, 428, 429);
const idParams = z.object({ id: z.uuid() });

/**
 * Sign-in and security's passkeys: add one (the browser's registration ceremony, named by the member),
 * list, rename and remove them (removing asks for the password unless the session stepped up lately).
 * Adding and removing are told to every contact route on file.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  const { holderFor, tenantNameOf, withNotice } = accountChanges(db);

  const audited = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    audit(db, request, { action, outcome: 'success', userId: request.member!.userId, details });

  app.get(
    '/account/passkeys',
    {
      schema: {
        tags: ['authentication'],
        summary: 'Your passkeys: name, when added and when last used',
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (request) => ({
      passkeys: await listPasskeys(db, request.member!.userId),
      stepUpFresh: (await sessionStepUp(db, request)).fresh,
    }),
  );

  app.post(
    '/account/passkeys/options',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Start adding a passkey: options for the browser’s registration ceremony, whose challenge only this session can answer, once, within 5 minutes',
        response: { 200: passkeyRegistrationStartSchema, ...errors },
      },
    },
    async (request) => {
      const holder = await holderFor(request);
      const options = await registrationOptions(
        db,
        relyingPartyOf(request),
        {
          userId: holder.userId,
          username: holder.username,
          displayName: `${holder.member.forenames} ${holder.member.surname}`,
          rpName: await tenantNameOf(request),
          sessionId: request.member!.session.id,
        },
        request.tenantUrl,
      );
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/account/passkeys',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Add the passkey the browser made for this session’s challenge (user verification required), under the name you gave it',
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const holder = await holderFor(request);
      const tenantName = await tenantNameOf(request);
      const { name } = request.body;
      const party = relyingPartyOf(request);
      // Checked before the transaction: the challenge is spent even when the answer is refused.
      const credential = await verifyRegistration(
        db,
        party,
        { sessionId: request.member!.session.id, tenantUrl: request.tenantUrl },
        request.body.credential,
      );
      const kept = await withNotice(
        request,
        holder,
        {
          subject: `A passkey was added to your ${tenantName} account`,
          body: `A passkey named "${name}" was added to your ${tenantName} account (${holder.username}). It can now be used to sign in without your password.`,
        },
        (tx) => keepPasskey(tx, party, holder.userId, name, credential),
      );
      await audited(request, 'passkey_added', { passkeyId: kept.id });
      return reply.code(201).send({
        id: kept.id,
        name: kept.name,
        createdAt: kept.createdAt.toISOString(),
        lastUsedAt: null,
      });
    },
  );

  app.put(
    '/account/passkeys/:id',
    {
      schema: {
        tags: ['authentication'],
        summary: 'Rename one of your passkeys',
        params: idParams,
        body: passkeyRenameSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await renamePasskey(db, request.member!.userId, request.params.id, request.body.name);
      await audited(request, 'passkey_renamed', { passkeyId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/passkeys/:id/remove',
    {
      schema: {
        tags: ['authentication'],
        summary:
          'Remove one of your passkeys: with your password, or without it when this session confirmed it is you in the last few minutes (else 428 fresh_step_up_required)',
        params: idParams,
        body: passkeyRemovalSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.member!.userId;
      const passkey = await passkeyOf(db, userId, request.params.id);
      if (request.body.password) await requirePassword(db, request, request.body.password);
      else await requireFreshStepUp(db, request);
      const holder = await holderFor(request);
      const tenantName = await tenantNameOf(request);
      await withNotice(
        request,
        holder,
        {
          subject: `A passkey was removed from your ${tenantName} account`,
          body: `The passkey named "${passkey.name}" was removed from your ${tenantName} account (${holder.username}): it can no longer be used to sign in.`,
        },
        (tx) => removePasskey(tx, userId, request.params.id),
      );
      await audited(request, 'passkey_removed', { passkeyId: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
