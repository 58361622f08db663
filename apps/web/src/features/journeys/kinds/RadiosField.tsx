import type { RadiosQuestion } from '@meridian/contracts';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { typed, type FieldProps, type KindFieldModule } from './registry';

/** GOV.UK radios: the question as the legend, one radio per answer; the first takes the key as its id. */
function Field({ question, initial, error }: FieldProps<RadiosQuestion>) {
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset aria-describedby={describedByFor(question.key, question.hint, error)}>
        <legend className="legend legend--question">{question.label}</legend>
        <FieldMessages id={question.key} hint={question.hint} error={error} />
        {question.answers.map((option, index) => {
          const id = index === 0 ? question.key : `${question.key}-${index}`;
          return (
            <div className="radio" key={option.key}>
              <input
                type="radio"
                id={id}
                name={question.key}
                value={option.key}
                defaultChecked={initial?.answerKey === option.key}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
              />
              <label htmlFor={id}>{option.label}</label>
              {option.hint && (
                <p id={`${id}-hint`} className="hint">
                  {option.hint}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}

const radios: KindFieldModule<RadiosQuestion> = {
  loadKind: async () => (await import('@meridian/contracts/kinds/radios')).radiosKind,
  Field,
  fromForm: (form, question) => ({ answerKey: typed(form, question.key) }),
};
export default radios;
