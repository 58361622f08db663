import './forms.css';
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { addressSchema, type Address, type AddressSuggestion } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from './ErrorSummary';
import { TextField } from './TextField';
import { detailsApi, type StoredAddress } from '../lib/details-api';
import { AddressSearchContext } from './address-search';
import { checkForm, errorFor, serverError } from '../lib/form';

const SEARCH_DELAY_MS = 300;

interface AddressFormProps {
  /** The address shown first in the manual form. */
  initial?: StoredAddress | null;
  submitLabel?: string;
  onSubmit: (address: Address) => Promise<void>;
}

/**
 * Suggestions as the member types (after a pause), opening containers such as a block of flats. Reused
 * by any form that asks for an address (a beneficiary's, say), with its own label.
 */
export function AddressLookup({
  onChosen,
  label = 'Find your address',
}: {
  onChosen: (address: StoredAddress) => void;
  label?: string;
}) {
  const [text, setText] = useState('');
  const [container, setContainer] = useState<AddressSuggestion | null>(null);
  const [results, setResults] = useState<AddressSuggestion[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const lookup = useContext(AddressSearchContext);

  useEffect(() => {
    if (!container && text.trim().length < 2) return setResults(null);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      lookup
        .search(text.trim(), container?.id, controller.signal)
        .then((found) => {
          setResults(found);
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setProblem(serverError(error, 'address-search').message);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, container, lookup]);

  async function choose(suggestion: AddressSuggestion) {
    if (suggestion.kind === 'Container') {
      setContainer(suggestion);
      listRef.current?.querySelector('button')?.focus();
      return;
    }
    try {
      onChosen(await lookup.address(suggestion.id));
    } catch (error) {
      setProblem(serverError(error, 'address-search').message);
    }
  }

  const moveFocus = (event: React.KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[index + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="address-lookup">
      <TextField
        id="address-search"
        label={label}
        hint="Enter a postcode, or the first line of the address and the town"
        value={text}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          setContainer(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            listRef.current?.querySelector('button')?.focus();
          }
        }}
      />
      <p role="status" className="hint">
        {problem ??
          (results === null
            ? ''
            : `${results.length} ${results.length === 1 ? 'result' : 'results'}${container ? ` in ${container.text}` : ''}`)}
      </p>
      {container && (
        <button type="button" className="link-button" onClick={() => setContainer(null)}>
          Back to all results
        </button>
      )}
      {results && results.length > 0 && (
        <ul className="address-results" ref={listRef} onKeyDown={moveFocus} aria-label="Addresses found">
          {results.map((result) => (
            <li key={result.id}>
              <button type="button" className="link-button" onClick={() => void choose(result)}>
                {result.text}, {result.description}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The address question, reusable by any journey: look the address up, or enter it by hand; checked
 * with the contract's address schema before it is handed to `onSubmit`.
 */
export function AddressForm({ initial, submitLabel = 'Save address', onSubmit }: AddressFormProps) {
  const [manual, setManual] = useState<StoredAddress | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const shown = manual ?? initial ?? null;
  // A chosen address fills a new form: focus goes to its first line once it is there.
  useEffect(() => {
    if (formKey > 0) document.getElementById('lines-0')?.focus();
  }, [formKey]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(addressSchema, {
      lines: [0, 1, 2, 3].map((index) => String(form.get(`lines-${index}`) ?? '')),
      town: form.get('town') ?? '',
      county: form.get('county') ?? '',
      postcode: form.get('postcode') ?? '',
      countryCode: form.get('countryCode') ?? 'GB',
    });
    if (!checked.ok) {
      return setErrors(
        checked.errors.map((error) => (error.field === 'lines' ? { ...error, field: 'lines-0' } : error)),
      );
    }
    setBusy(true);
    try {
      await onSubmit(checked.value);
    } catch (error) {
      setErrors([serverError(error, 'lines-0')]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <AddressLookup
        onChosen={(address) => {
          setManual(address);
          setFormKey((key) => key + 1);
        }}
      />
      <form noValidate onSubmit={submit} key={formKey}>
        <fieldset>
          <legend>
            <h2>Address</h2>
          </legend>
          <p className="hint">Check the address, or enter it yourself</p>
          {[0, 1, 2, 3].map((index) => (
            <TextField
              key={index}
              id={`lines-${index}`}
              label={index === 0 ? 'Address line 1' : `Address line ${index + 1} (optional)`}
              defaultValue={shown?.lines[index] ?? ''}
              autoComplete={`address-line${Math.min(index + 1, 3)}`}
              error={errorFor(errors, `lines-${index}`)}
            />
          ))}
          <TextField
            id="town"
            label="Town or city"
            defaultValue={shown?.town ?? ''}
            autoComplete="address-level2"
            error={errorFor(errors, 'town')}
          />
          <TextField
            id="county"
            label="County (optional)"
            defaultValue={shown?.county ?? ''}
            error={errorFor(errors, 'county')}
          />
          <TextField
            id="postcode"
            label="Postcode"
            defaultValue={shown?.postcode ?? ''}
            autoComplete="postal-code"
            className="input--short"
            error={errorFor(errors, 'postcode')}
          />
          <CountrySelect defaultValue={shown?.countryCode ?? 'GB'} error={errorFor(errors, 'countryCode')} />
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </>
  );
}

function CountrySelect({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [countries, setCountries] = useState<Array<{ code: string; name: string }>>([
    { code: 'GB', name: 'United Kingdom' },
  ]);
  useEffect(() => {
    void detailsApi.countries().then(setCountries, () => undefined);
  }, []);
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor="countryCode">Country</label>
      <select id="countryCode" name="countryCode" key={countries.length} defaultValue={defaultValue}>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </div>
  );
}
