import { kindOf, type IdentityVerificationStatus, type JourneyStep } from '@meridian/contracts';
import type { JourneyGraph } from './graph';

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
    if (question && step.answer)
      lines.push({ label: question.label, value: kindOf(question.kind).display(question, step.answer) });
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
