import { z } from 'zod';
import { countryName } from '../countries';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const countryQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('country'), ...shared });
export type CountryQuestion = z.infer<ReturnType<typeof countryQuestion>>;

/** A country chosen from the list in contracts/countries, kept as its ISO code (`GB`). */
export const countryKind: QuestionKind<CountryQuestion> = {
  kind: 'country',
  examples: () => ({ accepted: [{ answerKey: 'GB' }], refused: { answerKey: 'not_an_answer<>' } }),
  schema: countryQuestion,
  read(question, { answerKey }) {
    const code = answerKey.trim().toUpperCase();
    if (!countryName(code)) return refused('invalid_country', 'Select a country');
    return accepted(question, code);
  },
  display: (_question, answer) => countryName(answer.answerKey) ?? answer.answerKey,
  conditionValue: (answer) => answer.answerKey,
};
