import { badRequest } from '../../lib/errors';
import { registerPageCheck } from '../journeys/plugins';
import { identityVerificationOf } from './service';

/**
 * A journey page asking for proof of identity is left once the member has sent it (pending or
 * confirmed). The scheme's record of it is what check your answers and the PDF read; the step keeps
 * nothing about it.
 */
registerPageCheck({
  appliesTo: { shows: 'identity-verification' },
  async check({ db, request }) {
    const { status } = await identityVerificationOf(db, request.server.identityVerifier, {
      businessGroup: request.member!.businessGroup,
      referenceNumber: request.member!.referenceNumber,
    });
    if (status !== 'pending' && status !== 'verified')
      throw badRequest(
        'identity_not_provided',
        'Send a photo of your passport or driving licence before you continue.',
      );
  },
});
