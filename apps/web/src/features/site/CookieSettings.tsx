import { useState, type FormEvent } from 'react';
import { chooseConsent, useConsent, type Consent } from '../analytics';

/** The analytics-cookie choice on the cookies page: change it at any time, effective at once. */
export function CookieSettings() {
  const consent = useConsent();
  const [choice, setChoice] = useState<Consent | null>(consent);
  const [saved, setSaved] = useState(false);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    chooseConsent(choice);
    setSaved(true);
  };
  const option = (value: Consent, label: string) => (
    <div className="radio">
      <input
        type="radio"
        id={`analytics-cookies-${value}`}
        name="analytics-cookies"
        value={value}
        checked={choice === value}
        onChange={() => {
          setChoice(value);
          setSaved(false);
        }}
      />
      <label htmlFor={`analytics-cookies-${value}`}>{label}</label>
    </div>
  );

  return (
    <section aria-labelledby="cookie-settings-heading" data-analytics-ignore="">
      <h2 id="cookie-settings-heading">Change your cookie settings</h2>
      <form onSubmit={save} noValidate>
        <fieldset>
          <legend className="legend">Do you want to allow analytics cookies?</legend>
          {option('accepted', 'Yes, use analytics cookies')}
          {option('rejected', 'No, do not use analytics cookies')}
        </fieldset>
        <button type="submit" className="button">
          Save cookie settings
        </button>
      </form>
      <p role="status">{saved ? 'Your cookie settings were saved.' : ''}</p>
    </section>
  );
}
