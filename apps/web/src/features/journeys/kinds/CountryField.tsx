import { countryKind, countries, type CountryQuestion } from '@meridian/contracts';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { kindAtHand, typed, type FieldProps, type KindFieldModule } from './registry';

/** A country from the contracts' list, in a drop-down labelled by the question. */
function Field({ question, initial, error }: FieldProps<CountryQuestion>) {
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={question.key}>{question.label}</label>
      <FieldMessages id={question.key} hint={question.hint} error={error} />
      <select
        id={question.key}
        name={question.key}
        autoComplete="country"
        defaultValue={initial?.answerKey ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByFor(question.key, question.hint, error)}
      >
        <option value="">Select a country</option>
        {countries.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

const country: KindFieldModule<CountryQuestion> = {
  loadKind: kindAtHand(countryKind),
  Field,
  fromForm: (form, question) => ({ answerKey: typed(form, question.key) }),
};
export default country;
