import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { IdentityCheckList } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi, identityDocumentUrl } from './console-api';
import { ConsolePagination, countOf } from './ConsolePagination';
import { TextArea, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { MemberLink } from './member-link';

type Check = IdentityCheckList['checks'][number];

/**
 * Photo IDs waiting for a person to look at them, oldest first, a page at a time (the page in the
 * address): view each, then confirm it or refuse it with a reason.
 */
export function IdentityChecksPage() {
  useConsoleTitle('Identity checks');
  const [params] = useSearchParams();
  const page = params.get('page');
  const read = useLoad(() => consoleApi.identityChecks(page), { key: page ?? '1' });
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
      {read.data && read.data.total > 0 && (
        <p className="console-count">
          {countOf(read.data.total, 'photo ID', 'photo IDs')} waiting, the oldest first
        </p>
      )}
      {checks?.length === 0 && (
        <p>{read.data?.total ? 'No photo IDs on this page.' : 'No photo IDs are waiting to be checked.'}</p>
      )}
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
            {check.memberName && (
              <p>
                <MemberLink businessGroup={check.businessGroup} referenceNumber={check.referenceNumber}>
                  {check.memberName}’s record and requests
                </MemberLink>
              </p>
            )}
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
      {read.data && (
        <ConsolePagination
          page={read.data.page}
          limit={read.data.limit}
          total={read.data.total}
          what="photo IDs"
        />
      )}
    </>
  );
}
