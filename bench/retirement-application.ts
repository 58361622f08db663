// A demo member's DB retirement application, started and answered through the API as the web app would,
// up to check your answers: what the Lighthouse audit of a journey's pages needs first.
import { readFileSync } from 'node:fs';
import { MemberClient, type CallLog } from './member-client';

const JOURNEY = '/mdp-api/api/journeys/dbcoreretirementapplication';

/** The pages the audit opens: a step with a question (the journey's first) and check your answers. */
export const APPLICATION_PAGES = {
  journeyStep: '/retirement/apply/guidance',
  checkYourAnswers: '/retirement/apply/check-answers',
} as const;

/** The member's bank account on file, so the application needs no step-up code. */
const BANK_ON_FILE = JSON.stringify({
  accountName: 'Mrs M Hughes',
  sortCode: '30-94-66',
  accountNumber: '12345678',
});

/**
 * Starts `username`'s application (the full pension with the most tax-free cash at the first date the
 * member may choose) and answers every page, proof of identity and declarations included, so that it
 * stands at check your answers. Throws on any refused call.
 */
export async function applicationAtCheckYourAnswers(baseUrl: string, username = 'db.deferred') {
  const log: CallLog = { calls: [], errors: [] };
  const member = new MemberClient(baseUrl, username, '127.0.0.1', log);
  try {
    await member.signIn();
    const window = await member.json<{ availableRetirementDateRange: { from: string } }>(
      '/mdp-api/api/v2/retirement/retirement-date',
    );
    await member.call('POST', `${JOURNEY}/start-db-core-journey`, {
      retirementDate: window.availableRetirementDateRange.from,
      selectedQuoteName: 'maximum-lump-sum',
    });
    const answers: [page: string, question: string, answerKey: string, answerValue?: string][] = [
      ['ra_guidance', 'guidance_taken', 'yes'],
      ['ra_guidance_date', 'guidance_date', new Date().toISOString().slice(0, 10)],
      ['ra_lump_sum_allowance', 'allowance_used', 'no'],
      ['ra_bank', 'bank_account', 'provided', BANK_ON_FILE],
      ['ra_contact', 'contact_correct', 'yes'],
      ['ra_partner', 'has_partner', 'no'],
    ];
    for (const [currentPageKey, questionKey, answerKey, answerValue] of answers)
      await member.call('POST', `${JOURNEY}/submit-question-step`, {
        currentPageKey,
        questionKey,
        answerKey,
        ...(answerValue && { answerValue }),
      });
    await sendPhotoId(member);
    await member.call('POST', `${JOURNEY}/submit-step`, { currentPageKey: 'ra_identity' });
    await member.call('POST', `${JOURNEY}/page/ra_declarations/checkboxesLists`, {
      checkboxesListKey: 'declarations',
      checkboxes: ['information_true', 'option_final', 'overpayment'].map((key) => ({
        key,
        answerValue: true,
      })),
    });
    await member.call('POST', `${JOURNEY}/submit-step`, { currentPageKey: 'ra_declarations' });
    const { currentPageKey } = await member.json<{ currentPageKey: string }>(`${JOURNEY}/data`);
    if (currentPageKey !== 'ra_check_answers')
      throw new Error(`the application stands at ${currentPageKey}, not at check your answers`);
  } catch (error) {
    throw new Error(
      `could not take ${username}'s application to check your answers: ${log.errors.join('; ')}`,
      {
        cause: error,
      },
    );
  }
}

/** Proof of identity the embedded way: a photo ID uploaded into the member's documents, then checked. */
async function sendPhotoId(member: MemberClient) {
  const photo = readFileSync('content/tenants/meridian/images/favicon.png');
  const form = new FormData();
  form.append('journeyType', 'identity');
  form.append('file', new Blob([photo], { type: 'image/png' }), 'passport.png');
  const upload = await member.call('POST', '/mdp-api/api/documents', form);
  const { fileUuid } = (await upload.json()) as { fileUuid: string };
  await member.call('POST', '/mdp-api/api/identity-verification', { fileUuid });
}
