import '../../../components/forms.css';
import { bankAccountKind, type BankAccountQuestion } from '@meridian/contracts';
import { describedByFor, FieldMessages, TextField as Box } from '../../../components/TextField';
import { kindAtHand, typed, type FieldProps, type KindFieldModule } from './registry';

const boxes = ['accountName', 'sortCode', 'accountNumber'] as const;
const boxId = (question: BankAccountQuestion, box: (typeof boxes)[number]) =>
  box === 'accountName' ? question.key : `${question.key}-${box}`;

/** A UK bank account: the name on it, the sort code and the account number, in one fieldset. */
function Field({ question, initial, error }: FieldProps<BankAccountQuestion>) {
  const saved = initial?.answerValue
    ? (JSON.parse(initial.answerValue) as Partial<Record<(typeof boxes)[number], string>>)
    : {};
  const describedBy = describedByFor(`${question.key}-account`, question.hint, error);
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset aria-describedby={describedBy}>
        <legend className="legend legend--question">{question.label}</legend>
        <FieldMessages id={`${question.key}-account`} hint={question.hint} error={error} />
        <Box
          id={boxId(question, 'accountName')}
          label="Name on the account"
          hint="The account must be in your name"
          autoComplete="name"
          spellCheck={false}
          defaultValue={saved.accountName}
        />
        <Box
          id={boxId(question, 'sortCode')}
          label="Sort code"
          hint="Must be 6 digits long"
          inputMode="numeric"
          className="input--short"
          defaultValue={saved.sortCode}
        />
        <Box
          id={boxId(question, 'accountNumber')}
          label="Account number"
          hint="Must be 8 digits long"
          inputMode="numeric"
          className="input--short"
          defaultValue={saved.accountNumber}
        />
      </fieldset>
    </div>
  );
}

const bankAccount: KindFieldModule<BankAccountQuestion> = {
  loadKind: kindAtHand(bankAccountKind),
  Field,
  fromForm: (form, question) => ({
    answerKey: 'provided',
    answerValue: JSON.stringify(
      Object.fromEntries(boxes.map((box) => [box, typed(form, boxId(question, box))])),
    ),
  }),
};
export default bankAccount;
