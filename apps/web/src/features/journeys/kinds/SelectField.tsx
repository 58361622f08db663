import type { SelectQuestion } from '@meridian/contracts';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { typed, type FieldProps, type KindFieldModule } from './registry';

/** One answer from a drop-down list, labelled by the question. */
function Field({ question, initial, error }: FieldProps<SelectQuestion>) {
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={question.key}>{question.label}</label>
      <FieldMessages id={question.key} hint={question.hint} error={error} />
      <select
        id={question.key}
        name={question.key}
        defaultValue={initial?.answerKey ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByFor(question.key, question.hint, error)}
      >
        <option value="">Select an answer</option>
        {question.answers.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const select: KindFieldModule<SelectQuestion> = {
  loadKind: async () => (await import('@meridian/contracts/kinds/select')).selectKind,
  Field,
  fromForm: (form, question) => ({ answerKey: typed(form, question.key) }),
};
export default select;
