import { useState } from 'react';
import { Link } from 'react-router';
import type { PendingChange } from '@meridian/contracts';
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
import { CodeStep } from '../../components/CodeStep';
import { serverError } from '../../lib/form';
import { useBackToDetails, YOUR_DETAILS_PATH } from './ContactChangePages';

type Step =
  | { name: 'kind' }
  /** With the account entered before, when the member comes back to change it. */
  | { name: 'enter'; kind: BankKind; account?: BankAccountInput }
  | { name: 'check'; checked: CheckedBankAccount }
  | { name: 'code'; checked: CheckedBankAccount; pending: PendingChange };

const titles = {
  kind: 'Where is your bank account?',
  enter: 'Enter your bank details',
  check: 'Check your bank details',
  code: 'Confirm the change to your bank details',
};

/** Change of bank details: UK or overseas → details → check the masked result → step-up code → saved. */
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

  if (step.name === 'check') {
    const { checked } = step;
    return (
      <div className="narrow">
        <ErrorSummary errors={errors} />
        <h1>{titles.check}</h1>
        <MaskedAccountSummary account={checked.masked} />
        <p>
          To keep your pension safe, we will send a code to contact details you have not changed recently, and
          tell you by every way we can reach you.
        </p>
        <div className="button-group">
          <ActionButton
            className="button"
            action={async () => {
              try {
                setStep({
                  name: 'code',
                  checked,
                  pending: await detailsApi.sendBankCode(checked.kind, checked.account),
                });
                setErrors([]);
              } catch (error) {
                setErrors([serverError(error, 'change-details')]);
              }
            }}
          >
            Confirm and send me a code
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

  const { checked, pending } = step;
  return (
    <div className="narrow">
      <MaskedAccountSummary account={checked.masked} />
      <CodeStep
        pending={pending}
        heading={titles.code}
        onResend={() => detailsApi.resendBankCode(pending.nonce)}
        onConfirm={async (code) => {
          const result = await detailsApi.submitBank(checked.kind, checked.account, pending.nonce, code);
          await back(
            result.status === 'pending' && result.appliesAt
              ? `Your contact details changed recently, so for your safety we will pay into your new account from ${formatDate(result.appliesAt)}. Until then you can cancel the change here.`
              : 'Your bank details have been changed',
          );
        }}
      />
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
