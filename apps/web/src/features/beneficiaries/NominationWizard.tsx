import './beneficiaries.css';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  beneficiaryLimits,
  beneficiarySchema,
  nominationProblems,
  shareHundredths,
  type Beneficiary,
  type PendingChange,
} from '@meridian/contracts';
import { ActionButton } from '../../components/ActionButton';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LeaveWarning } from '../../components/LeaveWarning';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { CodeStep } from '../../components/CodeStep';
import { serverError } from '../../lib/form';
import { beneficiariesApi, beneficiaryName, draftOf, formatShare, readNomination } from './api';
import { BeneficiaryCard } from './BeneficiaryList';
import { BENEFICIARIES_PATH } from './BeneficiariesPage';
import {
  AddressStep,
  OrganisationDetailsStep,
  PersonDetailsStep,
  ShareStep,
  type DraftBeneficiary,
} from './steps';

type ItemStep = 'details' | 'address' | 'share';
type Step =
  | { name: 'list' }
  | { name: ItemStep; index: number; item: DraftBeneficiary; returnTo: 'list' | 'review' }
  | { name: 'remove'; index: number }
  | { name: 'review' }
  | { name: 'code'; pending: PendingChange };

const itemSteps: ItemStep[] = ['details', 'address', 'share'];

const titles: Record<Step['name'], string> = {
  list: 'Your beneficiaries',
  details: 'About this beneficiary',
  address: 'Their address',
  share: 'Their share of the lump sum',
  remove: 'Remove a beneficiary',
  review: 'Check your beneficiaries before you save',
  code: 'Confirm the change to your beneficiaries',
};

const totalHundredths = (list: Beneficiary[]) =>
  list.reduce((sum, beneficiary) => sum + shareHundredths(beneficiary.lumpSumPercentage), 0);

const draftName = (item: DraftBeneficiary) =>
  item.kind === 'person' ? `${item.forenames ?? ''} ${item.surname ?? ''}`.trim() : (item.charityName ?? '');

/** Asks before leaving with unsaved changes: in the app (a dialog) and when the tab closes (the browser's). */
function UnsavedChangesWarning({ when }: { when: boolean }) {
  return (
    <LeaveWarning
      when={when}
      // A saved nomination leaves with a message for the next page, and signing out has already ended
      // the session; anything else with changes asks first.
      leaves={(next) => {
        const state = next.state as { changed?: string; signedOut?: boolean } | null;
        return !state?.changed && !state?.signedOut;
      }}
      title="You have not saved your changes"
      stayLabel="Stay and finish"
      leaveLabel="Leave without saving"
    >
      <p>If you leave now, the changes to your beneficiaries will be lost.</p>
    </LeaveWarning>
  );
}

/**
 * The nomination wizard: the list being written (add, change, remove people and charities), each
 * beneficiary's details, address and share, a check of the whole, a step-up code, then saved.
 */
export function NominationWizard() {
  const navigate = useNavigate();
  const loaded = useLoad(readNomination);
  const saved = useMemo(() => (loaded.data ? draftOf(loaded.data.nomination) : null), [loaded.data]);
  const statuses = loaded.data?.statuses ?? [];
  // The list as the member has changed it; until they do, the saved one.
  const [edited, setEdited] = useState<Beneficiary[] | null>(null);
  const draft = edited ?? saved ?? [];
  const setDraft = (change: (list: Beneficiary[]) => Beneficiary[]) =>
    setEdited((list) => change(list ?? saved ?? []));
  const [step, setStep] = useState<Step>({ name: 'list' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}${titles[step.name]}`);

  useEffect(() => {
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [step]);

  const changed = saved !== null && JSON.stringify(saved) !== JSON.stringify(draft);
  // A beneficiary half written counts as a change too.
  const dirty = changed || ['details', 'address', 'share'].includes(step.name);
  const go = (next: Step) => {
    setErrors([]);
    setStep(next);
  };

  if (loaded.failure) return <LoadFailed what="change your beneficiaries" load={loaded} />;
  if (!saved) return <p className="page-loading">Loading your beneficiaries</p>;

  const warning = <UnsavedChangesWarning when={dirty} />;

  if (step.name === 'details' || step.name === 'address' || step.name === 'share') {
    const { index, item, returnTo } = step;
    const at = itemSteps.indexOf(step.name);
    const back = () =>
      at === 0 || returnTo === 'review' ? go({ name: returnTo }) : go({ ...step, name: itemSteps[at - 1]! });
    const advance = (update: Partial<DraftBeneficiary>) => {
      const next = { ...item, ...update } as DraftBeneficiary;
      const complete = beneficiarySchema.safeParse(next);
      if ((at === itemSteps.length - 1 || returnTo === 'review') && complete.success) {
        setDraft((list) =>
          index < list.length
            ? list.map((old, position) => (position === index ? complete.data : old))
            : [...list, complete.data],
        );
        return go({ name: returnTo });
      }
      go({ ...step, name: itemSteps[Math.min(at + 1, itemSteps.length - 1)]!, item: next });
    };
    const name = draftName(item) || 'them';
    const others = totalHundredths(draft.filter((_, position) => position !== index));
    return (
      <div className="narrow">
        {warning}
        {step.name === 'details' &&
          (item.kind === 'person' ? (
            <PersonDetailsStep key={step.name} draft={item} onDone={advance} onBack={back} />
          ) : (
            <OrganisationDetailsStep key={step.name} draft={item} onDone={advance} onBack={back} />
          ))}
        {step.name === 'address' && (
          <AddressStep key={step.name} draft={item} name={name} onDone={advance} onBack={back} />
        )}
        {step.name === 'share' && (
          <ShareStep
            key={step.name}
            draft={item}
            name={name}
            othersHundredths={others}
            onDone={advance}
            onBack={back}
          />
        )}
      </div>
    );
  }

  if (step.name === 'remove') {
    const beneficiary = draft[step.index]!;
    return (
      <div className="narrow">
        {warning}
        <h1 tabIndex={-1}>Remove {beneficiaryName(beneficiary)}?</h1>
        <p>Their share of {formatShare(beneficiary.lumpSumPercentage)} will need to go to someone else.</p>
        <div className="button-group">
          <button
            type="button"
            className="button button--warning"
            onClick={() => {
              setDraft((list) => list.filter((_, position) => position !== step.index));
              go({ name: 'list' });
            }}
          >
            Yes, remove them
          </button>
          <button type="button" className="link-button" onClick={() => go({ name: 'list' })}>
            No, keep them
          </button>
        </div>
      </div>
    );
  }

  if (step.name === 'code') {
    const { pending } = step;
    return (
      <div className="narrow">
        {warning}
        <CodeStep
          pending={pending}
          heading={titles.code}
          onResend={() => beneficiariesApi.resendCode(pending.nonce)}
          onConfirm={async (code) => {
            await beneficiariesApi.save(draft, pending.nonce, code);
            await navigate(BENEFICIARIES_PATH, { state: { changed: 'Your beneficiaries have been saved' } });
          }}
        />
      </div>
    );
  }

  const total = totalHundredths(draft);
  const startItem = (kind: 'person' | 'organisation') =>
    go({ name: 'details', index: draft.length, item: { kind }, returnTo: 'list' });

  if (step.name === 'review') {
    const problems = nominationProblems(draft, new Date().toISOString().slice(0, 10));
    return (
      <>
        {warning}
        <ErrorSummary errors={errors} />
        <h1 tabIndex={-1}>{titles.review}</h1>
        {draft.length === 0 ? (
          <p>You are removing everyone: you will have no beneficiaries.</p>
        ) : (
          <ul className="beneficiary-list">
            {draft.map((beneficiary, index) => (
              <BeneficiaryCard
                key={index}
                beneficiary={beneficiary}
                statuses={statuses}
                actions={
                  <div className="button-group">
                    {itemSteps.map((part) => (
                      <button
                        key={part}
                        type="button"
                        className="link-button"
                        onClick={() => go({ name: part, index, item: beneficiary, returnTo: 'review' })}
                      >
                        Change {part === 'details' ? 'details' : part === 'address' ? 'address' : 'share'}
                        <span className="visually-hidden"> for {beneficiaryName(beneficiary)}</span>
                      </button>
                    ))}
                  </div>
                }
              />
            ))}
          </ul>
        )}
        <p className="share-total">Lump-sum shares add up to {formatShare(total / 100)}</p>
        <p>
          To keep your nomination safe, we will send a code to contact details you have not changed recently.
        </p>
        <div className="button-group">
          <ActionButton
            className="button"
            action={async () => {
              if (problems.length)
                return setErrors(
                  problems.map((problem) => ({ field: 'beneficiaries', message: problem.message })),
                );
              try {
                go({ name: 'code', pending: await beneficiariesApi.sendCode(draft) });
              } catch (error) {
                setErrors([serverError(error, 'beneficiaries')]);
              }
            }}
          >
            Confirm and send me a code
          </ActionButton>
          <button
            type="button"
            id="beneficiaries"
            className="link-button"
            onClick={() => go({ name: 'list' })}
          >
            Back to your list
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      {warning}
      <ErrorSummary errors={errors} />
      <h1 tabIndex={-1}>{titles.list}</h1>
      <p>
        Add the people and charities you would like to receive your lump sum. The shares must add up to 100%.
        You can also choose one person to receive your pension.
      </p>
      {draft.length === 0 ? (
        <p>You have not added anyone yet.</p>
      ) : (
        <ul className="beneficiary-list">
          {draft.map((beneficiary, index) => (
            <BeneficiaryCard
              key={index}
              beneficiary={beneficiary}
              statuses={statuses}
              actions={
                <div className="button-group">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => go({ name: 'details', index, item: beneficiary, returnTo: 'list' })}
                  >
                    Change<span className="visually-hidden"> {beneficiaryName(beneficiary)}</span>
                  </button>
                  <button type="button" className="link-button" onClick={() => go({ name: 'remove', index })}>
                    Remove<span className="visually-hidden"> {beneficiaryName(beneficiary)}</span>
                  </button>
                </div>
              }
            />
          ))}
        </ul>
      )}
      <p className="share-total" id="beneficiaries">
        Lump-sum shares add up to {formatShare(total / 100)}
        {draft.length > 0 && total !== 10_000
          ? ` (${formatShare(Math.abs(10_000 - total) / 100)} ${total < 10_000 ? 'still to give' : 'too much'})`
          : ''}
      </p>
      {draft.length < beneficiaryLimits.count && (
        <div className="button-group form-group">
          <button type="button" className="button button--secondary" onClick={() => startItem('person')}>
            Add a person
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => startItem('organisation')}
          >
            Add a charity or organisation
          </button>
        </div>
      )}
      <div className="button-group">
        <button
          type="button"
          className="button"
          onClick={() => {
            const problems = nominationProblems(draft, new Date().toISOString().slice(0, 10));
            if (problems.length)
              return setErrors(
                problems.map((problem) => ({ field: 'beneficiaries', message: problem.message })),
              );
            if (!dirty)
              return setErrors([{ field: 'beneficiaries', message: 'You have not changed anything yet' }]);
            go({ name: 'review' });
          }}
        >
          Continue
        </button>
        <Link to={BENEFICIARIES_PATH}>Cancel</Link>
      </div>
    </>
  );
}
