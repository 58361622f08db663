import { and, desc, eq, sql } from 'drizzle-orm';
import {
  conditionHolds,
  transferJourneyLockSchema,
  type JourneyDefinition,
  type JourneyStep,
  type TransferJourneyLock,
  type VisibilityKey,
} from '@meridian/contracts';
import {
  addMonths,
  adviceThresholdOf,
  daysLeftToPay,
  isoDate,
  utcDay,
  completedMonths,
  type IsoDate,
} from '@meridian/pensions';
import type { Database, Transaction } from '../../db/client';
import { memberJourneys, storedTransferQuotes } from '../../db/schema';
import { displayDate, displayLimitPounds, displayPounds } from '../../lib/display';
import { AppError, badRequest } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import type { findMember } from '../member-data/member-repository';
import { lockedGraph } from '../journeys/actions';
import { recheckedSteps } from '../journeys/engine';
import { factsOf, readsAccessKey, withOwnerFacts, type JourneyGraph } from '../journeys/graph';
import { memberFor } from '../journeys/lifecycle';
import {
  registerJourneyPlugin,
  type LockContext,
  type PageCheck,
  type SubmitCheckContext,
} from '../journeys/plugins';
import { findJourney, loadJourneyGraph, statusOf, stepsOf, type MemberRecord } from '../journeys/repository';
import { FCA_FIRM_REFERENCE, fcaRegister, firmReferenceOf } from './fca-register';
import { lockedPartialTransfer } from '../transfer-value/partial';
import { recordTransferRefusal } from './refusal';
import { TRANSFER_STARTS_FROM } from './status';

/**
 * What the transfer application's content names for the rules the scheme must apply (docs/journeys.md,
 * "The transfer application"): its named conditions and the questions the checks read.
 */
export const TRANSFER_CONTENT = {
  /** Named conditions of the journey: any red flag answered, any amber flag, regulated advice needed. */
  redFlag: 'red_flag',
  amberFlag: 'amber_flag',
  adviceRequired: 'advice_required',
  /** How a red flag's refusal page names its reason (`red_flag_<name>`): those endings are recorded. */
  redFlagEnding: 'red_flag_',
  /** The questions the checks read. */
  partialTransferValue: 'partial_transfer_value',
  safeguardingReference: 'safeguarding_reference',
  adviceTaken: 'advice_taken',
  adviserFirmReference: 'adviser_fca_number',
  schemePstr: 'receiving_scheme_pstr',
  /** The questions the existing portal's answer calls (`v2/transfer-journeys/...`) read and answer. */
  pensionWiseDate: 'pension_wise_date',
  financialAdviceDate: 'financial_advice_date',
  flexibleBenefits: 'flexible_benefits',
  adviserFirm: 'adviser_firm',
  adviserAddress: 'adviser_address',
  schemeName: 'receiving_scheme_name',
  schemeAddress: 'receiving_scheme_address',
  schemeAdministrator: 'scheme_administrator',
} as const;

/** An HMRC pension scheme tax reference: 8 digits and 2 letters (12345678RA). */
const PSTR = /^\d{8}[A-Z]{2}$/;
const pstrOf = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

const newQuoteHint = 'Ask for a new transfer value from your pension’s transfer page.';
/** What a member whose guarantee ended does: the statement's rule (one free in 12 months) and what follows. */
const newStatementHint =
  'Ask for a new statement of entitlement on Your transfer value (one in any 12 months is free, another is at the scheme’s charge): your application then moves onto the new guaranteed value, and you can send it.';

/** The same rule, said beside check your answers' link to Your transfer value that asks for the statement. */
const endedStatementRule =
  'One statement of entitlement in any 12 months is free, another is at the scheme’s charge: your application then moves onto the new guaranteed value, keeping your answers, and you can send it.';

type StoredQuote = Pick<typeof storedTransferQuotes.$inferSelect, 'id' | 'quote' | 'guaranteedUntil'>;
type HeldMember = Pick<
  NonNullable<Awaited<ReturnType<typeof findMember>>>['member'],
  'benefits' | 'dateOfBirth'
>;

/** What an application on this statement locks: its figures, the date to pay by, the AVCs and age on `today`. */
export function lockOfStatement(quote: StoredQuote, member: HeldMember, today: IsoDate): TransferJourneyLock {
  const avc = member.benefits.avcFundPence;
  const { schemeCode, partialTransfersAllowed, tranches } = quote.quote;
  return {
    quoteId: quote.id,
    guaranteeDate: quote.quote.guaranteeDate,
    guaranteedUntil: quote.guaranteedUntil,
    payBy: addMonths(isoDate(quote.quote.guaranteeDate), 6),
    transferValuePence: quote.quote.transferValuePence,
    pensionPence: quote.quote.pensionPence,
    nonGuaranteedPence: typeof avc === 'number' && avc > 0 ? avc : 0,
    ageYears: Math.floor(completedMonths(isoDate(member.dateOfBirth), today) / 12),
    adviceThresholdPence: adviceThresholdOf(quote.quote),
    ...(partialTransfersAllowed && {
      partialTransferBasis: {
        schemeCode,
        tranches: tranches.map(({ code, pensionPence, transferValuePence }) => ({
          code,
          pensionPence,
          transferValuePence,
        })),
      },
    }),
  };
}

/** The member's latest transfer quote (guaranteed or not), read in the start's transaction. */
async function latestTransferQuote({ tx, request }: Pick<LockContext, 'tx' | 'request'>) {
  const record = request.member!;
  const [row] = await tx
    .select()
    .from(storedTransferQuotes)
    .where(
      and(
        eq(storedTransferQuotes.businessGroup, record.businessGroup),
        eq(storedTransferQuotes.referenceNumber, record.referenceNumber),
      ),
    )
    .orderBy(desc(storedTransferQuotes.storedOn))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the member's latest guaranteed transfer quote: refused without one (400
 * `transfer_quote_not_found`), when its guarantee has run out (400 `guarantee_expired`), or when an
 * application on it was sent already (409 `transfer_application_sent`).
 */
async function lockTransferQuote(context: LockContext) {
  const { tx, request, now } = context;
  const today = utcDay(now);
  const quote = await latestTransferQuote(context);
  if (!quote)
    throw badRequest(
      'transfer_quote_not_found',
      `You need a guaranteed transfer value before you apply to transfer. ${newQuoteHint}`,
    );
  if (quote.guaranteedUntil < today)
    throw badRequest(
      'guarantee_expired',
      `Your transfer value was guaranteed until ${displayDate(quote.guaranteedUntil)}. ${newQuoteHint}`,
    );
  const record = request.member!;
  const [sent] = await tx
    .select({ caseNumber: memberJourneys.caseNumber })
    .from(memberJourneys)
    .where(
      and(
        eq(memberJourneys.businessGroup, record.businessGroup),
        eq(memberJourneys.referenceNumber, record.referenceNumber),
        eq(memberJourneys.status, 'Submitted'),
        sql`${memberJourneys.choice} ->> 'quoteId' = ${quote.id}`,
      ),
    )
    .limit(1);
  if (sent)
    throw new AppError(
      409,
      'transfer_application_sent',
      `You have applied to transfer this value already (${sent.caseNumber}). Follow it in My requests.`,
    );
  const { member } = await memberFor(tx, request);
  return { locked: lockOfStatement(quote, member, today) };
}

const lockOf = (locked: unknown) => transferJourneyLockSchema.parse(locked);

const answerOf = (path: readonly JourneyStep[], questionKey: string) =>
  path.find((step) => step.answer?.questionKey === questionKey)?.answer;

/**
 * The part of the value the member chose to transfer on their route (none: the whole value), with the
 * pension a year they keep, worked out on the locked figures; refused when the part no longer fits.
 */
export function chosenPartOf(lock: TransferJourneyLock, path: readonly JourneyStep[]) {
  const chosen = answerOf(path, TRANSFER_CONTENT.partialTransferValue);
  return chosen ? lockedPartialTransfer(lock, Number(chosen.answerKey)) : null;
}

/** The part chosen, as check your answers and the PDF show it; what to do when it no longer fits. */
function partLines(lock: TransferJourneyLock, path: readonly JourneyStep[]) {
  try {
    const part = chosenPartOf(lock, path);
    return part
      ? [
          { label: 'Part of the value to transfer', value: displayPounds(part.transferValuePence) },
          { label: 'Pension a year you keep with us', value: displayPounds(part.residualPensionPence) },
        ]
      : [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [{ label: 'Part of the value to transfer', value: error.message }];
  }
}

function lockedLines(lock: TransferJourneyLock, at: Date, path: readonly JourneyStep[]) {
  return [
    { label: 'Guaranteed transfer value', value: displayPounds(lock.transferValuePence) },
    { label: 'Pension a year it replaces', value: displayPounds(lock.pensionPence) },
    ...partLines(lock, path),
    ...(lock.nonGuaranteedPence > 0
      ? [{ label: 'AVCs (not guaranteed, value on the day)', value: displayPounds(lock.nonGuaranteedPence) }]
      : []),
    { label: 'Guarantee date', value: displayDate(lock.guaranteeDate) },
    lock.guaranteedUntil < utcDay(at)
      ? {
          // Check your answers says so once it has ended, with the way on: the application cannot be
          // sent on this value. Only then, so a member whose guarantee holds is not shown it.
          label: 'Guaranteed until',
          value: `${displayDate(lock.guaranteedUntil)}: this guarantee has ended, so we cannot accept your application on it. ${endedStatementRule}`,
          link: { text: 'Ask for a new statement of entitlement', href: '/transfer' },
        }
      : { label: 'Guaranteed until', value: displayDate(lock.guaranteedUntil) },
    { label: 'To be paid by (6 months from the guarantee date)', value: displayDate(lock.payBy) },
    // As at the day it is shown: the PDF keeps the count of the day it was sent, the case page counts today's.
    {
      label: 'Days left of the 6 months to pay',
      value: `${daysLeftToPay(isoDate(lock.payBy), utcDay(at))} (as at ${displayDate(utcDay(at))})`,
    },
  ];
}

/**
 * The firm reference must be 6 or 7 digits and on the register as authorised, and not shown there
 * without the permission to advise on pension transfers. A register that cannot be asked refuses
 * nothing (the member is not stopped by its outage): the note it answers tells the case's staff the
 * adviser is still to be checked. A register that answers leaves a note of what it said.
 */
async function checkFirmReference(typed: string): Promise<string> {
  const firmReference = firmReferenceOf(typed);
  if (!FCA_FIRM_REFERENCE.test(firmReference))
    throw badRequest(
      'fca_reference_invalid',
      'Enter the firm reference number as 6 or 7 digits, as the FCA register shows it',
    );
  const register = fcaRegister();
  const found = await register.check(firmReference);
  if (found.outcome === 'unavailable')
    return `Adviser not checked: register unavailable. When the application was sent, ${register.source} could not be asked (${found.reason}), so the adviser's firm (FRN ${firmReference}) is still to be checked on the FCA register before the transfer is paid.`;
  if (found.outcome === 'not_authorised')
    throw badRequest(
      'fca_firm_not_authorised',
      'We cannot find that firm reference number on the FCA register. Check it with your adviser.',
    );
  if (found.pensionTransfers === false)
    throw badRequest(
      'fca_no_pension_transfer_permission',
      'The FCA register shows that firm is not allowed to advise on pension transfers. Advice must come from a firm that is.',
    );
  const permission =
    found.pensionTransfers === null
      ? 'whether it may advise on pension transfers was not shown'
      : 'it holds the permission to advise on pension transfers';
  return `Adviser checked on ${register.source}: FRN ${firmReference}${found.name ? ` (${found.name})` : ''} is authorised; ${permission}.`;
}

const textChecks: PageCheck = {
  appliesTo: { questionKind: 'text' },
  async check({ page, answer }) {
    if (!answer || answer.questionKey !== page.question?.key) return;
    if (answer.questionKey === TRANSFER_CONTENT.adviserFirmReference)
      await checkFirmReference(answer.answerKey);
    if (answer.questionKey === TRANSFER_CONTENT.schemePstr && !PSTR.test(pstrOf(answer.answerKey)))
      throw badRequest(
        'pstr_invalid',
        'Enter the scheme’s pension scheme tax reference as 8 digits and 2 letters, like 12345678RA',
      );
  },
};

const holds = (graph: JourneyGraph, path: readonly JourneyStep[], name: string) =>
  conditionHolds({ condition: name }, factsOf(graph, path));

/**
 * Before the application is sent: the guarantee still runs, a part chosen to transfer is worked out
 * again on the locked value, no red flag, an amber flag has its pension safeguarding reference, and
 * advice over the threshold (on the whole value) was taken from a firm on the register.
 */
async function transferSubmitCheck({ graph, path, locked }: SubmitCheckContext) {
  const lock = lockOf(locked);
  // 409: the application is sound but its value is no longer guaranteed; a new statement moves it on.
  if (lock.guaranteedUntil < utcDay(new Date()))
    throw new AppError(
      409,
      'guarantee_expired',
      `Your transfer value was guaranteed until ${displayDate(lock.guaranteedUntil)}, so we cannot accept this application on it. ${newStatementHint}`,
    );
  // The part is asked before the flags and the advice, so one over the value is what the member hears
  // first: the route of an application moved onto a lower value stops there, the later answers off it.
  chosenPartOf(lock, path);
  if (holds(graph, path, TRANSFER_CONTENT.redFlag))
    throw badRequest('red_flag', 'Your answers show a red flag, so we cannot make this transfer.');
  if (
    holds(graph, path, TRANSFER_CONTENT.amberFlag) &&
    !answerOf(path, TRANSFER_CONTENT.safeguardingReference)
  )
    throw badRequest(
      'safeguarding_reference_required',
      'Give the reference of your MoneyHelper pension safeguarding appointment before you send this.',
    );
  if (
    holds(graph, path, TRANSFER_CONTENT.adviceRequired) &&
    answerOf(path, TRANSFER_CONTENT.adviceTaken)?.answerKey !== 'yes'
  )
    throw badRequest(
      'advice_required',
      `Your transfer value is over ${displayLimitPounds(adviceThresholdOf(lock))}, so you need advice from an FCA-authorised adviser before you can apply.`,
    );
  const firm = answerOf(path, TRANSFER_CONTENT.adviserFirmReference);
  return { caseNotes: firm ? [await checkFirmReference(firm.answerKey)] : [] };
}

const valueSection = (locked: unknown, at: Date, path: readonly JourneyStep[]) => ({
  heading: 'Your transfer value',
  lines: lockedLines(lockOf(locked), at, path),
});

/**
 * The transfer application: the member's latest guaranteed transfer quote is locked at start; its
 * figures (value, safeguarded benefits, age) are for the content's conditions, and the checks above
 * are made again before it is sent. Ended on a refusal page (a red flag), it opens a closed `TRF1`
 * case recording the refusal for the trustees (refusal.ts).
 */
registerJourneyPlugin({
  startsFrom: 'transfer-quote',
  needsMember: true,
  startsAtFirstPage: true,
  lock: lockTransferQuote,
  lockedSection: valueSection,
  figures: {
    names: [
      'transferValuePence',
      'nonGuaranteedPence',
      'safeguardedBenefits',
      'ageYears',
      'overAdviceThreshold',
      'partialTransfersAllowed',
    ],
    of: (locked) => {
      const lock = lockOf(locked);
      return {
        transferValuePence: lock.transferValuePence,
        nonGuaranteedPence: lock.nonGuaranteedPence,
        safeguardedBenefits: lock.pensionPence > 0 ? 1 : 0,
        ageYears: lock.ageYears,
        overAdviceThreshold: lock.transferValuePence > adviceThresholdOf(lock) ? 1 : 0,
        partialTransfersAllowed: lock.partialTransferBasis ? 1 : 0,
      };
    },
  },
  pageChecks: [textChecks],
  submitChecks: [transferSubmitCheck],
  // A refusal on a red flag is recorded; the member stopping over a worry of their own is not.
  ended: async (context) =>
    context.reason.startsWith(TRANSFER_CONTENT.redFlagEnding)
      ? recordTransferRefusal(
          context,
          lockOf(context.locked).quoteId,
          valueSection(context.locked, context.now, context.path),
        )
      : null,
});

/**
 * The tenant's transfer application as the member's conditions see it (their access key, when its
 * conditions read it), read before a statement's transaction; null when the tenant offers none.
 */
export async function transferApplicationGraph(
  db: Database,
  tenantUrl: string,
  accessKeyOf?: () => Promise<VisibilityKey>,
): Promise<JourneyGraph | null> {
  const definitions = (await findDocument<JourneyDefinition[]>(db, tenantUrl, 'journeys')) ?? [];
  const found = definitions.find((definition) => definition.startsFrom === TRANSFER_STARTS_FROM);
  if (!found) return null;
  const graph = await loadJourneyGraph(db, tenantUrl, found.type);
  return readsAccessKey(graph) && accessKeyOf
    ? withOwnerFacts(graph, { accessKey: await accessKeyOf() })
    : graph;
}

/**
 * A statement of entitlement has just been issued (inside its transaction, under the record's lock):
 * the member's open transfer application (started, not expired) moves onto it, as starting it now
 * would lock it: the new value, guarantee date, guaranteed-until and pay-by date, the AVCs and age as
 * today. Its answers are kept; routes follow the new figures, and the first answer on the route the
 * new value refuses (by its question's kind, as a part over the new value, or by its page's checks, as
 * advice declined when the value is now over £30,000) is opened again: the route stops there, the
 * answer kept to change (the engine's recheckedSteps). Null when no application is open.
 */
export async function moveOpenApplication(
  tx: Transaction,
  graph: JourneyGraph,
  {
    record,
    statement,
    member,
    today,
    now,
  }: { record: MemberRecord; statement: StoredQuote; member: HeldMember; today: IsoDate; now: Date },
): Promise<{
  from: TransferJourneyLock | null;
  to: TransferJourneyLock;
  reopened: { pageKey: string; code: string; message: string } | null;
} | null> {
  const row = await findJourney(tx, record, graph.definition.type, true);
  if (!row || statusOf(row, now) !== 'Started') return null;
  const to = lockOfStatement(statement, member, today);
  const { steps, reopened } = recheckedSteps(lockedGraph(graph, to), stepsOf(row), today);
  await tx
    .update(memberJourneys)
    .set({ choice: to, steps, updatedAt: now })
    .where(eq(memberJourneys.id, row.id));
  return { from: transferJourneyLockSchema.safeParse(row.choice).data ?? null, to, reopened };
}
