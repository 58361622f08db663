import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { sessionStore } from '../../lib/session-storage';

const keyOf = (type: string) => `sentReport:${type}`;

/**
 * The reference of the report this browser tab sent, kept in its session storage (this site's only,
 * gone when the tab closes) so the confirmation page can still show it once the report's token lapses.
 */
export const sentReports = {
  remember: (type: string, reference: string) => void sessionStore.set(keyOf(type), reference),
  referenceOf: (type: string) => {
    const stored = sessionStore.get<unknown>(keyOf(type));
    return typeof stored === 'string' && stored.length > 0 ? stored : null;
  },
};

/**
 * A report's confirmation page opened again after its token lapsed (a reload, a later visit): the
 * report can no longer be read, so instead of an error the page shows the reference if this tab still
 * knows it, the page's own words on what happens next and how to contact the scheme (`children`),
 * and the tenant's words on sending documents by post or email.
 */
export function SentReportAfterLapse({
  type,
  heading,
  noun,
  documentsLater,
  firstSlug,
  children,
}: {
  type: string;
  /** The confirmation's heading ("Report sent"), shown when the reference is known. */
  heading: string;
  /** The journey's word for it ("report"). */
  noun: string;
  /** The tenant's words for sending documents by post or email. */
  documentsLater: string | null;
  /** Where a new report starts. */
  firstSlug: string;
  /** The confirmation page's content blocks: what happens next, how to contact the scheme. */
  children: ReactNode;
}) {
  const reference = sentReports.referenceOf(type);
  // The title says what the heading says (set after the page's own, once the report is known gone).
  useDocumentTitle(reference ? heading : `Your ${noun}`);
  return (
    <>
      {reference ? (
        <div className="panel">
          <h1>{heading}</h1>
          <p>
            Your reference number
            <br />
            <strong className="panel__reference">{reference}</strong>
          </p>
        </div>
      ) : (
        <>
          <h1>Your {noun}</h1>
          <p>
            For your security, this page no longer shows your {noun}. If you sent it, your reference number is
            in the email we sent you when you did.
          </p>
        </>
      )}
      {children}
      <h2>Sending more documents</h2>
      <p>You can no longer send documents on this page, for your security.</p>
      {documentsLater && <p>{documentsLater}</p>}
      {!reference && (
        <p>
          If you have not told us yet, <Link to={firstSlug}>start a new {noun}</Link>.
        </p>
      )}
    </>
  );
}
