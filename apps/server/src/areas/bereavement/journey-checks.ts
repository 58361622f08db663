import { badRequest } from '../../lib/errors';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { JourneyGraph } from '../journeys/graph';
import { registerPageCheck, registerSubmitCheck } from '../journeys/plugins';
import { stepsOf } from '../journeys/repository';
import { visitorTokenOf } from '../journeys/visitor-owner';
import { requireVisitorJourney } from '../journeys/visitor-store';
import { proveEmail, reportRow, reporterEmailOf } from './email-proof';
import { bereavementStore } from './store';

/** The reporter's report, from the token their request carries. */
async function reportOf(db: Database, request: FastifyRequest, graph: JourneyGraph) {
  const where = { tenantUrl: request.tenantUrl, type: graph.definition.type };
  const row = await requireVisitorJourney(bereavementStore, db, visitorTokenOf(request), where, new Date());
  return reportRow(db, row.id);
}

/**
 * The report's own rule across two pages: the date of death (`date_of_death`) is not before the
 * date of birth given for the person who died (`deceased`, asked first). The date kind has already
 * refused a date in the future. Refused with 400 `date_of_death_before_birth`, nothing saved.
 */
registerPageCheck({
  appliesTo: { questionKind: 'date' },
  async check({ db, request, graph, answer }) {
    if (graph.definition.audience !== 'bereavement' || answer?.questionKey !== 'date_of_death') return;
    const row = await reportOf(db, request, graph);
    const deceased = stepsOf(row).find((step) => step.answer?.questionKey === 'deceased')?.answer;
    const bornOn = deceased?.answerValue ? dateOfBirthIn(deceased.answerValue) : null;
    if (bornOn && answer.answerKey.trim() < bornOn)
      throw badRequest(
        'date_of_death_before_birth',
        'The date they died must be on or after their date of birth',
      );
  },
});

function dateOfBirthIn(answerValue: string): string | null {
  try {
    const { dateOfBirth } = JSON.parse(answerValue) as { dateOfBirth?: unknown };
    return typeof dateOfBirth === 'string' ? dateOfBirth : null;
  } catch {
    return null;
  }
}

/** The email code page: the code typed is checked against the one sent (email-proof.ts). */
registerPageCheck({
  appliesTo: { questionKind: 'email-code' },
  async check({ db, request, graph, answer }) {
    if (graph.definition.audience !== 'bereavement')
      throw badRequest('email_code_not_sent', 'Only a report of a death proves an email address.');
    if (!answer) return;
    await proveEmail(db, await reportOf(db, request, graph), answer.answerKey, new Date());
  },
});

/** A report is sent only once the email address it gives has been proven with a code. */
registerSubmitCheck(async ({ db, request, graph }) => {
  if (graph.definition.audience !== 'bereavement') return;
  const row = await reportOf(db, request, graph);
  if (!row.emailProvenAt || row.email !== reporterEmailOf(row))
    throw badRequest(
      'email_not_proven',
      'Confirm your email address with the code we send to it before you send the report.',
    );
});
