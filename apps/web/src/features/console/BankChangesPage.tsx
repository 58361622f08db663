import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { PendingBankChangeList } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi } from './console-api';
import { ConsolePagination, countOf } from './ConsolePagination';
import { TextArea, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { MemberLink } from './member-link';

type Change = PendingBankChangeList['changes'][number];

/**
 * Bank changes held in their cooling-off period, the soonest to apply first, a page at a time (the page
 * in the address): release one early after a call, or cancel it.
 */
export function BankChangesPage() {
  useConsoleTitle('Pending bank changes');
  const [params] = useSearchParams();
  const page = params.get('page');
  const read = useLoad(() => consoleApi.bankChanges(page), { key: page ?? '1' });
  const { canAct, errors, busy, refuse, run, feedback } = useStaffAction(read.reload);

  const decide = (change: Change) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const decision = submitter?.value === 'cancel' ? 'cancel' : 'release';
    const field = `note-${change.id}`;
    const note = String(new FormData(event.currentTarget).get(field) ?? '').trim();
    if (!note) return refuse(field, 'Enter a note: who you spoke to and what they confirmed');
    await run(field, async () => {
      await consoleApi.decideBankChange(change.id, decision, note);
      return `${change.memberName ?? change.referenceNumber}: the change is ${decision === 'release' ? 'released and now in use' : 'cancelled'}. The member is told on every route.`;
    });
  };

  const changes = read.data?.changes;
  return (
    <>
      {feedback}
      <h1>Pending bank changes</h1>
      <p>
        A change of bank details made soon after a change of contact details waits before it applies, so the
        member can stop it if it was not them. Release one early only after speaking to the member on a number
        already on file.
      </p>
      <LoadFailed what="show the pending bank changes" load={read} />
      {!changes && !read.failure && <p>Loading...</p>}
      {read.data && read.data.total > 0 && (
        <p className="console-count">
          {countOf(read.data.total, 'bank change', 'bank changes')} waiting, the soonest to apply first
        </p>
      )}
      {changes?.length === 0 && (
        <p>{read.data?.total ? 'No bank changes on this page.' : 'No bank changes are waiting.'}</p>
      )}
      {changes?.map((change) => {
        const field = `note-${change.id}`;
        const error = errors.find((candidate) => candidate.field === field)?.message;
        const who = change.memberName ?? 'Unknown member';
        return (
          <section key={change.id} aria-labelledby={`change-${change.id}`}>
            <h2 id={`change-${change.id}`}>
              {who} ({change.businessGroup} {change.referenceNumber})
            </h2>
            {change.memberName && (
              <p>
                <MemberLink businessGroup={change.businessGroup} referenceNumber={change.referenceNumber}>
                  {change.memberName}’s record and requests
                </MemberLink>
              </p>
            )}
            <p>
              New account ending {change.accountEnding} in the name of {change.accountName}. Asked for{' '}
              {formatDate(change.requestedAt.slice(0, 10))}; applies by itself on{' '}
              {formatDate(change.appliesAt.slice(0, 10))}.
            </p>
            {canAct && (
              <form noValidate onSubmit={(event) => void decide(change)(event)}>
                <TextArea
                  id={field}
                  label="Note"
                  hint="Who you spoke to, on which number, and what they confirmed (for the audit; the member does not see it)"
                  error={error}
                />
                <div className="button-group">
                  <button type="submit" name="decision" value="release" className="button" disabled={busy}>
                    Release now<span className="visually-hidden"> for {who}</span>
                  </button>
                  <button
                    type="submit"
                    name="decision"
                    value="cancel"
                    className="button button--secondary"
                    disabled={busy}
                  >
                    Cancel the change<span className="visually-hidden"> for {who}</span>
                  </button>
                </div>
              </form>
            )}
          </section>
        );
      })}
      {read.data && (
        <ConsolePagination
          page={read.data.page}
          limit={read.data.limit}
          total={read.data.total}
          what="bank changes"
        />
      )}
    </>
  );
}
