import {
  personKind,
  personInputOf,
  readPerson,
  type Person,
  type PersonQuestion,
  type StoredAnswer,
  type SubmittedAnswer,
} from '@meridian/contracts';
import { PersonFields, personInputFrom } from '../../../components/PersonFields';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { todayUtc, useBoxErrors } from './box-errors';
import { kindAtHand, type FieldProps, type KindFieldModule } from './registry';

const prefixOf = (question: PersonQuestion) => `${question.key}-`;

const storedPerson = (answer: StoredAnswer | null): Person | undefined =>
  answer?.answerValue ? (JSON.parse(answer.answerValue) as Person) : undefined;

/** Several fields about one person on one page, in one fieldset headed by the question. */
function Field({ question, initial, error }: FieldProps<PersonQuestion>) {
  const { container, boxErrors, wholeError } = useBoxErrors(error, (form) => {
    const read = readPerson(question.fields, personInputFrom(form, question.fields, prefixOf(question)), {
      today: todayUtc(),
    });
    return read.ok ? [] : read.problems;
  });
  const person = storedPerson(initial);
  return (
    <div ref={container} className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset
        id={question.key}
        tabIndex={-1}
        aria-describedby={describedByFor(question.key, question.hint, wholeError)}
      >
        <legend className="legend legend--question">{question.label}</legend>
        <FieldMessages id={question.key} hint={question.hint} error={wholeError} />
        <PersonFields
          fields={question.fields}
          relationshipLabel={question.relationshipLabel}
          prefix={prefixOf(question)}
          initial={person && personInputOf(person)}
          errors={boxErrors}
        />
      </fieldset>
    </div>
  );
}

/** The person as typed, for the kind's `read` (the same in the browser and on the server). */
function fromForm(form: FormData, question: PersonQuestion): SubmittedAnswer {
  return {
    answerKey: 'provided',
    answerValue: JSON.stringify(personInputFrom(form, question.fields, prefixOf(question))),
  };
}

const field: KindFieldModule<PersonQuestion> = {
  loadKind: kindAtHand(personKind),
  Field,
  fromForm,
};
export default field;
