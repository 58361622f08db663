import type { PageJourney } from '@meridian/contracts';
import { formatCurrency, formatDate } from '../../lib/format';
import type { JourneyContext } from './journey-context';

/** Member data a journey page asks the member to confirm: what is on record, or the choice made. */
export function RecordedDetails({
  shows,
  context,
}: {
  shows: NonNullable<PageJourney['shows']>;
  context: JourneyContext;
}) {
  const { contact, choice } = context.journey;
  const rows: Array<[string, string]> =
    shows === 'contact-details'
      ? [
          ['Name', contact.fullName],
          ['Email address', contact.emailAddress ?? 'Not held'],
          ['Phone number', contact.phone ?? 'Not held'],
        ]
      : shows === 'retirement-choice' && choice
        ? [
            ['Retirement date', formatDate(choice.retirementDate)],
            ['Option', choice.optionLabel],
            ['Tax-free cash', formatCurrency(choice.lumpSumPence, 'exact')],
          ]
        : [];
  if (rows.length === 0) return null;
  return (
    <dl className="summary-list" aria-label="What we hold">
      {rows.map(([term, value]) => (
        <div className="summary-row" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
