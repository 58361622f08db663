import {
  addMonths,
  getDbSchemeConfig,
  isoDate,
  revaluedTranches,
  sumPence,
  type IsoDate,
  type RevaluedTranche,
  type TrancheBenefit,
} from '@meridian/pensions';
import { and, count, eq } from 'drizzle-orm';
import type { Beneficiary } from '@meridian/contracts';
import type { Database } from '../db/client';
import { beneficiaries, members } from '../db/schema';
import { renderNominationPdf } from '../areas/beneficiaries/nomination-pdf';
import { replaceNomination } from '../areas/beneficiaries/repository';
import { PORTAL_CONTEXT, type DocumentLibrary } from '../areas/documents/library';
import { namesIn, type MemberRecord } from '../areas/documents/repository';
import { renderApplicationPdf, type ApplicationPdf } from '../lib/pdf/application-pdf';
import { displayDate, displayPounds } from '../lib/display';
import { demoSchemes } from './demo-personas';
import { demoDetails } from './demo-details';
import { seedDemoTransferStatements } from './demo-transfer';
import { issueAnnualStatement } from '../areas/statements/statement';
import { findMember } from '../areas/member-data/member-repository';

/**
 * What the demo files in each persona's documents and beneficiaries, so each tells their own position.
 * Only where it is true to the persona: annual benefit statements for members still building or keeping
 * a pension, a "your pension has started" letter for the pensioner, and the pensioner's nomination of
 * their spouse, and the transfer pack of the statement db.active asked for (demo-transfer.ts). Members
 * whose pages the tests walk from empty (dc.far, db.deferred, the linked primary record) keep empty
 * libraries.
 */
const statementRecords = ['1000010', '1000003', '1000005', '1000008', '2000001'];
/**
 * Records whose statement for this statement year the demo issues, as the yearly run would have (the run
 * itself is next due at the start of the next statement year): db.active, who reads it with its PDF kept
 * in documents. The others read this year's figures on the page before they are issued.
 */
const issuedStatementRecords = ['1000002'];
const PENSIONER = '1000004';

type MemberRow = typeof members.$inferSelect;
type Section = ApplicationPdf['sections'][number];
type Line = Section['lines'][number];

const perYear = (pence: number) => `${displayPounds(pence)} a year`;
const fullName = (member: MemberRow) =>
  [member.title, member.forenames, member.surname].filter(Boolean).join(' ');
const at = (day: string) => new Date(`${day}T09:00:00.000Z`);

/** The statement year a member last had: figures as at 5 April, sent on 30 June. */
export function lastStatementDates(today: IsoDate): { asAt: IsoDate; issued: IsoDate } {
  const year = Number(today.slice(0, 4));
  const issuedYear = today >= `${year}-06-30` ? year : year - 1;
  return { asAt: isoDate(`${issuedYear}-04-05`), issued: isoDate(`${issuedYear}-06-30`) };
}

/**
 * A DB record's pension by tranche, with its total. A deferred member's is shown as it was when they
 * left and as it stands at the statement's date, with the increases in deferment their scheme gives.
 */
function pensionSections(member: MemberRow, asAt: IsoDate): Section[] {
  const benefits = member.benefits as { tranches?: TrancheBenefit[]; pensionAsAt?: IsoDate };
  if (!benefits.tranches) return [];
  const left = benefits.pensionAsAt ?? (member.dateLeftScheme as IsoDate | null);
  const deferredSince = member.status === 'Deferred' && left && left < asAt ? left : null;
  const scheme = getDbSchemeConfig(member.schemeCode, asAt);
  const tranches = revaluedTranches(scheme, benefits.tranches, deferredSince ?? asAt, asAt);
  const linesOf = (amount: (tranche: RevaluedTranche) => number) => [
    ...tranches.map((tranche) => ({ label: tranche.label, value: perYear(amount(tranche)) })),
    { label: 'Your pension', value: perYear(sumPence(tranches.map(amount))) },
  ];
  if (!deferredSince)
    return [{ heading: 'Your pension built up', lines: linesOf((tranche) => tranche.heldPence) }];
  return [
    {
      heading: `Your pension when you left on ${displayDate(deferredSince)}`,
      lines: linesOf((tranche) => tranche.heldPence),
    },
    {
      heading: `Your pension at ${displayDate(asAt)}, with the increases since you left`,
      lines: linesOf((tranche) => tranche.revaluedPence),
    },
  ];
}

/** The rest of a record's benefits, as its statement lists them. */
function otherBenefitLines(member: MemberRow): Line[] {
  const benefits = member.benefits as {
    finalPensionableSalaryPence?: number;
    avcFundPence?: number;
    potPence?: number;
    monthlyContributionPence?: number;
    targetRetirementAge?: number;
  };
  const lines: Line[] = [];
  if (benefits.finalPensionableSalaryPence !== undefined) {
    lines.push({ label: 'Final pensionable salary', value: perYear(benefits.finalPensionableSalaryPence) });
  }
  if (benefits.avcFundPence !== undefined) {
    lines.push({
      label: 'Additional voluntary contributions fund',
      value: displayPounds(benefits.avcFundPence),
    });
  }
  if (benefits.potPence !== undefined)
    lines.push({ label: 'Your pot', value: displayPounds(benefits.potPence) });
  if (benefits.monthlyContributionPence !== undefined) {
    lines.push({
      label: 'Contributions each month',
      value: displayPounds(benefits.monthlyContributionPence),
    });
  }
  if (benefits.targetRetirementAge !== undefined) {
    lines.push({ label: 'Target retirement age', value: String(benefits.targetRetirementAge) });
  }
  return lines;
}

function aboutYou(member: MemberRow, extra: Line[] = []) {
  const scheme = demoSchemes.find((candidate) => candidate.code === member.schemeCode);
  return {
    heading: 'About you',
    lines: [
      { label: 'Name', value: fullName(member) },
      { label: 'Membership reference', value: member.referenceNumber },
      { label: 'Scheme', value: scheme?.name ?? member.schemeCode },
      ...extra,
    ],
  };
}

function annualStatement(member: MemberRow, today: IsoDate) {
  const { asAt, issued } = lastStatementDates(today);
  return {
    name: `annual-benefit-statement-${asAt.slice(0, 4)}.pdf`,
    type: 'Annual statement',
    receivedAt: at(issued),
    pdf: () =>
      renderApplicationPdf({
        title: 'Annual benefit statement',
        caseNumber: member.referenceNumber,
        dateLabel: 'Sent on',
        submittedOn: displayDate(issued),
        sections: [
          aboutYou(member, [{ label: 'Figures as at', value: displayDate(asAt) }]),
          ...pensionSections(member, asAt),
          { heading: 'Your benefits', lines: otherBenefitLines(member) },
        ],
      }),
  };
}

function pensionStartedLetter(member: MemberRow) {
  const benefits = member.benefits as { pensionInPaymentPence: number; lumpSumPaidPence: number };
  const retired = member.dateRetired!;
  return {
    name: `your-pension-has-started-${retired.slice(0, 10)}.pdf`,
    type: 'Letter',
    receivedAt: at(retired),
    pdf: () =>
      renderApplicationPdf({
        title: 'Your pension has started',
        caseNumber: member.referenceNumber,
        dateLabel: 'Sent on',
        submittedOn: displayDate(retired),
        sections: [
          aboutYou(member, [{ label: 'Retired on', value: displayDate(retired) }]),
          {
            heading: 'Your pension',
            lines: [
              { label: 'Pension', value: perYear(benefits.pensionInPaymentPence) },
              { label: 'Tax-free lump sum paid', value: displayPounds(benefits.lumpSumPaidPence) },
            ],
          },
        ],
      }),
  };
}

/** The pensioner's wish, made when they retired: their spouse, for the lump sum and the pension. */
function pensionerNomination(member: MemberRow, today: IsoDate): Beneficiary[] {
  const spouse = demoDetails[PENSIONER]?.dependants?.find((dependant) => dependant.relationship === 'Spouse');
  if (!spouse || !member.address) return [];
  const { lines, town, postcode } = member.address;
  return [
    {
      kind: 'person',
      relationship: 'Spouse',
      forenames: spouse.forenames,
      surname: spouse.surname,
      dateOfBirth: addMonths(today, -spouse.ageYears * 12 - 3),
      isPensionBeneficiary: true,
      lumpSumPercentage: 100,
      address: {
        line1: lines[0]!,
        line2: lines[1],
        line3: town,
        postCode: postcode,
        country: 'United Kingdom',
      },
    },
  ];
}

async function fileOnce(
  library: DocumentLibrary,
  db: Database,
  record: MemberRecord,
  document: { name: string; type: string; receivedAt: Date; pdf: () => Promise<Uint8Array> },
  kind: 'letter' | 'nomination',
) {
  if ((await namesIn(db, record, PORTAL_CONTEXT)).has(document.name)) return;
  await library.addPortalDocument(record, {
    name: document.name,
    type: document.type,
    kind,
    bytes: await document.pdf(),
    receivedAt: document.receivedAt,
  });
}

/**
 * Files the demo documents and nomination, once: a document already in a library, or a record that has
 * ever had a nomination, is left as it is, so restarts add nothing and the member's own changes stay.
 */
export async function seedDemoDocuments(db: Database, library: DocumentLibrary, today: IsoDate) {
  const demoMembers = await db.select().from(members);
  const byReference = new Map(demoMembers.map((member) => [member.referenceNumber, member]));
  for (const reference of statementRecords) {
    const member = byReference.get(reference);
    if (!member) continue;
    const record = { businessGroup: member.businessGroup, referenceNumber: reference };
    await fileOnce(library, db, record, annualStatement(member, today), 'letter');
  }
  for (const reference of issuedStatementRecords) {
    const member = byReference.get(reference);
    const found = member && (await findMember(db, member.businessGroup, reference));
    if (found) await issueAnnualStatement(db, library, found, today);
  }
  await seedDemoTransferStatements(db, library, today);

  const pensioner = byReference.get(PENSIONER);
  if (!pensioner?.dateRetired) return;
  const record = { businessGroup: pensioner.businessGroup, referenceNumber: PENSIONER };
  await fileOnce(library, db, record, pensionStartedLetter(pensioner), 'letter');
  const [nominated] = await db
    .select({ value: count() })
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.businessGroup, record.businessGroup),
        eq(beneficiaries.referenceNumber, PENSIONER),
      ),
    );
  const list = pensionerNomination(pensioner, today);
  if ((nominated?.value ?? 0) > 0 || list.length === 0) return;
  const madeOn = at(pensioner.dateRetired);
  await db.transaction((tx) => replaceNomination(tx, record, list, madeOn));
  await fileOnce(
    library,
    db,
    record,
    {
      name: `expression-of-wish-${pensioner.dateRetired.slice(0, 10)}.pdf`,
      type: 'Expression of wish',
      receivedAt: madeOn,
      pdf: () =>
        renderNominationPdf({
          memberName: fullName(pensioner),
          referenceNumber: PENSIONER,
          madeOn: madeOn.toISOString(),
          beneficiaries: list,
        }),
    },
    'nomination',
  );
}
