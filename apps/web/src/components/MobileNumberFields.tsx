import { TextField } from './TextField';

const dialCountries = [
  ['GB', 'United Kingdom (+44)'],
  ['IE', 'Ireland (+353)'],
  ['FR', 'France (+33)'],
  ['DE', 'Germany (+49)'],
  ['ES', 'Spain (+34)'],
  ['US', 'United States (+1)'],
] as const;

/**
 * A phone number as My details asks for a mobile: the country it is dialled from and the number,
 * read as `countryCode` and `number` and checked with `mobileChangeSchema`.
 */
export function MobileNumberFields({
  label,
  hint,
  error,
  defaultValue,
}: {
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: { countryCode: string; number: string };
}) {
  return (
    <>
      <div className="form-group">
        <label htmlFor="countryCode">Country</label>
        <select id="countryCode" name="countryCode" defaultValue={defaultValue?.countryCode ?? 'GB'}>
          {dialCountries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="number"
        label={label}
        hint={hint}
        type="tel"
        autoComplete="tel-national"
        error={error}
        defaultValue={defaultValue?.number}
      />
    </>
  );
}
