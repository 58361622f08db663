import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { MemberView } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatCurrency, formatDate, formatFileSize } from '../../lib/format';
import { consoleApi } from './console-api';
import { useConsoleTitle } from './fields';
import { memberViewPath } from './member-link';

const documentStatus = { outstanding: 'We need this from you', received: 'Received', complete: 'Checked' };
const date = (value: string | null) => (value ? formatDate(value.slice(0, 10)) : 'Not held');
const ageAndDate = (age: number | null, on: string | null) =>
  age === null ? 'Not known' : `${age}${on ? ` (${formatDate(on)})` : ''}`;

/**
 * A member's record as they see it (issue 43): the hub's summary, their details, the records their
 * sign-in holds, My requests, their documents and nomination, read through the member's own reads.
 * Read-only: nothing here changes the record or signs in as them; each view is audited.
 */
export function MemberViewPage() {
  const { businessGroup = '', referenceNumber = '' } = useParams();
  const read = useLoad((signal) => consoleApi.memberView(businessGroup, referenceNumber, signal), {
    key: `${businessGroup}/${referenceNumber}`,
  });
  const view = read.data;
  useConsoleTitle(view ? `${view.personalDetails.name}: the member’s view` : 'The member’s view');
  return (
    <>
      <p>
        <Link to="/admin/members">Back to Find a member</Link>
      </p>
      <LoadFailed what="show this member" load={read} />
      {!view && !read.failure && <p>Loading...</p>}
      {view && <View view={view} />}
    </>
  );
}

function View({ view }: { view: MemberView }) {
  const { personalDetails: person, summary, contacts, nomination } = view;
  return (
    <>
      <h1>
        <span className="console-caption">The member’s view</span>
        {person.name}
      </h1>
      <div className="console-notice" role="note">
        <p>
          What {person.forenames} sees when they sign in, read-only: nothing here changes their record, and
          you are not signed in as them. This view is recorded in the audit log.
        </p>
      </div>

      <h2>Summary</h2>
      <dl className="summary-list">
        <Row term="Reference">
          {person.businessGroup} {person.referenceNumber}
        </Row>
        <Row term="Scheme">
          {person.schemeName} ({summary.schemeType === 'DB' ? 'defined benefit' : 'defined contribution'})
        </Row>
        <Row term="Status">{summary.status}</Row>
        <Row term="Age">{summary.age ?? 'Not known'}</Row>
        {summary.pensionableService && (
          <Row term="Pensionable service">
            {summary.pensionableService.years} years {summary.pensionableService.months} months
          </Row>
        )}
        {summary.schemeType === 'DC' ? (
          <Row term="Target retirement age">
            {ageAndDate(summary.targetRetirementAge, summary.targetRetirementDate)}
          </Row>
        ) : (
          <>
            <Row term="Normal retirement age">
              {ageAndDate(summary.normalRetirementAge, summary.normalRetirementDate)}
            </Row>
            <Row term="Earliest retirement age">
              {ageAndDate(summary.earliestRetirementAge, summary.earliestRetirementDate)}
            </Row>
          </>
        )}
        {view.pensionPayments && (
          <>
            <Row term="Pension a year">
              {formatCurrency(view.pensionPayments.nextPayment.annualPensionPence)}
            </Row>
            <Row term="Next payment">
              {formatDate(view.pensionPayments.nextPayment.paidOn)}
              {view.pensionPayments.nextPayment.netPence !== null &&
                `: ${formatCurrency(view.pensionPayments.nextPayment.netPence)} after tax`}
            </Row>
          </>
        )}
        {view.guaranteedTransfer && (
          <Row term="Guaranteed transfer value">
            {formatCurrency(view.guaranteedTransfer.transferValuePence)}, guaranteed until{' '}
            {formatDate(view.guaranteedTransfer.guaranteedUntil)}
          </Row>
        )}
        {view.dcPot && (
          <Row term="Pot value">
            {formatCurrency(view.dcPot.potPence)}
            {view.dcPot.valuedOn && `, valued on ${formatDate(view.dcPot.valuedOn)}`}
            {view.dcPot.funds.length > 0 &&
              ` (${view.dcPot.funds.map((fund) => `${fund.name} ${formatCurrency(fund.valuePence)}`).join('; ')})`}
          </Row>
        )}
        <Row term="Joined the scheme">{date(summary.dateJoinedScheme)}</Row>
        {summary.dateLeftScheme && <Row term="Left the scheme">{date(summary.dateLeftScheme)}</Row>}
        {summary.dateRetired && <Row term="Retired">{date(summary.dateRetired)}</Row>}
      </dl>

      <h2>Records</h2>
      {view.hasAccount ? (
        <table className="console-table">
          <caption className="visually-hidden">Records their sign-in can switch between</caption>
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Scheme</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {view.records.map((record) => (
              <tr key={`${record.businessGroup}/${record.referenceNumber}`}>
                <td>
                  {record.current ? (
                    <>
                      {record.businessGroup} {record.referenceNumber} (this record)
                    </>
                  ) : (
                    <Link to={memberViewPath(record.businessGroup, record.referenceNumber)}>
                      {record.businessGroup} {record.referenceNumber}
                    </Link>
                  )}
                </td>
                <td>
                  {record.schemeDescription} ({record.schemeType})
                </td>
                <td>{record.memberStatus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{person.forenames} has not registered for an account yet.</p>
      )}

      <h2>Personal details</h2>
      <dl className="summary-list">
        <Row term="Name">{person.name}</Row>
        <Row term="Date of birth">{formatDate(person.dateOfBirth)}</Row>
        <Row term="National Insurance number">{person.insuranceNumber ?? 'Not held'}</Row>
        <Row term="Email">{contacts.email ?? 'Not held'}</Row>
        <Row term="Mobile">{contacts.mobilePhone ?? 'Not held'}</Row>
        <Row term="Address">
          {contacts.address
            ? [
                ...contacts.address.lines,
                contacts.address.town,
                contacts.address.county,
                contacts.address.postcode,
              ]
                .filter(Boolean)
                .join(', ')
            : 'Not held'}
        </Row>
      </dl>

      <h2>My requests</h2>
      {view.cases.length === 0 ? (
        <p>No requests.</p>
      ) : (
        <table className="console-table">
          <caption className="visually-hidden">Their requests, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
              <th scope="col">Opened</th>
              <th scope="col">Documents</th>
            </tr>
          </thead>
          <tbody>
            {view.cases.map((item) => (
              <tr key={item.caseNumber}>
                <td>
                  <Link to={`/admin/cases/${encodeURIComponent(item.caseNumber)}`}>{item.title}</Link>
                  <br />
                  {item.caseNumber}
                </td>
                <td>
                  {item.status}
                  {item.memberNote && (
                    <>
                      <br />
                      {item.memberNote}
                    </>
                  )}
                </td>
                <td>{date(item.createdAt)}</td>
                <td>
                  {item.documents.length === 0
                    ? 'None'
                    : item.documents
                        .map((document) => `${document.name}: ${documentStatus[document.status]}`)
                        .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Documents</h2>
      {view.documents.totalItems === 0 ? (
        <p>No documents.</p>
      ) : (
        <table className="console-table">
          <caption>
            {view.documents.totalItems > view.documents.items.length
              ? `The newest ${view.documents.items.length} of ${view.documents.totalItems} documents`
              : `${view.documents.totalItems} ${view.documents.totalItems === 1 ? 'document' : 'documents'}, newest first`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Type</th>
              <th scope="col">Received</th>
              <th scope="col">Read by them</th>
            </tr>
          </thead>
          <tbody>
            {view.documents.items.map((document) => (
              <tr key={document.id}>
                <td>
                  {document.name} ({formatFileSize(document.sizeBytes)})
                </td>
                <td>{document.type}</td>
                <td>{date(document.dateReceived)}</td>
                <td>{document.isRead ? 'Yes' : 'Not yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Nomination</h2>
      {nomination.beneficiaries.length === 0 ? (
        <p>No beneficiaries nominated.</p>
      ) : (
        <table className="console-table">
          <caption>Made on {date(nomination.nominatedAt)}</caption>
          <thead>
            <tr>
              <th scope="col">Beneficiary</th>
              <th scope="col">Relationship</th>
              <th scope="col">Share of the lump sum</th>
            </tr>
          </thead>
          <tbody>
            {nomination.beneficiaries.map((beneficiary) => (
              <tr key={beneficiary.id}>
                <td>
                  {beneficiary.kind === 'organisation'
                    ? beneficiary.charityName
                    : `${beneficiary.forenames} ${beneficiary.surname}`}
                </td>
                <td>{beneficiary.relationship}</td>
                <td>{beneficiary.lumpSumPercentage}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
