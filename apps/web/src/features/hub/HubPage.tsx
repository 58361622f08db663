import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { featureEnabled } from '@meridian/contracts';
import { useTenant } from '../../app/tenant';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { authApi, memberApi, type LinkedRecord, type PersonalDetails } from '../../lib/api';
import { singleAuthData } from '../../lib/session-storage';
import { formatDate } from '../content/format';
import { RetirementSummary } from './RetirementSummary';

const schemeTypeLabel = { DB: 'Defined benefit (final salary)', DC: 'Defined contribution (savings pot)' };

export function HubPage() {
  useDocumentTitle('Your pension');
  const { tenant } = useTenant();
  const [details, setDetails] = useState<PersonalDetails | null>(null);
  const [records, setRecords] = useState<LinkedRecord[]>([]);
  const [switching, setSwitching] = useState(false);

  const load = useCallback(async () => {
    const [personal, linked] = await Promise.all([memberApi.personalDetails(), memberApi.linkedRecords()]);
    setDetails(personal);
    setRecords(linked.members);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function switchRecord(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = String(new FormData(event.currentTarget).get('record') ?? '');
    const record = records.find(
      (candidate) => `${candidate.businessGroup}-${candidate.referenceNumber}` === choice,
    );
    if (!record) return;
    setSwitching(true);
    await authApi.switchUser(record.businessGroup, record.referenceNumber);
    const stored = singleAuthData.read();
    if (stored)
      singleAuthData.write({
        ...stored,
        linkedBgroup: record.businessGroup,
        linkedRefno: record.referenceNumber,
      });
    await load();
    setSwitching(false);
  }

  if (!details) return <p className="page-loading">Loading...</p>;
  return (
    <>
      <h1>Your pension</h1>
      <p className="lead">Welcome, {details.name}.</p>
      <dl className="summary-list" aria-label="Your membership">
        {[
          ['Scheme', details.schemeName],
          ['Type of pension', schemeTypeLabel[details.schemeType]],
          ['Membership status', details.status],
          ['Reference number', details.referenceNumber],
          ['Date of birth', formatDate(details.dateOfBirth)],
        ].map(([term, value]) => (
          <div className="summary-row" key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <RetirementSummary referenceNumber={details.referenceNumber} />
      {records.length > 1 && featureEnabled(tenant, 'linkedRecords') && (
        <form onSubmit={switchRecord} className="record-picker">
          <fieldset>
            <legend>
              <h2>Your records</h2>
            </legend>
            <p id="records-hint">You have more than one pension record. Choose the one to see.</p>
            {records.map((record) => {
              const value = `${record.businessGroup}-${record.referenceNumber}`;
              return (
                <div className="radio" key={value}>
                  <input
                    type="radio"
                    id={`record-${value}`}
                    name="record"
                    value={value}
                    defaultChecked={record.referenceNumber === details.referenceNumber}
                    aria-describedby="records-hint"
                  />
                  <label htmlFor={`record-${value}`}>
                    {record.schemeDescription} ({record.referenceNumber})
                  </label>
                </div>
              );
            })}
          </fieldset>
          <button type="submit" className="button button--secondary" disabled={switching}>
            Show this record
          </button>
        </form>
      )}
    </>
  );
}
