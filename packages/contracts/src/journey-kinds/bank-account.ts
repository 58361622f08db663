import { z } from 'zod';
import { ukBankAccountFormSchema } from '../my-details';
import { answerDisplays } from './displays';
import {
  accepted,
  parsedJson,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

/** A UK bank account as a bank-account question's answer keeps it (JSON), as the server's checks read it. */
export const ukBankAccountSchema = z.strictObject({
  accountName: z
    .string({ error: 'Enter the name on the account' })
    .trim()
    .min(1, 'Enter the name on the account')
    .max(70, 'The name on the account must be 70 characters or fewer')
    .regex(/^[^<>]*$/, 'The name on the account must not contain < or >'),
  sortCode: z
    .string({ error: 'Enter a sort code like 30-94-66' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter a sort code like 30-94-66')),
  accountNumber: z
    .string({ error: 'Enter an account number of 6 to 8 digits' })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6,8}$/, 'Enter an account number of 6 to 8 digits')),
});
export type UkBankAccount = z.infer<typeof ukBankAccountSchema>;

const bankAccountQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('bank-account'),
    ...shared,
    /**
     * Whose account it is: `member` (the default) is the account the member is paid into, checked
     * against their surname and saved as theirs on submission; `other` is someone else's (a
     * receiving scheme's), checked by the bank's rules only and kept with the answers alone.
     */
    holder: z.enum(['member', 'other']).optional(),
  });
export type BankAccountQuestion = z.infer<ReturnType<typeof bankAccountQuestion>>;

export { bankAccountText } from './displays';

/**
 * A UK bank account (name, sort code, account number) given as the answer's value. The checks that
 * need the bank's rules or the member's record (modulus check, holder's name) are the server's.
 */
export const bankAccountKind: QuestionKind<BankAccountQuestion> = {
  kind: 'bank-account',
  examples: () => ({
    accepted: [
      {
        answerKey: 'provided',
        answerValue: JSON.stringify({
          accountName: 'A Member',
          sortCode: '309466',
          accountNumber: '12345678',
        }),
      },
    ],
    refused: { answerKey: 'provided', answerValue: 'not json' },
  }),
  needsMember: 'the account is checked against the member’s record and paid into',
  schema: bankAccountQuestion,
  read(question, { answerValue }) {
    const typed = parsedJson(answerValue);
    if (typeof typed !== 'object' || typed === null)
      return refused(
        'invalid_bank_account',
        'Enter the name on the account, the sort code and the account number',
      );
    // Checked as My details checks a UK account; kept in the stored form the server's checks read.
    const account = ukBankAccountFormSchema.safeParse({
      accountName: '',
      sortCode: '',
      accountNumber: '',
      ...typed,
    });
    if (!account.success) return refused('invalid_bank_account', account.error.issues[0]!.message);
    return accepted(question, 'provided', JSON.stringify(ukBankAccountSchema.parse(account.data)));
  },
  display: answerDisplays['bank-account'],
  conditionValue: (answer) => answer.answerKey,
};
