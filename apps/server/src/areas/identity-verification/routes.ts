import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityVerificationSchema, identityVerificationStartSchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { identityVerificationOf, startIdentityVerification } from './service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404, 503);
const tags = ['identity-verification'];

/** The signed-in member's identity check: where it stands, and sending a photo ID (or starting a provider's check). */
export const identityVerificationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);
  const recordOf = (request: { member?: { businessGroup: string; referenceNumber: string } | null }) => ({
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  });

  app.get(
    '/identity-verification',
    {
      schema: {
        tags,
        summary: 'Where the member’s identity check stands: not_started, pending, verified or failed',
        response: { 200: identityVerificationSchema, ...errors },
      },
    },
    async (request) => identityVerificationOf(db, app.identityVerifier, recordOf(request), request.log),
  );

  app.post(
    '/identity-verification',
    {
      schema: {
        tags,
        summary:
          'Start the identity check: with the embedded method, a photo ID uploaded with journeyType identity; pending until the scheme confirms it',
        body: identityVerificationStartSchema,
        response: { 200: identityVerificationSchema, ...errors },
      },
    },
    async (request) => {
      const record = recordOf(request);
      await startIdentityVerification(db, app.identityVerifier, record, request.body.fileUuid);
      await audit(db, request, { action: 'identity_verification_start', outcome: 'success', ...record });
      return identityVerificationOf(db, app.identityVerifier, record, request.log);
    },
  );
};
