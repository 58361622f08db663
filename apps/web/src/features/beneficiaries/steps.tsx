import { useEffect, useState, type FormEvent } from 'react';
import {
  beneficiaryAddressSchema,
  beneficiaryLimits,
  organisationBeneficiarySchema,
  personBeneficiarySchema,
  readPerson,
  readShare,
  shareHundredths,
  type Beneficiary,
  type BeneficiaryAddress,
  type PersonFieldName,
} from '@meridian/contracts';
import { PersonFields, personInputFrom, ShareInput } from '../../components/PersonFields';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { describedByFor, FieldMessages, TextField } from '../../components/TextField';
import { AddressLookup } from '../../components/AddressForm';
import { detailsApi } from '../../lib/details-api';
import { checkForm, errorFor } from '../../lib/form';
import { formatShare } from './api';

/** A beneficiary while it is being written: the parts answered so far. */
export type DraftBeneficiary =
  | ({ kind: 'person' } & Partial<Omit<Extract<Beneficiary, { kind: 'person' }>, 'kind'>>)
  | ({ kind: 'organisation' } & Partial<Omit<Extract<Beneficiary, { kind: 'organisation' }>, 'kind'>>);

const labels: Record<string, [label: string, max?: number]> = {
  relationship: ['Relationship'],
  forenames: ['First names', beneficiaryLimits.forenames],
  surname: ['Last name', beneficiaryLimits.surname],
  dateOfBirth: ['Date of birth'],
  charityName: ['Name of the charity or organisation', beneficiaryLimits.charityName],
  charityNumber: ['Charity number'],
  notes: ['Notes', beneficiaryLimits.notes],
  line1: ['Address line 1', beneficiaryLimits.addressLine],
  line2: ['Address line 2', beneficiaryLimits.addressLine],
  line3: ['Address line 3', beneficiaryLimits.addressLine],
  line4: ['Town or city', beneficiaryLimits.addressLine],
  line5: ['County', beneficiaryLimits.addressLine],
  postCode: ['Postcode', beneficiaryLimits.postCode],
  lumpSumPercentage: ['Share of the lump sum'],
};

/** The contract's refusals in the words of the field: "Last name must be 20 characters or fewer". */
export function friendly(errors: FieldError[]): FieldError[] {
  return errors.map(({ field, message }) => {
    const [label, max] = labels[field] ?? ['This answer'];
    if (/HTML/.test(message)) return { field, message: `${label} must not contain HTML` };
    if (max !== undefined && /Too big|<=/.test(message)) {
      return { field, message: `${label} must be ${max} characters or fewer` };
    }
    if (/required|Invalid input|expected string/.test(message))
      return { field, message: `Enter the ${label.toLowerCase()}` };
    return { field, message: `${label}: ${message}` };
  });
}

const text = (form: FormData, key: string) => String(form.get(key) ?? '').trim();
const optional = (form: FormData, key: string) => text(form, key) || undefined;

interface StepProps<T> {
  draft: DraftBeneficiary;
  onDone: (update: T) => void;
  onBack: () => void;
}

function StepButtons({ onBack }: { onBack: () => void }) {
  return (
    <div className="button-group">
      <button type="submit" className="button">
        Continue
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        Back
      </button>
    </div>
  );
}

function NotesField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const hint = `Anything the trustees should know, such as how to reach them. Up to ${beneficiaryLimits.notes} characters.`;
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor="notes">Notes (optional)</label>
      <FieldMessages id="notes" hint={hint} error={error} />
      <textarea
        id="notes"
        name="notes"
        rows={3}
        defaultValue={defaultValue}
        aria-describedby={describedByFor('notes', hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** The person's fields a nomination asks, read and shown as a journey's person question reads and shows them. */
const nominatedPersonFields: PersonFieldName[] = ['relationship', 'name', 'date-of-birth'];

/** A person's details: relationship, names, date of birth, whether they receive the pension. */
export function PersonDetailsStep({ draft, onDone, onBack }: StepProps<Partial<DraftBeneficiary>>) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const person = draft.kind === 'person' ? draft : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = readPerson(nominatedPersonFields, personInputFrom(form, nominatedPersonFields, ''), {
      today: today(),
    });
    const rest = checkForm(personBeneficiarySchema.pick({ isPensionBeneficiary: true, notes: true }), {
      isPensionBeneficiary: form.get('isPensionBeneficiary') === 'yes',
      notes: optional(form, 'notes'),
    });
    const found = [
      ...(read.ok ? [] : read.problems.map(({ field, message }) => ({ field, message }))),
      ...(rest.ok ? [] : friendly(rest.errors)),
    ];
    if (!read.ok || !rest.ok) return setErrors(found);
    const { relationship, forenames, surname, dateOfBirth } = read.person;
    onDone({ kind: 'person', relationship, forenames, surname, dateOfBirth, ...rest.value });
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors} />
      <h1 tabIndex={-1}>About this person</h1>
      <PersonFields
        fields={nominatedPersonFields}
        prefix=""
        initial={
          person
            ? {
                relationship: person.relationship,
                forenames: person.forenames,
                surname: person.surname,
                dateOfBirth: person.dateOfBirth,
              }
            : undefined
        }
        errors={errors}
      />
      <fieldset className="form-group">
        <legend className="legend">Should this person receive your pension?</legend>
        <p className="hint">
          Only one person can receive your pension. They can have a share of the lump sum too.
        </p>
        {(
          [
            ['yes', 'Yes'],
            ['no', 'No'],
          ] as const
        ).map(([value, label]) => (
          <div className="radio" key={value}>
            <input
              type="radio"
              id={`isPensionBeneficiary-${value}`}
              name="isPensionBeneficiary"
              value={value}
              defaultChecked={(person?.isPensionBeneficiary ?? false) === (value === 'yes')}
            />
            <label htmlFor={`isPensionBeneficiary-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <NotesField defaultValue={person?.notes} error={errorFor(errors, 'notes')} />
      <StepButtons onBack={onBack} />
    </form>
  );
}

/** A charity's or organisation's details: name, charity number, notes. */
export function OrganisationDetailsStep({ draft, onDone, onBack }: StepProps<Partial<DraftBeneficiary>>) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const organisation = draft.kind === 'organisation' ? draft : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = text(form, 'charityNumber').replace(/\s/g, '');
    if (number && !/^\d{1,10}$/.test(number)) {
      return setErrors([{ field: 'charityNumber', message: 'Charity number must be up to 10 digits' }]);
    }
    const checked = checkForm(
      organisationBeneficiarySchema.pick({ charityName: true, charityNumber: true, notes: true }),
      {
        charityName: text(form, 'charityName'),
        charityNumber: number ? Number(number) : undefined,
        notes: optional(form, 'notes'),
      },
    );
    if (!checked.ok) return setErrors(friendly(checked.errors));
    onDone({ kind: 'organisation', relationship: 'Charity', ...checked.value });
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors} />
      <h1 tabIndex={-1}>About the charity or organisation</h1>
      <TextField
        id="charityName"
        label="Name of the charity or organisation"
        defaultValue={organisation?.charityName}
        error={errorFor(errors, 'charityName')}
      />
      <TextField
        id="charityNumber"
        label="Charity number (optional)"
        hint="The number it is registered under, up to 10 digits"
        inputMode="numeric"
        className="input--8"
        defaultValue={organisation?.charityNumber?.toString()}
        error={errorFor(errors, 'charityNumber')}
      />
      <NotesField defaultValue={organisation?.notes} error={errorFor(errors, 'notes')} />
      <StepButtons onBack={onBack} />
    </form>
  );
}

function CountryField({ defaultValue }: { defaultValue: string }) {
  const [countries, setCountries] = useState<Array<{ code: string; name: string }>>([
    { code: 'GB', name: 'United Kingdom' },
  ]);
  useEffect(() => {
    void detailsApi.countries().then(setCountries, () => undefined);
  }, []);
  return (
    <div className="form-group">
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

/** Where the beneficiary lives: looked up, or entered by hand. */
export function AddressStep({
  draft,
  name,
  onDone,
  onBack,
}: StepProps<{ address: BeneficiaryAddress }> & { name: string }) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [shown, setShown] = useState<Partial<BeneficiaryAddress>>(draft.address ?? {});
  const [formKey, setFormKey] = useState(0);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const select = event.currentTarget.elements.namedItem('countryCode') as HTMLSelectElement | null;
    const countryCode = text(form, 'countryCode') || 'GB';
    const country = select?.selectedOptions[0]?.textContent ?? undefined;
    const checked = checkForm(beneficiaryAddressSchema, {
      line1: text(form, 'line1'),
      line2: optional(form, 'line2'),
      line3: optional(form, 'line3'),
      line4: optional(form, 'line4'),
      line5: optional(form, 'line5'),
      postCode: optional(form, 'postCode'),
      countryCode,
      country: country?.slice(0, beneficiaryLimits.country),
    });
    if (!checked.ok) return setErrors(friendly(checked.errors));
    onDone({ address: checked.value });
  }

  const fields: Array<[keyof BeneficiaryAddress, string, string?]> = [
    ['line1', 'Address line 1'],
    ['line2', 'Address line 2 (optional)'],
    ['line3', 'Address line 3 (optional)'],
    ['line4', 'Town or city (optional)'],
    ['line5', 'County (optional)'],
    ['postCode', 'Postcode (optional)', 'input--8'],
  ];
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1 tabIndex={-1}>What is {name}’s address?</h1>
      <AddressLookup
        label="Find the address"
        onChosen={(found) => {
          setShown({
            line1: found.lines[0],
            line2: found.lines[1],
            line3: found.lines[2],
            line4: found.town,
            line5: found.county ?? undefined,
            postCode: found.postcode,
            countryCode: found.countryCode,
          });
          setFormKey((key) => key + 1);
          window.setTimeout(() => document.getElementById('line1')?.focus());
        }}
      />
      <form noValidate onSubmit={submit} key={formKey}>
        <fieldset>
          <legend>
            <h2>Address</h2>
          </legend>
          <p className="hint">
            Check the address, or enter it yourself. Each line can be up to {beneficiaryLimits.addressLine}{' '}
            characters.
          </p>
          {fields.map(([key, label, className]) => (
            <TextField
              key={key}
              id={key}
              label={label}
              className={className}
              defaultValue={shown[key] ?? ''}
              error={errorFor(errors, key)}
            />
          ))}
          <CountryField defaultValue={shown.countryCode ?? 'GB'} />
        </fieldset>
        <StepButtons onBack={onBack} />
      </form>
    </>
  );
}

/** The share of the lump sum, with what the others already have. */
export function ShareStep({
  draft,
  name,
  othersHundredths,
  onDone,
  onBack,
}: StepProps<{ lumpSumPercentage: number }> & { name: string; othersHundredths: number }) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const left = Math.max(0, 10_000 - othersHundredths) / 100;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read as a journey list reads an item's share: 0 to 100, to 2 decimal places.
    const share = readShare(text(new FormData(event.currentTarget), 'lumpSumPercentage'));
    if (!share.ok) return setErrors([{ field: 'lumpSumPercentage', message: share.message }]);
    onDone({ lumpSumPercentage: share.percentage });
  }

  const hint = `Others have ${formatShare(othersHundredths / 100)} so far, so ${formatShare(left)} is left. All the shares must add up to 100%.`;
  const error = errorFor(errors, 'lumpSumPercentage');
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors} />
      <div className={`form-group${error ? ' form-group--error' : ''}`}>
        <h1 tabIndex={-1}>
          <label htmlFor="lumpSumPercentage">What share of the lump sum should {name} get?</label>
        </h1>
        <ShareInput
          id="lumpSumPercentage"
          hint={hint}
          error={error}
          defaultValue={
            draft.lumpSumPercentage !== undefined
              ? String(shareHundredths(draft.lumpSumPercentage) / 100)
              : undefined
          }
        />
      </div>
      <StepButtons onBack={onBack} />
    </form>
  );
}
