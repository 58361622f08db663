import { dateKind, type DateQuestion } from '@meridian/contracts';
import { DateField as DateBoxes, readDateField } from '../../../components/DateField';
import type { FieldProps, KindField } from './registry';

/** GOV.UK date input: day, month and year boxes; read as YYYY-MM-DD, or empty when they make no date. */
function Field({ question, initial, error }: FieldProps<DateQuestion>) {
  return (
    <DateBoxes
      id={question.key}
      legend={question.label}
      hint={question.hint}
      error={error}
      defaultValue={initial?.answerKey}
    />
  );
}

const date: KindField<DateQuestion> = {
  kind: dateKind,
  Field,
  fromForm: (form, question) => ({ answerKey: readDateField(form, question.key) ?? '' }),
};
export default date;
