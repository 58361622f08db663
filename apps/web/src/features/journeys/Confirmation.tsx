import type { JourneyState, Page } from '@meridian/contracts';
import { PageBlocks } from '../content';
import { identityText } from './CheckAnswers';
import { journeyApi } from './journey-api';
import type { JourneyContext } from './journey-context';
import { StartAgain } from './StartAgain';

/** What the journey's plugin says of its lock after what was sent ("When you will be paid"). */
function LockedSection({ section }: { section: NonNullable<JourneyState['lockedSection']> }) {
  return (
    <>
      <h2>{section.heading}</h2>
      <dl className="summary-list">
        {section.lines.map((line) => (
          <div className="summary-row" key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The confirmation page: the case reference in a panel, then what happens next from content. */
export function Confirmation({ page, context }: { page: Page; context: JourneyContext }) {
  const { journey, definition } = context;
  const { noun, confirmationHeading } = definition.copy;
  const { ConfirmationExtras } = context.audience;
  return (
    <>
      <div className="panel">
        <h1>{confirmationHeading ?? page.title}</h1>
        <p>
          Your reference number
          <br />
          <strong className="panel__reference">{journey.caseNumber}</strong>
        </p>
      </div>
      <p>We have sent a confirmation to your email address.</p>
      <h2>What you sent</h2>
      <ul>
        <li>Your {noun}, with the answers you gave</li>
        {definition.pages.some((candidate) => candidate.shows === 'identity-verification') &&
          journey.identity.status !== 'not_started' && (
            <li>
              Proof of identity{journey.identity.documentName && ` (${journey.identity.documentName})`}:{' '}
              {identityText[journey.identity.status].toLowerCase()}
            </li>
          )}
      </ul>
      {journey.lockedWords?.confirmation && <LockedSection section={journey.lockedWords.confirmation} />}
      <PageBlocks blocks={page.blocks} />
      {ConfirmationExtras && <ConfirmationExtras definition={definition} journey={journey} />}
      <p>
        <a href={journeyApi.pdfUrl(definition.type)} download>
          Download your {noun} (PDF)
        </a>
      </p>
      {!definition.startsFrom && (
        <StartAgain
          type={definition.type}
          firstPage={definition.firstPage}
          firstSlug={context.slugOf(definition.firstPage)}
          noun={noun}
        />
      )}
    </>
  );
}
