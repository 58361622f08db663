import { ukBankAccountSchema } from '@meridian/contracts';
import { badRequest, notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';
import { addressLines } from '../journeys/actions';
import { registerPageCheck, registerSubmitCheck, type PageCheckContext } from '../journeys/plugins';
import { refuseModulusFailure, refuseOtherHolder } from './bank-accounts';
// A journey's bank account becomes the member's at submission: its submit hook and step-up route.
import './journey-bank-account';

/**
 * What My details checks, checked again where any journey asks for the same: a bank account (modulus
 * check, the member's surname in the name) and the postal address the scheme writes to.
 */

async function memberOf({ db, request }: Pick<PageCheckContext, 'db' | 'request'>) {
  const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  return found.member;
}

const jsonOf = (value: string | undefined): unknown => {
  try {
    return JSON.parse(value ?? '');
  } catch {
    return undefined;
  }
};

registerPageCheck({
  appliesTo: { questionKind: 'bank-account' },
  async check(context) {
    // A malformed account is the kind's to refuse (invalid_bank_account), with its own message.
    const account = ukBankAccountSchema.safeParse(jsonOf(context.answer?.answerValue));
    if (!account.success) return;
    refuseModulusFailure(account.data);
    // Someone else's account (a receiving scheme's) is not held in the member's name.
    const question = context.page.question;
    if (question?.kind === 'bank-account' && question.holder === 'other') return;
    refuseOtherHolder(account.data.accountName, (await memberOf(context)).surname);
  },
});

registerPageCheck({
  appliesTo: { shows: 'contact-details' },
  async check(context) {
    if (!addressLines((await memberOf(context)).address)?.length)
      throw badRequest('address_required', 'Give your postal address before you continue.');
  },
});

// Refused before anything else is asked at submission (a step-up code included): the scheme writes there.
registerSubmitCheck(async (context) => {
  const asksContact = [...context.graph.pages.values()].some((page) => page.shows === 'contact-details');
  if (asksContact && !addressLines((await memberOf(context)).address)?.length)
    throw badRequest('address_required', 'Give your postal address before you send this.');
});
