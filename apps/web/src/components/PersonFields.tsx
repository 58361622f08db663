import './forms.css';
import { useState } from 'react';
import {
  relationshipStatuses,
  type PersonFieldName,
  type PersonInput,
  type UkAddressInput,
} from '@meridian/contracts';
import { AddressLookup } from './AddressForm';
import { DateField, readDateField } from './DateField';
import type { FieldError } from './ErrorSummary';
import { describedByFor, FieldMessages, TextField } from './TextField';

/**
 * The boxes of a person (journeys' person and list questions, the nomination wizard), each with its
 * own inline error. `prefix` keeps the ids apart when a page has more than one person's boxes; a
 * problem's `field` is the box's unprefixed name, as the contracts' `readPerson` reports it.
 */
interface BoxesProps<T> {
  prefix: string;
  initial?: T;
  errors: FieldError[];
}

const errorIn = (errors: FieldError[], box: string) => errors.find((error) => error.field === box)?.message;
const text = (form: FormData, name: string) => String(form.get(name) ?? '');

const personBoxes: Record<PersonFieldName, string[]> = {
  relationship: ['relationship'],
  name: ['forenames', 'surname'],
  'date-of-birth': ['dateOfBirth'],
  email: ['email'],
  phone: ['phone'],
  address: ['line1', 'line2', 'line3', 'town', 'postcode'],
};
/** The order a person's boxes are shown in, whatever order the question names its fields. */
const shownOrder: PersonFieldName[] = ['relationship', 'name', 'date-of-birth', 'email', 'phone', 'address'];

/** The id of the first box shown: where an error summary's link for the whole person goes. */
export const firstPersonBox = (fields: readonly PersonFieldName[], prefix: string) =>
  `${prefix}${personBoxes[shownOrder.find((field) => fields.includes(field))!][0]}`;

export function PersonFields({
  fields,
  prefix,
  initial,
  errors,
  relationshipLabel = 'How are they related to you?',
}: BoxesProps<PersonInput> & { fields: readonly PersonFieldName[]; relationshipLabel?: string }) {
  const asks = (field: PersonFieldName) => fields.includes(field);
  const relationshipError = errorIn(errors, 'relationship');
  return (
    <>
      {asks('relationship') && (
        <div className={`form-group${relationshipError ? ' form-group--error' : ''}`}>
          <label htmlFor={`${prefix}relationship`}>{relationshipLabel}</label>
          <FieldMessages id={`${prefix}relationship`} error={relationshipError} />
          <select
            id={`${prefix}relationship`}
            name={`${prefix}relationship`}
            defaultValue={initial?.relationship ?? ''}
            aria-describedby={describedByFor(`${prefix}relationship`, undefined, relationshipError)}
          >
            <option value="">Select a relationship</option>
            {relationshipStatuses
              .filter((status) => status.group !== 'organisation')
              .map((status) => (
                <option key={status.key} value={status.key}>
                  {status.label}
                </option>
              ))}
          </select>
        </div>
      )}
      {asks('name') && (
        <>
          <TextField
            id={`${prefix}forenames`}
            label="First names"
            autoComplete="off"
            defaultValue={initial?.forenames}
            error={errorIn(errors, 'forenames')}
          />
          <TextField
            id={`${prefix}surname`}
            label="Last name"
            autoComplete="off"
            defaultValue={initial?.surname}
            error={errorIn(errors, 'surname')}
          />
        </>
      )}
      {asks('date-of-birth') && (
        <DateField
          id={`${prefix}dateOfBirth`}
          legend="Date of birth"
          hint="For example, 27 3 1985"
          defaultValue={initial?.dateOfBirth ?? undefined}
          error={errorIn(errors, 'dateOfBirth')}
        />
      )}
      {asks('email') && (
        <TextField
          id={`${prefix}email`}
          label="Email address"
          type="email"
          spellCheck={false}
          autoComplete="off"
          defaultValue={initial?.email}
          error={errorIn(errors, 'email')}
        />
      )}
      {asks('phone') && (
        <TextField
          id={`${prefix}phone`}
          label="Phone number"
          hint="For international numbers include the country code, like +33"
          type="tel"
          autoComplete="off"
          className="input--short"
          defaultValue={initial?.phone}
          error={errorIn(errors, 'phone')}
        />
      )}
      {asks('address') && <UkAddressFields prefix={prefix} initial={initial?.address} errors={errors} />}
    </>
  );
}

/** What was typed in a person's boxes. */
export function personInputFrom(
  form: FormData,
  fields: readonly PersonFieldName[],
  prefix: string,
): PersonInput {
  const asks = (field: PersonFieldName) => fields.includes(field);
  return {
    ...(asks('relationship') && { relationship: text(form, `${prefix}relationship`) }),
    ...(asks('name') && {
      forenames: text(form, `${prefix}forenames`),
      surname: text(form, `${prefix}surname`),
    }),
    ...(asks('date-of-birth') && { dateOfBirth: readDateField(form, `${prefix}dateOfBirth`) }),
    ...(asks('email') && { email: text(form, `${prefix}email`) }),
    ...(asks('phone') && { phone: text(form, `${prefix}phone`) }),
    ...(asks('address') && { address: ukAddressInputFrom(form, prefix) }),
  };
}

/** Whether anything has been typed in a person's boxes. */
export const personTyped = (input: PersonInput) =>
  Object.values({ ...input, address: undefined, ...input.address }).some(
    (value) => typeof value === 'string' && value.trim() !== '',
  );

const addressBoxes: Array<[keyof UkAddressInput, string, string?]> = [
  ['line1', 'Address line 1', 'address-line1'],
  ['line2', 'Address line 2 (optional)', 'address-line2'],
  ['line3', 'Address line 3 (optional)', 'address-line3'],
  ['town', 'Town or city', 'address-level2'],
  ['postcode', 'Postcode', 'postal-code'],
];

/** A UK address: found by its postcode with the My details lookup, or typed in the boxes. */
export function UkAddressFields({ prefix, initial, errors }: BoxesProps<UkAddressInput>) {
  const [shown, setShown] = useState<UkAddressInput>(initial ?? {});
  const [found, setFound] = useState(0);
  return (
    <>
      <AddressLookup
        label="Find the address"
        onChosen={(address) => {
          setShown({
            line1: address.lines[0],
            line2: address.lines[1],
            line3: address.lines[2],
            town: address.town,
            postcode: address.postcode,
          });
          setFound((count) => count + 1);
          window.setTimeout(() => document.getElementById(`${prefix}line1`)?.focus());
        }}
      />
      <div key={found}>
        {addressBoxes.map(([box, label, autoComplete]) => (
          <TextField
            key={box}
            id={`${prefix}${box}`}
            label={label}
            autoComplete={autoComplete}
            className={box === 'postcode' ? 'input--short' : undefined}
            defaultValue={shown[box] ?? ''}
            error={errorIn(errors, box)}
          />
        ))}
      </div>
    </>
  );
}

export const ukAddressInputFrom = (form: FormData, prefix: string): UkAddressInput => ({
  line1: text(form, `${prefix}line1`),
  line2: text(form, `${prefix}line2`),
  line3: text(form, `${prefix}line3`),
  town: text(form, `${prefix}town`),
  postcode: text(form, `${prefix}postcode`),
});

/** A percentage share box with its % sign (a list item's share, a beneficiary's lump sum). */
export function ShareInput({
  id,
  hint,
  error,
  defaultValue,
}: {
  id: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
}) {
  return (
    <>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="share-input">
        <input
          id={id}
          name={id}
          inputMode="decimal"
          defaultValue={defaultValue}
          aria-describedby={describedByFor(id, hint, error)}
          aria-invalid={error ? true : undefined}
        />
        <span aria-hidden="true">%</span>
      </div>
    </>
  );
}
