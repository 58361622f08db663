import { badRequest } from '../../lib/errors';
import { registerPageCheck } from '../journeys/plugins';
import { stepsOf } from '../journeys/repository';
import { visitorTokenOf } from '../journeys/visitor-owner';
import { requireVisitorJourney } from '../journeys/visitor-store';
import { bereavementStore } from './store';

/**
 * The report's own rule across two pages: the date of death (`date_of_death`) is not before the
 * date of birth given for the person who died (`deceased`, asked first). The date kind has already
 * refused a date in the future. Refused with 400 `date_of_death_before_birth`, nothing saved.
 */
registerPageCheck({
  appliesTo: { questionKind: 'date' },
  async check({ db, request, graph, answer }) {
    if (graph.definition.audience !== 'bereavement' || answer?.questionKey !== 'date_of_death') return;
    const where = { tenantUrl: request.tenantUrl, type: graph.definition.type };
    const row = await requireVisitorJourney(bereavementStore, db, visitorTokenOf(request), where, new Date());
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
