import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authApi, type LinkedRecord } from '../../lib/api';
import { serviceProblem } from '../../lib/service-problem';
import { singleAuthData } from '../../lib/session-storage';

const recordValue = (record: LinkedRecord) => `${record.businessGroup}-${record.referenceNumber}`;
const recordName = (record: LinkedRecord) => `${record.schemeDescription} (${record.referenceNumber})`;

/**
 * The member's records as large choices; after a switch, a confirmation names the record now shown
 * and takes the focus, so a screen-reader user hears it too.
 */
export function RecordPicker({
  records,
  shownReference,
  onSwitched,
}: {
  records: LinkedRecord[];
  shownReference: string;
  onSwitched: () => Promise<void>;
}) {
  const [switching, setSwitching] = useState(false);
  const [switchedTo, setSwitchedTo] = useState<LinkedRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (switchedTo) confirmation.current?.focus();
  }, [switchedTo]);

  async function switchRecord(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = String(new FormData(event.currentTarget).get('record') ?? '');
    const record = records.find((candidate) => recordValue(candidate) === choice);
    if (!record) return;
    setSwitching(true);
    setSwitchedTo(null);
    setFailure(null);
    try {
      await authApi.switchUser(record.businessGroup, record.referenceNumber);
      const stored = singleAuthData.read();
      if (stored)
        singleAuthData.write({
          ...stored,
          linkedBgroup: record.businessGroup,
          linkedRefno: record.referenceNumber,
        });
      await onSwitched();
      setSwitchedTo(record);
    } catch (error) {
      setFailure(`Sorry, we could not show that record. ${serviceProblem(error) ?? 'Try again later'}.`);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <>
      {switchedTo && (
        <div className="message message--success" tabIndex={-1} ref={confirmation} role="status">
          <h2 className="message__title">
            <span className="visually-hidden">Success: </span>
            You are now seeing your {switchedTo.schemeDescription} record
          </h2>
          <p>Reference number {switchedTo.referenceNumber}. Everything on this site now shows this record.</p>
        </div>
      )}
      <form onSubmit={switchRecord} className="record-picker" id="records">
        <fieldset aria-describedby={failure ? 'records-error' : undefined}>
          <legend>
            <h2>Your records</h2>
          </legend>
          <p id="records-hint">You have more than one pension record. Choose the one to see.</p>
          {failure && (
            <p className="error-message" id="records-error" role="alert">
              <span className="visually-hidden">Error:</span> {failure}
            </p>
          )}
          <div className="record-picker__choices">
            {records.map((record) => {
              const value = recordValue(record);
              const shown = record.referenceNumber === shownReference;
              return (
                <div className="record-choice" key={value}>
                  <input
                    type="radio"
                    id={`record-${value}`}
                    name="record"
                    value={value}
                    defaultChecked={shown}
                    aria-describedby={`record-${value}-hint records-hint`}
                  />
                  <label htmlFor={`record-${value}`}>
                    <span className="record-choice__name">{recordName(record)}</span>
                    <span className="record-choice__hint" id={`record-${value}-hint`}>
                      {record.schemeType === 'DB' ? 'Defined benefit' : 'Defined contribution'},{' '}
                      {record.memberStatus.toLowerCase()}
                      {shown ? ' (shown now)' : ''}
                    </span>
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
        <button type="submit" className="button button--secondary" disabled={switching}>
          Show this record
        </button>
      </form>
    </>
  );
}
