import { badRequest } from '../../lib/errors';
import { registerMemberRecords, registerPageCheck } from '../journeys/plugins';
import { IDENTITY_CASE_DOCUMENT, identityVerificationOf } from './service';

/**
 * A journey page asking for proof of identity is left once the member has sent it (pending or
 * confirmed). The scheme's record of it is what check your answers and the PDF read; the step keeps
 * nothing about it.
 */
registerPageCheck({
  appliesTo: { shows: 'identity-verification' },
  async check({ db, request }) {
    const { status } = await identityVerificationOf(
      db,
      request.server.identityVerifier,
      {
        businessGroup: request.member!.businessGroup,
        referenceNumber: request.member!.referenceNumber,
      },
      request.log,
    );
    if (status !== 'pending' && status !== 'verified')
      throw badRequest(
        'identity_not_provided',
        'Send a photo of your passport or driving licence before you continue.',
      );
  },
});

/**
 * What journeys show of the member's proof of identity (check your answers, the PDF, the journey's
 * data), read once (a provider may be asked); proof sent inside the journey or before it is with the
 * scheme, so a case opened on submission lists its "Proof of identity" received, pending its check.
 */
registerMemberRecords(async ({ db, request, record }) => {
  const { status, documentName } = await identityVerificationOf(
    db,
    request.server.identityVerifier,
    record,
    request.log,
  );
  const sent = status === 'pending' || status === 'verified';
  return { identity: { status, documentName }, receivedDocuments: sent ? [IDENTITY_CASE_DOCUMENT] : [] };
});
