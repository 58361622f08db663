import { z } from 'zod';
import { internationalNumber, phoneNumberSchema } from '../my-details';
import { phoneNumberAsDialled } from '../phone-display';
import {
  accepted,
  parsedJson,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const phoneQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('phone'), ...shared });
export type PhoneQuestion = z.infer<ReturnType<typeof phoneQuestion>>;

/**
 * A phone number, landline or mobile, with the country it is dialled from (JSON in the answer's
 * value), checked as My details checks a mobile in a phone number's words. The answer's key is the
 * number in international format (+447911123456).
 */
export const phoneKind: QuestionKind<PhoneQuestion> = {
  kind: 'phone',
  examples: () => ({
    accepted: [
      { answerKey: 'provided', answerValue: JSON.stringify({ countryCode: 'GB', number: '07911123456' }) },
    ],
    refused: { answerKey: 'provided', answerValue: 'not json' },
  }),
  schema: phoneQuestion,
  read(question, { answerValue }) {
    const typed = parsedJson(answerValue);
    if (typed === undefined)
      return refused('invalid_phone_number', 'Enter a phone number and the country it is from');
    const parsed = phoneNumberSchema.safeParse(typed);
    if (!parsed.success) return refused('invalid_phone_number', parsed.error.issues[0]!.message);
    const number = internationalNumber(parsed.data);
    if (!number) return refused('invalid_phone_number', 'Enter a phone number in the correct format');
    return accepted(question, number, JSON.stringify(parsed.data));
  },
  display: (_question, answer) => phoneNumberAsDialled(answer.answerKey),
  conditionValue: (answer) => answer.answerKey,
};
