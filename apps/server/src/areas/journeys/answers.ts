import { ukBankAccountSchema, type JourneyChoice, type JourneyStep } from '@meridian/contracts';
import type { JourneyGraph } from './graph';
import { displayDate, displayPounds } from '../../lib/display';

/** The member's answers as check your answers and the application PDF show them, in path order. */
export function answerLines(graph: JourneyGraph, steps: readonly JourneyStep[]) {
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
              : step.answer.answerKey;
      lines.push({ label: question.label, value });
    }
    if (page.shows === 'identity-verification') {
      const sent = (step.stepData.identity as { status?: string } | undefined)?.status;
      lines.push({
        label: 'Proof of identity',
        value: sent === 'verified' ? 'Confirmed' : 'Sent, to be checked by the scheme',
      });
    }
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

export const choiceLines = (choice: JourneyChoice) => [
  { label: 'Retirement date', value: displayDate(choice.retirementDate) },
  { label: 'Option', value: choice.optionLabel },
  { label: 'Tax-free cash', value: displayPounds(choice.lumpSumPence) },
  { label: 'Pension a year', value: displayPounds(choice.annualPensionPence) },
  { label: 'Figures worked out on', value: displayDate(choice.quoteCalculatedOn) },
];
