import type { DateQuestion } from '@meridian/contracts';
import { DateField as DateBoxes, readDateField } from '../../../components/DateField';
import type { FieldProps, KindFieldModule } from './registry';

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

const date: KindFieldModule<DateQuestion> = {
  loadKind: async () => (await import('@meridian/contracts/kinds/date')).dateKind,
  Field,
  fromForm: (form, question) => ({ answerKey: readDateField(form, question.key) ?? '' }),
};
export default date;
