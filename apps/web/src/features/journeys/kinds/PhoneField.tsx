import { phoneKind, type PhoneQuestion } from '@meridian/contracts';
import { MobileNumberFields } from '../../../components/MobileNumberFields';
import { kindAtHand, typed, type FieldProps, type KindFieldModule } from './registry';

/** The My details mobile fields: the country it is dialled from and the number. */
function Field({ question, initial, error }: FieldProps<PhoneQuestion>) {
  return (
    <MobileNumberFields
      label={question.label}
      hint={question.hint}
      error={error}
      defaultValue={
        initial?.answerValue
          ? (JSON.parse(initial.answerValue) as { countryCode: string; number: string })
          : undefined
      }
    />
  );
}

const phone: KindFieldModule<PhoneQuestion> = {
  loadKind: kindAtHand(phoneKind),
  Field,
  fromForm: (form) => ({
    answerKey: 'provided',
    answerValue: JSON.stringify({ countryCode: typed(form, 'countryCode'), number: typed(form, 'number') }),
  }),
  errorTarget: () => 'number',
  entered: (form) => typed(form, 'number').trim() !== '',
};
export default phone;
