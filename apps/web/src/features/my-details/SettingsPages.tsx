import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { notificationSettingsSchema, type NotificationSettings } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { detailsApi, type StoredAddress } from '../../lib/details-api';
import { AddressForm } from '../../components/AddressForm';
import { useBackToDetails, YOUR_DETAILS_PATH } from './ContactChangePages';
import { checkForm, errorFor, serverError } from '../../lib/form';

export function ChangeAddressPage() {
  // Without the address we hold, the member can still type their new one.
  const current = useLoad(() => detailsApi.address().catch((): StoredAddress | null => null));
  const back = useBackToDetails();
  useDocumentTitle('Change your address');
  if (current.data === undefined) return <p className="page-loading">Loading...</p>;
  return (
    <div className="narrow">
      <h1>Change your address</h1>
      <AddressForm
        initial={current.data}
        onSubmit={async (address) => {
          await detailsApi.saveAddress(address);
          await back('Your address has been changed');
        }}
      />
      <p>
        <Link to={YOUR_DETAILS_PATH}>Cancel</Link>
      </p>
    </div>
  );
}

const channels = [
  ['email', 'Email'],
  ['sms', 'Text message'],
  ['post', 'Post only'],
] as const;

export function ContactPreferencesPage() {
  const saved = useLoad(() => detailsApi.notifications());
  // The boxes as the member has ticked them; until they do, the settings we hold.
  const [edited, setSettings] = useState<NotificationSettings | null>(null);
  const settings = edited ?? saved.data;
  const [errors, setErrors] = useState<FieldError[]>([]);
  const back = useBackToDetails();
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}How should we contact you?`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(notificationSettingsSchema, settings);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await detailsApi.saveNotifications(checked.value);
      await back('How we contact you has been changed');
    } catch (error) {
      setErrors([serverError(error, 'email')]);
    }
  }

  if (saved.failure) return <LoadFailed what="show how we contact you" load={saved} />;
  if (!settings) return <p className="page-loading">Loading...</p>;
  const error = errorFor(errors, 'email') ?? errorFor(errors, 'post');
  return (
    <div className="narrow">
      <ErrorSummary errors={errors.map((entry) => ({ ...entry, field: 'email' }))} />
      <form noValidate onSubmit={submit}>
        <fieldset aria-describedby={`channels-hint${error ? ' channels-error' : ''}`}>
          <legend>
            <h1>How should we contact you?</h1>
          </legend>
          <p id="channels-hint" className="hint">
            Select all that apply. This is how we tell you about your requests and documents we need. If you
            choose post only, we will write to you instead. Security messages, such as a sign-in from a new
            device or a change to your bank details, go to every contact detail we hold.
          </p>
          {error && (
            <p id="channels-error" className="error-message">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
          {channels.map(([key, label]) => (
            <div className="radio" key={key}>
              <input
                type="checkbox"
                id={key}
                name={key}
                checked={settings[key]}
                onChange={(event) => setSettings({ ...settings, [key]: event.target.checked })}
              />
              <label htmlFor={key}>{label}</label>
            </div>
          ))}
        </fieldset>
        <div className="button-group">
          <button type="submit" className="button">
            Save
          </button>
          <Link to={YOUR_DETAILS_PATH}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
