import {
  ukBankAccountSchema,
  type IdentityVerificationStatus,
  type JourneyStep,
} from '@meridian/contracts';
import type { JourneyGraph } from './graph';
import { displayDate, displayPounds } from '../../lib/display';

/** Where the member's proof of identity stands, in the words check your answers and the PDF use. */
export const identityText: Record<IdentityVerificationStatus, string> = {
  not_started: 'Not sent',
  pending: 'Sent, to be checked by the scheme',
  verified: 'Confirmed',
  failed: 'Not confirmed: the scheme will ask for another',
};

/**
 * The member's answers as check your answers and the application PDF show them, in path order. What
 * the scheme holds (proof of identity) is read from its own record, never from a step's data.
 */
export function answerLines(
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
  records: { identity: IdentityVerificationStatus },
) {
  return steps.flatMap((step) => {
    const page = graph.pages.get(step.pageKey);
    if (!page) return [];
    const lines: Array<{ label: string; value: string }> = [];
    const question = page.question;
    if (question && step.answer) {
      const value =
        question.kind === 'bank-account'
          ? bankAccountText(step.answer.answerValue)
          : question.kind === 'radios'
            ? (question.answers.find((answer) => answer.key === step.answer!.answerKey)?.label ??
              step.answer.answerKey)
            : question.kind === 'date'
              ? displayDate(step.answer.answerKey)
              : question.kind === 'money'
                ? displayPounds(Number(step.answer.answerKey))
                : step.answer.answerKey;
      lines.push({ label: question.label, value });
    }
    if (page.shows === 'identity-verification')
      lines.push({ label: 'Proof of identity', value: identityText[records.identity] });
    const list = page.checkboxes;
    if (list) {
      const ticked = new Set(
        (step.checkboxesLists[list.key] ?? []).filter((box) => box.answerValue).map((box) => box.key),
      );
      for (const item of list.items)
        lines.push({ label: item.label, value: ticked.has(item.key) ? 'Confirmed' : 'Not confirmed' });
    }
    return lines;
  });
}

/** A bank account as a member recognises it, without repeating the whole number. */
export function bankAccountText(json: string | null): string {
  const account = ukBankAccountSchema.parse(JSON.parse(json ?? '{}'));
  const sortCode = account.sortCode.replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3');
  return `${account.accountName}, sort code ${sortCode}, account ending ${account.accountNumber.slice(-4)}`;
}

