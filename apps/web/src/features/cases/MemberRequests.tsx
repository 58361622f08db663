import { Link, useLocation } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { SummaryRow } from '../../components/SummaryRow';
import type { BlockProps } from '../content';
import { formatDate } from '../../lib/format';
import { journeyApi, type CancelledState, type CancelState } from '../journeys';
import { casesApi } from './cases-api';
import { detailsApi } from '../../lib/details-api';
import { PendingBankChangeRequest } from '../my-details';

/** Where a document a request still needs is sent from: the upload page, for that request. */
const sendPath = (caseNumber: string, document: string) =>
  `/documents/upload?${new URLSearchParams({ case: caseNumber, document }).toString()}`;

const documentStatus = { outstanding: 'We need this from you', received: 'Received', complete: 'Checked' };
/** A closed request takes nothing more: what it still lacked is no longer asked for. */
const closedDocumentStatus = { ...documentStatus, outstanding: 'Not received' };

/** My requests: the member's cases, newest first, with status, dates and the documents each needs. */
export function MemberRequests({ block }: BlockProps<'memberRequests'>) {
  const read = useLoad(async () => {
    const [cases, started, bankChange, cancelledJourneys] = await Promise.all([
      casesApi.cases(),
      journeyApi.inProgress(),
      detailsApi.pendingBankChange(),
      journeyApi.cancelled(),
    ]);
    return { cases: cases.cases, started, bankChange, cancelledJourneys };
  });
  const cases = read.data?.cases;
  const started = read.data?.started;
  const cancelledJourneys = read.data?.cancelledJourneys;
  const bankChange = read.data?.bankChange;
  const location = useLocation();
  const cancelled = (location.state as CancelledState | null)?.cancelled;
  const cancelFrom: CancelState = { returnTo: location.pathname };
  return (
    <section aria-labelledby="requests-title">
      <h2 id="requests-title">{block.title ?? 'Your requests'}</h2>
      {cancelled && (
        <div className="notice" role="status">
          You have cancelled “{cancelled}”. You can start a new one at any time.
        </div>
      )}
      <LoadFailed what="show your requests" load={read} />
      {!cases && !read.failure && <p className="page-loading">Loading...</p>}
      {cases?.length === 0 && started?.length === 0 && cancelledJourneys?.length === 0 && !bankChange && (
        <p>You have no applications or requests with us.</p>
      )}
      {bankChange && <PendingBankChangeRequest change={bankChange} />}
      {started?.map((item) => (
        <div className="request" key={item.type}>
          <h3>{item.title}</h3>
          <dl className="summary-list">
            <SummaryRow term="Status">
              {item.status === 'Expired' ? 'Expired: not sent' : 'Started: not sent yet'}
            </SummaryRow>
            <SummaryRow term="Started">{formatDate(item.startDate.slice(0, 10))}</SummaryRow>
            <SummaryRow term={item.status === 'Expired' ? 'Expired on' : 'Send it by'}>
              {formatDate(item.expirationDate.slice(0, 10))}
            </SummaryRow>
          </dl>
          <p className="button-group">
            {item.status === 'Started' && (
              <Link to={item.currentPageSlug}>
                Continue<span className="visually-hidden"> {item.title.toLowerCase()}</span>
              </Link>
            )}
            <Link to={`${item.currentPageSlug}?cancel`} state={cancelFrom}>
              Cancel<span className="visually-hidden"> {item.title.toLowerCase()}</span>
            </Link>
          </p>
        </div>
      ))}
      {cases?.map((item) => (
        <div className="request" key={item.caseNumber}>
          <h3>
            {item.title} <span className="request__reference">({item.caseNumber})</span>
          </h3>
          <dl className="summary-list">
            <SummaryRow term="Status">{item.status}</SummaryRow>
            <SummaryRow term="Sent">{formatDate(item.createdAt.slice(0, 10))}</SummaryRow>
            <SummaryRow term="Last updated">{formatDate(item.updatedAt.slice(0, 10))}</SummaryRow>
            {item.memberNote && <SummaryRow term="Message from us">{item.memberNote}</SummaryRow>}
          </dl>
          {item.documents.length > 0 && (
            <table className="request__documents">
              <caption>Documents for {item.caseNumber}</caption>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {item.documents.map((document) => (
                  <tr key={document.name}>
                    <td>{document.name}</td>
                    <td>
                      {(item.closed ? closedDocumentStatus : documentStatus)[document.status]}
                      {document.status === 'outstanding' && !item.closed && (
                        <>
                          {' '}
                          <Link to={sendPath(item.caseNumber, document.name)}>
                            Send it<span className="visually-hidden"> ({document.name})</span>
                          </Link>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
      {cancelledJourneys?.map((item) => (
        <div className="request" key={`${item.type}-${item.startDate}`}>
          <h3>{item.title}</h3>
          <dl className="summary-list">
            <SummaryRow term="Status">Cancelled: not sent</SummaryRow>
            <SummaryRow term="Started">{formatDate(item.startDate.slice(0, 10))}</SummaryRow>
            <SummaryRow term="Cancelled on">{formatDate(item.cancelledDate.slice(0, 10))}</SummaryRow>
          </dl>
        </div>
      ))}
    </section>
  );
}
