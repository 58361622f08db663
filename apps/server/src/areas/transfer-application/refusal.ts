import { and, eq } from 'drizzle-orm';
import { kindOf } from '@meridian/contracts';
import { caseEvents, memberCases, pages, storedTransferQuotes, users } from '../../db/schema';
import { displayDate } from '../../lib/display';
import { aboutYouSection, fullNameOf, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { openCase } from '../cases/open-case';
import { richTextLines } from '../content/global-messages';
import { readableText } from '../content/search';
import { answerLines } from '../journeys/answers';
import { memberFor } from '../journeys/lifecycle';
import type { AnswerSection, EndedContext } from '../journeys/plugins';
import { queueServiceNotice, withAccountEmail, type NoticeRecord } from '../../lib/service-notices';

/**
 * The case a transfer application refused on a terminal page opens (a red flag of the Conditions for
 * Transfers Regulations 2021): the trustees' record of a transfer they refused and why.
 */
export const TRANSFER_REFUSED = { caseType: 'TRF1', title: 'Transfer refused', status: 'Rejected' } as const;

/**
 * A page's words as one line of plain text: each heading followed by a colon, paragraphs and list
 * items run on, markup and placeholders left out.
 */
export function plainTextOf(blocks: ReadonlyArray<Record<string, unknown>>): string {
  const html = blocks
    .map((block) => (typeof block.html === 'string' ? block.html : ''))
    .join(' ')
    .replace(/<\/h[1-6]>/gi, ': ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, '’')
    .replace(/&amp;/g, '&');
  return readableText(html, {});
}

/** The terminal page's blocks: what it told the member (why, and what they can do). */
async function pageBlocksOf({ tx, request, pageKey }: EndedContext) {
  const [row] = await tx
    .select({ blocks: pages.blocks })
    .from(pages)
    .where(and(eq(pages.tenantUrl, request.tenantUrl), eq(pages.key, pageKey)));
  return row?.blocks ?? [];
}

/**
 * Tells the member, as the confirmation of a sent application does (a service notice: the way they
 * chose, the account's email standing in for a record without one, else a letter), in the journey's
 * `refusalEmail` words with `{reason}` the refusal page's text line by line. Content without the email
 * sends none.
 */
async function tellRefusal(
  { tx, request, graph, page }: EndedContext,
  member: NoticeRecord,
  caseNumber: string,
  blocks: ReadonlyArray<Record<string, unknown>>,
) {
  const email = graph.definition.refusalEmail;
  if (!email) return;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, request.member!.userId));
  const reason = [
    page.title,
    ...blocks.flatMap((block) => (typeof block.html === 'string' ? richTextLines(block.html) : [])),
  ].join('\n');
  const fill = (text: string) =>
    text
      .replaceAll('{caseNumber}', caseNumber)
      .replaceAll('{name}', fullNameOf(member))
      .replaceAll('{reason}', reason);
  await queueServiceNotice(tx, request.log, withAccountEmail(member, user), {
    subject: fill(email.subject),
    body: fill(email.body),
  });
}

/** The answer that led to the terminal page: the last step of the route, as check your answers shows it. */
function refusingAnswer({ graph, path }: EndedContext) {
  const last = path.at(-1);
  const question = last && graph.pages.get(last.pageKey)?.question;
  if (!last?.answer || !question) return 'Not recorded';
  return `${question.label} ${kindOf(question.kind).display(question, last.answer)}`;
}

/**
 * Opens the refusal's case, closed as it opens (the portal refused it; nothing is left to work), with
 * a PDF for the trustees' due diligence: why (the answer that refused it, its reason and what the
 * member was told), the transfer value it was on (`valueSection`, with the statement it came from)
 * and every answer given up to the refusal. The member reads what the terminal page said in My
 * requests, as the case's note, and gets it by email.
 */
export async function recordTransferRefusal(
  context: EndedContext,
  quoteId: string,
  valueSection: AnswerSection,
): Promise<{ caseNumber: string } | null> {
  const { tx, request, graph, record, page, reason, path, now } = context;
  if (!record) return null;
  const { member } = await memberFor(tx, request);
  const blocks = await pageBlocksOf(context);
  const told = plainTextOf(blocks);
  const [quote] = await tx
    .select({ storedOn: storedTransferQuotes.storedOn, caseNumber: storedTransferQuotes.caseNumber })
    .from(storedTransferQuotes)
    .where(eq(storedTransferQuotes.id, quoteId));
  const refusedOn = displayDate(now.toISOString());
  const { caseNumber } = await openCase(
    tx,
    {
      record,
      caseType: TRANSFER_REFUSED.caseType,
      title: TRANSFER_REFUSED.title,
      journeyType: graph.definition.type,
      documents: [],
      now,
    },
    (caseNumber) =>
      renderApplicationPdf({
        title: TRANSFER_REFUSED.title,
        caseNumber,
        submittedOn: refusedOn,
        dateLabel: 'Refused on',
        sections: [
          aboutYouSection(
            member,
            { label: 'Date of birth', value: displayDate(member.dateOfBirth) },
            { label: 'National Insurance number', value: member.insuranceNumber ?? 'Not held' },
          ),
          {
            heading: 'Why we refused the transfer',
            lines: [
              { label: 'The answer that refused it', value: refusingAnswer(context) },
              { label: 'Reason', value: reason },
              { label: 'What the member was shown', value: `${page.title}. ${told}` },
            ],
          },
          {
            ...valueSection,
            lines: [
              ...valueSection.lines,
              {
                label: 'Statement of entitlement',
                value: quote
                  ? `Issued ${displayDate(quote.storedOn)}${quote.caseNumber ? ` (${quote.caseNumber})` : ''}`
                  : 'Not found',
              },
            ],
          },
          {
            heading: 'Answers given before the refusal',
            // The transfer application asks for no proof of identity.
            lines: answerLines(graph, path, { identity: 'not_started' }),
          },
        ],
      }),
  );
  const memberNote = told || page.title;
  await tx
    .update(memberCases)
    .set({ status: TRANSFER_REFUSED.status, closedAt: now, memberNote })
    .where(eq(memberCases.caseNumber, caseNumber));
  // The refusal is the portal's, on the page's rule: its timeline says so, not the member or staff.
  await tx.insert(caseEvents).values({
    caseNumber,
    at: now,
    actor: 'system',
    kind: 'rejected',
    status: TRANSFER_REFUSED.status,
    // The page it ended on and its reason, as the case's answers name them ("Ended on").
    note: `${page.title} (${reason})`,
    memberNote,
  });
  await tellRefusal(context, member, caseNumber, blocks);
  return { caseNumber };
}
