import type { FormEvent } from 'react';
import type { IdentityCheckList } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi, identityDocumentUrl } from './console-api';
import { TextArea, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';

type Check = IdentityCheckList['checks'][number];

/** Photo IDs waiting for a person to look at them: view each, then confirm it or refuse it with a reason. */
export function IdentityChecksPage() {
  useConsoleTitle('Identity checks');
  const read = useLoad(() => consoleApi.identityChecks());
  const { canAct, errors, busy, refuse, run, feedback } = useStaffAction(read.reload);

  const decide =
    (check: Check, outcome: 'verified' | 'failed') => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const field = `reason-${check.referenceNumber}`;
      const reason = String(new FormData(event.currentTarget).get(field) ?? '').trim();
      if (outcome === 'failed' && !reason) return refuse(field, 'Enter why the photo ID cannot be accepted');
      await run(field, async () => {
        await consoleApi.decideIdentity(
          check.businessGroup,
          check.referenceNumber,
          outcome === 'failed' ? { outcome, reason } : { outcome },
        );
        return `${check.memberName ?? check.referenceNumber}: ${outcome === 'verified' ? 'identity confirmed' : 'photo ID refused'}.`;
      });
    };

  const checks = read.data?.checks;
  return (
    <>
      {feedback}
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
            {canAct && (
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
