import type { Page } from '@meridian/contracts';
import { PageBlocks } from '../content';
import { formatDate } from '../../lib/format';
import { identityText } from './CheckAnswers';
import { journeyApi } from './journey-api';
import type { JourneyContext } from './journey-context';
import { StartAgain } from './StartAgain';

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
      {journey.choice?.firstPaymentDate && (
        <>
          <h2>When you will be paid</h2>
          <dl className="summary-list">
            <div className="summary-row">
              <dt>You retire on</dt>
              <dd>{formatDate(journey.choice.retirementDate)}</dd>
            </div>
            {journey.choice.lumpSumPence > 0 && journey.choice.lumpSumPaymentDate && (
              <div className="summary-row">
                <dt>Tax-free cash paid by</dt>
                <dd>{formatDate(journey.choice.lumpSumPaymentDate)}</dd>
              </div>
            )}
            <div className="summary-row">
              <dt>First monthly payment</dt>
              <dd>{formatDate(journey.choice.firstPaymentDate)}</dd>
            </div>
          </dl>
        </>
      )}
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
