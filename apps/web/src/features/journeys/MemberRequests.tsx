import { useEffect, useState } from 'react';
import type { MemberCase } from '@meridian/contracts';
import type { BlockProps } from '../content/block-props';
import { formatDate } from '../content/format';
import { retirementApi } from './journey-api';

const documentStatus = { outstanding: 'We need this from you', received: 'Received', complete: 'Checked' };

/** My requests: the member's cases, newest first, with status, dates and the documents each needs. */
export function MemberRequests({ block }: BlockProps<'memberRequests'>) {
  const [cases, setCases] = useState<MemberCase[] | null>(null);
  useEffect(() => {
    retirementApi
      .cases()
      .then((answer) => setCases(answer.cases))
      .catch(() => setCases([]));
  }, []);
  if (!cases) return <p className="page-loading">Loading...</p>;
  return (
    <section aria-labelledby="requests-title">
      <h2 id="requests-title">{block.title ?? 'Your requests'}</h2>
      {cases.length === 0 && <p>You have no applications or requests with us.</p>}
      {cases.map((item) => (
        <div className="request" key={item.caseNumber}>
          <h3>
            {item.title} <span className="request__reference">({item.caseNumber})</span>
          </h3>
          <dl className="summary-list">
            <div className="summary-row">
              <dt>Status</dt>
              <dd>{item.status}</dd>
            </div>
            <div className="summary-row">
              <dt>Sent</dt>
              <dd>{formatDate(item.createdAt.slice(0, 10))}</dd>
            </div>
            <div className="summary-row">
              <dt>Last updated</dt>
              <dd>{formatDate(item.updatedAt.slice(0, 10))}</dd>
            </div>
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
                    <td>{documentStatus[document.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </section>
  );
}
