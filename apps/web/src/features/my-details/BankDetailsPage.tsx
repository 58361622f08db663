import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { BankChangeResult } from '@meridian/contracts';
import { ActionButton } from '../../components/ActionButton';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFocusOnStep } from '../../components/useFocusOnStep';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { detailsApi, type BankAccountInput, type BankKind } from '../../lib/details-api';
import {
  BankAccountForm,
  MaskedAccountSummary,
  type CheckedBankAccount,
} from '../../components/BankAccountForm';
import { serverError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';
import type { StartedStepUp } from '../step-up';
import { useBackToDetails, YOUR_DETAILS_PATH } from './ContactChangePages';

// The shared step-up (passkey, authenticator app, else a code) loads only when it is asked for.
const StepUpQuestion = lazy(async () => ({ default: (await import('../step-up')).StepUpQuestion }));

type Step =
  | { name: 'kind' }
  /** With the account entered before, when the member comes back to change it. */
  | { name: 'enter'; kind: BankKind; account?: BankAccountInput }
  | { name: 'check'; checked: CheckedBankAccount }
  /** This session has not confirmed it is the member lately: the shared step-up question first. */
  | { name: 'confirm'; checked: CheckedBankAccount; started: StartedStepUp };

const titles = {
  kind: 'Where is your bank account?',
  enter: 'Enter your bank details',
  check: 'Check your bank details',
  confirm: 'Confirm the change to your bank details',
};

/**
 * Change of bank details: UK or overseas → details → check the masked result → saved, after the shared
 * step-up when this session has not confirmed it is the member in the last 15 minutes (their passkey
 * or authenticator app first, else a code to a contact route that has not changed lately).
 */
export function BankDetailsPage() {
  const [step, setStep] = useState<Step>({ name: 'kind' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [kind, setKind] = useState<BankKind | null>(null);
  const back = useBackToDetails();
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}${titles[step.name]}`);
  useFocusOnStep(step.name);

  if (step.name === 'kind') {
    return (
      <div className="narrow">
        <ErrorSummary errors={errors} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!kind) return setErrors([{ field: 'kind-uk', message: 'Select where your bank account is' }]);
            setErrors([]);
            setStep({ name: 'enter', kind });
          }}
        >
          <fieldset aria-describedby={errors.length ? 'kind-error' : undefined}>
            <legend>
              <h1>{titles.kind}</h1>
            </legend>
            {errors.length > 0 && (
              <p id="kind-error" className="error-message">
                <span className="visually-hidden">Error:</span> {errors[0]!.message}
              </p>
            )}
            {(
              [
                ['uk', 'In the UK (sort code and account number)'],
                ['iban', 'Outside the UK (IBAN and BIC)'],
              ] as const
            ).map(([value, label]) => (
              <div className="radio" key={value}>
                <input
                  type="radio"
                  id={`kind-${value}`}
                  name="kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                <label htmlFor={`kind-${value}`}>{label}</label>
              </div>
            ))}
          </fieldset>
          <div className="button-group">
            <button type="submit" className="button">
              Continue
            </button>
            <Link to={YOUR_DETAILS_PATH}>Cancel</Link>
          </div>
        </form>
      </div>
    );
  }

  if (step.name === 'enter') {
    return (
      <div className="narrow">
        <h1>{titles.enter}</h1>
        <BankAccountForm
          kind={step.kind}
          defaultValues={step.account}
          onChecked={(checked) => setStep({ name: 'check', checked })}
        />
        <button type="button" className="link-button" onClick={() => setStep({ name: 'kind' })}>
          Back to where your bank account is
        </button>
      </div>
    );
  }

  /** Tells the member where the money now goes, back on Your details. */
  const saved = (result: BankChangeResult) =>
    back(
      result.status === 'pending' && result.appliesAt
        ? `Your contact details changed recently, so for your safety we will pay into your new account from ${formatDate(result.appliesAt)}. Until then you can cancel the change here.`
        : 'Your bank details have been changed',
    );

  if (step.name === 'check') {
    const { checked } = step;
    return (
      <div className="narrow">
        <ErrorSummary errors={errors} />
        <h1>{titles.check}</h1>
        <MaskedAccountSummary account={checked.masked} />
        <p>
          To keep your pension safe, we will ask you to confirm it is you, with your passkey or a code, unless
          you did so in the last 15 minutes. We will tell you by every way we can reach you.
        </p>
        <div className="button-group">
          <ActionButton
            className="button"
            action={async () => {
              try {
                await saved(await detailsApi.saveBank(checked.kind, checked.account));
              } catch (error) {
                try {
                  if (!(error instanceof HttpError && error.codes[0] === 'fresh_step_up_required'))
                    throw error;
                  const { startStepUp } = await import('../step-up');
                  setStep({ name: 'confirm', checked, started: await startStepUp() });
                  setErrors([]);
                } catch (failure) {
                  setErrors([serverError(failure, 'change-details')]);
                }
              }
            }}
          >
            Confirm the change
          </ActionButton>
          <button
            type="button"
            id="change-details"
            className="link-button"
            onClick={() => setStep({ name: 'enter', kind: checked.kind, account: checked.account })}
          >
            Change these details
          </button>
        </div>
      </div>
    );
  }

  const { checked, started } = step;
  return (
    <div className="narrow">
      <h1>{titles.confirm}</h1>
      <MaskedAccountSummary account={checked.masked} />
      <Suspense fallback={<p className="page-loading">Loading...</p>}>
        <StepUpQuestion
          started={started}
          reason="Your bank details decide where your pension is paid"
          before="we change them"
          onConfirmed={async () => saved(await detailsApi.saveBank(checked.kind, checked.account))}
        />
      </Suspense>
    </div>
  );
}

/** Cancel a bank change that is waiting out its cooling-off: what it is, then a confirm step. */
export function CancelBankChangePage() {
  const pending = useLoad(detailsApi.pendingBankChange);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const back = useBackToDetails();
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}Cancel the change to your bank details`);

  if (pending.failure) return <LoadFailed what="show the change to your bank details" load={pending} />;
  if (pending.data === undefined) return <p className="page-loading">Loading...</p>;
  if (pending.data === null) {
    return (
      <div className="narrow">
        <h1>Cancel the change to your bank details</h1>
        <p>You have no change to your bank details waiting.</p>
        <Link to={YOUR_DETAILS_PATH}>Back to your details</Link>
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Cancel the change to your bank details</h1>
      <p>We will start paying into this account on {formatDate(pending.data.appliesAt)} unless you cancel:</p>
      <MaskedAccountSummary account={pending.data.account} />
      <p>If you cancel, we keep paying into the account we pay now.</p>
      <div className="button-group">
        <ActionButton
          id="cancel-change"
          className="button"
          action={async () => {
            try {
              await detailsApi.cancelBankChange();
              await back('The change to your bank details has been cancelled');
            } catch (error) {
              setErrors([serverError(error, 'cancel-change')]);
            }
          }}
        >
          Yes, cancel the change
        </ActionButton>
        <Link to={YOUR_DETAILS_PATH}>No, keep it</Link>
      </div>
    </div>
  );
}
