import { useEffect } from 'react';
import { reportWarningSeconds } from '@meridian/contracts';
import type { AudienceUi } from '../journeys';
import { runtimeConfig } from '../../lib/config';
import { reportAddressSearch } from './address-search';
import { Captcha } from './Captcha';
import { ReportLeaveWarning } from './ReportLeaveWarning';
import { SendAnotherDocument } from './SendAnotherDocument';
import { SentReportAfterLapse, sentReports } from './SentReportAfterLapse';

/**
 * What a report of a death (`audience: "bereavement"`) adds to the journey engine's pages, registered
 * by the app's wiring: the captcha before Start now, the report's own address lookup, the leave
 * warning and a shorter timeout warning while it is under way, further documents on the confirmation,
 * and the confirmation once the report's token has lapsed.
 */
export const bereavementAudience: AudienceUi = {
  startCheck: {
    field: 'captcha',
    missing: 'Tick the box to show you are a person, then start',
    Component: Captcha,
  },
  addressSearch: reportAddressSearch,
  // As the server's aboutToExpire says (the same rule, from @meridian/contracts).
  warningSeconds: reportWarningSeconds(runtimeConfig.bereavementJourneyMinutes),
  WhileUnderWay: ({ live, journeyPath }) => (
    // A report not sent warns as the reporter leaves it, until its time has run out.
    <ReportLeaveWarning when={live} reportPath={journeyPath} />
  ),
  ConfirmationExtras: function ReportSent({ definition, journey }) {
    // Kept in this tab, so the page can still show the reference once the report's token lapses.
    useEffect(() => {
      if (journey.caseNumber) sentReports.remember(definition.type, journey.caseNumber);
    }, [definition.type, journey.caseNumber]);
    return (
      <SendAnotherDocument
        type={definition.type}
        expiresAt={journey.expirationDate}
        documentsLater={definition.copy.documentsLater}
      />
    );
  },
  AfterLapse: ({ definition, heading, firstSlug, children }) => (
    <SentReportAfterLapse
      type={definition.type}
      heading={heading}
      noun={definition.copy.noun}
      documentsLater={definition.copy.documentsLater}
      firstSlug={firstSlug}
    >
      {children}
    </SentReportAfterLapse>
  ),
};
