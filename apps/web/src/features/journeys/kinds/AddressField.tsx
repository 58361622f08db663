import {
  addressKind,
  readUkAddress,
  ukAddressInputOf,
  ukAddressOf,
  type AddressQuestion,
  type SubmittedAnswer,
} from '@meridian/contracts';
import { UkAddressFields, ukAddressInputFrom } from '../../../components/PersonFields';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { useBoxErrors } from './box-errors';
import { kindAtHand, type FieldProps, type KindFieldModule } from './registry';

const prefixOf = (question: AddressQuestion) => `${question.key}-`;

/** A UK address: found by its postcode with the My details lookup, or typed in the boxes. */
function Field({ question, initial, error }: FieldProps<AddressQuestion>) {
  const { container, boxErrors, wholeError } = useBoxErrors(error, (form) => {
    const read = readUkAddress(ukAddressInputFrom(form, prefixOf(question)));
    return read.ok ? [] : read.problems;
  });
  const address = ukAddressOf(initial?.answerValue ?? null);
  return (
    <div ref={container} className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset
        id={question.key}
        tabIndex={-1}
        aria-describedby={describedByFor(question.key, question.hint, wholeError)}
      >
        <legend className="legend legend--question">{question.label}</legend>
        <FieldMessages id={question.key} hint={question.hint} error={wholeError} />
        <UkAddressFields
          prefix={prefixOf(question)}
          initial={address ? ukAddressInputOf(address) : undefined}
          errors={boxErrors}
        />
      </fieldset>
    </div>
  );
}

function fromForm(form: FormData, question: AddressQuestion): SubmittedAnswer {
  const typed = ukAddressInputFrom(form, prefixOf(question));
  return {
    answerKey: 'provided',
    answerValue: JSON.stringify({
      lines: [typed.line1, typed.line2, typed.line3],
      town: typed.town,
      postcode: typed.postcode,
    }),
  };
}

const field: KindFieldModule<AddressQuestion> = {
  loadKind: kindAtHand(addressKind),
  Field,
  fromForm,
};
export default field;
