import type { PageJourney } from '@meridian/contracts';
import type { JourneyContext } from './journey-context';

/** Member data a journey page asks the member to confirm: what is on record. */
export function RecordedDetails({
  shows,
  context,
}: {
  shows: NonNullable<PageJourney['shows']>;
  context: JourneyContext;
}) {
  const { contact } = context.journey;
  const rows: Array<[string, string]> =
    shows === 'contact-details'
      ? [
          ['Name', contact.fullName],
          ['Email address', contact.emailAddress ?? 'Not held'],
          ['Phone number', contact.phone ?? 'Not held'],
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
