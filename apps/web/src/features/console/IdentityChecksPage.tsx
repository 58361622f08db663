import { useState, type FormEvent } from 'react';
import type { IdentityCheckList } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi, identityDocumentUrl } from './console-api';
import { problemText, TextArea, useConsoleTitle } from './fields';
import { useStaff } from './staff-context';

type Check = IdentityCheckList['checks'][number];

/** Photo IDs waiting for a person to look at them: view each, then confirm it or refuse it with a reason. */
export function IdentityChecksPage() {
  useConsoleTitle('Identity checks');
  const staff = useStaff();
  const read = useLoad(() => consoleApi.identityChecks());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canDecide = ['caseworker', 'team_leader', 'administrator'].includes(staff.role);

  const decide =
    (check: Check, outcome: 'verified' | 'failed') => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const field = `reason-${check.referenceNumber}`;
      const reason = String(new FormData(event.currentTarget).get(field) ?? '').trim();
      setDone(null);
      if (outcome === 'failed' && !reason) {
        setErrors([{ field, message: 'Enter why the photo ID cannot be accepted' }]);
        return;
      }
      setErrors([]);
      setBusy(true);
      try {
        await consoleApi.decideIdentity(
          check.businessGroup,
          check.referenceNumber,
          outcome === 'failed' ? { outcome, reason } : { outcome },
        );
        setDone(
          `${check.memberName ?? check.referenceNumber}: ${outcome === 'verified' ? 'identity confirmed' : 'photo ID refused'}.`,
        );
        await read.reload();
      } catch (error) {
        setErrors([{ field, message: problemText(error) }]);
      } finally {
        setBusy(false);
      }
    };

  const checks = read.data?.checks;
  return (
    <>
      <ErrorSummary errors={errors} />
      {done && (
        <div className="notice" role="status">
          {done}
        </div>
      )}
      <h1>Identity checks</h1>
      <LoadFailed what="show the identity checks" load={read} />
      {!checks && !read.failure && <p>Loading...</p>}
      {checks?.length === 0 && <p>No photo IDs are waiting to be checked.</p>}
      {checks?.map((check) => {
        const field = `reason-${check.referenceNumber}`;
        const error = errors.find((candidate) => candidate.field === field)?.message;
        return (
          <section
            key={`${check.businessGroup}/${check.referenceNumber}`}
            aria-labelledby={`check-${check.referenceNumber}`}
          >
            <h2 id={`check-${check.referenceNumber}`}>
              {check.memberName ?? 'Unknown member'} ({check.businessGroup} {check.referenceNumber})
            </h2>
            <p>
              Sent {formatDate(check.sentAt.slice(0, 10))}.{' '}
              {check.documentId && (
                <a
                  href={identityDocumentUrl(check.businessGroup, check.referenceNumber)}
                  target="_blank"
                  rel="noreferrer"
                >
                  View {check.documentName ?? 'the photo ID'} (opens in a new tab)
                </a>
              )}
            </p>
            {canDecide && (
              <>
                <form noValidate onSubmit={(event) => void decide(check, 'verified')(event)}>
                  <button type="submit" className="button" disabled={busy}>
                    Confirm identity<span className="visually-hidden"> of {check.memberName}</span>
                  </button>
                </form>
                <form noValidate onSubmit={(event) => void decide(check, 'failed')(event)}>
                  <TextArea
                    id={field}
                    label="Reason for refusing"
                    hint="The member reads this"
                    error={error}
                  />
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    Refuse photo ID<span className="visually-hidden"> of {check.memberName}</span>
                  </button>
                </form>
              </>
            )}
          </section>
        );
      })}
    </>
  );
}
