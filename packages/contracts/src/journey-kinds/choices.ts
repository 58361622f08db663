import { accepted, refused, type AnswerCheck } from './kind';

/** A question answered by choosing one of its `answers` (radios, select). */
interface ChoiceQuestion {
  key: string;
  answers: ReadonlyArray<{ key: string; label: string; next?: string }>;
}

/** One of the answers given, or why not. */
export function readChoice(question: ChoiceQuestion, answerKey: string): AnswerCheck {
  const chosen = answerKey.trim();
  if (chosen === '') return refused('answer_required', 'Select an answer');
  if (!question.answers.some((option) => option.key === chosen))
    return refused('answer_not_an_option', 'Choose one of the answers given');
  return accepted(question, chosen);
}

export { choiceLabel } from './displays';

/** An answer key given twice makes the second one unreachable. */
export function repeatedChoices(question: ChoiceQuestion): string[] {
  const keys = question.answers.map((option) => option.key);
  return keys
    .filter((key, index) => keys.indexOf(key) !== index)
    .map((key) => `answer ${key} is given twice`);
}

/** The pages the answers lead to of their own. */
export const choiceTargets = (question: ChoiceQuestion) =>
  question.answers.flatMap((option) => (option.next ? [option.next] : []));

/** The page the chosen answer leads to of its own. */
export const choiceLeadsTo = (question: ChoiceQuestion, answerKey: string) =>
  question.answers.find((option) => option.key === answerKey)?.next;

/** The keys of the answers on offer. */
export const choiceKeys = (question: ChoiceQuestion) => question.answers.map((option) => option.key);
