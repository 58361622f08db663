import { z } from 'zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { plainText, safeDate, safeString } from '@meridian/contracts';
import {
  dbBenefitsSchema,
  dcBenefitsSchema,
  holdingValuePence,
  unitPricePenceSchema,
  unitsSchema,
  utcDay,
  type DcSchemeConfig,
} from '@meridian/pensions';
import type { Database, Transaction } from '../../db/client';
import {
  auditEvents,
  members,
  pensionIncreases,
  pensionPayments,
  pensionPayroll,
  schemes,
} from '../../db/schema';
import { announceMemberChanged } from '../member-data/member-reads';
import { fieldName, schemesOf, type ImportProblem } from './member-import';
import type { ImportFormat, ImportRow } from './member-import-file';

/**
 * Member data rows, one fact a row, for members already held: service dates and pensionable salaries (DB),
 * fund holdings, contributions, valuations, charges taken and how the pot is invested (DC), fund prices
 * (every holding of the fund in the business group), and a pensioner's payroll record, payments and past
 * increases. The `kind` column says which.
 */
const number = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
    schema,
  );
const pence = number(z.number().int('a whole number of pence').min(0).max(100_000_000_000));
/** An amount the payroll holds (its columns are 32-bit): up to £10 million. */
const payrollPence = number(z.number().int('a whole number of pence').min(0).max(1_000_000_000));
const taxCode = safeString()
  .trim()
  .regex(/^[A-Z0-9 ]{1,12}$/, 'A tax code such as 1257L or 1257L M1');
const percent = number(
  z
    .number()
    .min(0)
    .max(100)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'at most 2 decimal places'),
);
const referenceNumber = safeString()
  .trim()
  .regex(/^\d{4,10}$/, 'Reference number must be 4 to 10 digits');
const fundCode = safeString()
  .trim()
  .regex(/^[A-Z0-9_]{1,40}$/, 'A fund code: capital letters, digits and _');
const strategyCode = safeString()
  .trim()
  .regex(/^[A-Z0-9_]{1,40}$/, 'A strategy code: capital letters, digits and _');

const rowSchemas = {
  service: z.strictObject({
    kind: z.literal('service'),
    referenceNumber,
    dateJoinedScheme: safeDate().optional(),
    datePensionableServiceStarted: safeDate().optional(),
    dateLeftScheme: safeDate().optional(),
  }),
  salary: z.strictObject({
    kind: z.literal('salary'),
    referenceNumber,
    from: safeDate(),
    pensionableSalaryPence: pence,
  }),
  holding: z.strictObject({
    kind: z.literal('holding'),
    referenceNumber,
    fundCode,
    units: number(unitsSchema),
    unitPricePence: number(unitPricePenceSchema),
    pricedOn: safeDate(),
  }),
  price: z.strictObject({
    kind: z.literal('price'),
    fundCode,
    unitPricePence: number(unitPricePenceSchema),
    pricedOn: safeDate(),
  }),
  contribution: z.strictObject({
    kind: z.literal('contribution'),
    referenceNumber,
    paidOn: safeDate(),
    memberPence: pence,
    employerPence: pence,
  }),
  valuation: z.strictObject({
    kind: z.literal('valuation'),
    referenceNumber,
    on: safeDate(),
    potPence: pence,
  }),
  charge: z.strictObject({
    kind: z.literal('charge'),
    referenceNumber,
    on: safeDate(),
    chargePence: pence,
    description: plainText('the description', 80),
  }),
  investment: z.strictObject({
    kind: z.literal('investment'),
    referenceNumber,
    choice: z.enum(['lifestyle', 'self_select']),
    strategy: strategyCode.optional(),
  }),
  payment: z.strictObject({
    kind: z.literal('payment'),
    referenceNumber,
    paidOn: safeDate(),
    grossPence: payrollPence,
    taxPence: number(z.number().int('a whole number of pence').min(-100_000_000).max(100_000_000)),
    netPence: payrollPence,
    taxCode: taxCode.optional(),
    taxBasis: z.enum(['cumulative', 'month1']).optional(),
    payReference: plainText('the pay reference', 30).optional(),
  }),
  payroll: z.strictObject({
    kind: z.literal('payroll'),
    referenceNumber,
    annualPensionPence: payrollPence,
    taxCode,
    increaseRule: plainText('the increase rule', 200),
    nextIncreaseOn: safeDate(),
  }),
  increase: z.strictObject({
    kind: z.literal('increase'),
    referenceNumber,
    effectiveOn: safeDate(),
    percent,
    annualBeforePence: payrollPence,
    annualAfterPence: payrollPence,
  }),
};

export type DataKind = keyof typeof rowSchemas;
export type DataRow = { [K in DataKind]: z.output<(typeof rowSchemas)[K]> }[DataKind];
export interface ValidDataRow {
  row: number;
  data: DataRow;
}

const kinds = Object.keys(rowSchemas) as DataKind[];

/** A yearly pension after an increase of `percent`, to the penny. */
const increased = (annualPence: number, percent: number) =>
  Math.round((annualPence * (10_000 + Math.round(percent * 100))) / 10_000);

/** Checks each row on its own (its kind, fields and values); any problem fails the whole file. */
export function validateDataRows(
  rows: ImportRow[],
  format: ImportFormat,
): { ok: true; rows: ValidDataRow[] } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const valid: ValidDataRow[] = [];
  for (const { row, record } of rows) {
    const input = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
    const reference = typeof input.referenceNumber === 'string' ? input.referenceNumber.trim() : null;
    const report = (path: ReadonlyArray<PropertyKey>, message: string) =>
      problems.push({
        row,
        referenceNumber: reference,
        field: path.length ? fieldName(path, format) : null,
        message,
      });
    const kind = input.kind as DataKind;
    if (!kinds.includes(kind)) {
      report(['kind'], `Must be one of ${kinds.join(', ')}`);
      continue;
    }
    const parsed = rowSchemas[kind].safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) report([key], `Not a field of a ${kind} row`);
        } else if (issue.code === 'invalid_type' && input[String(issue.path[0])] === undefined) {
          report(issue.path, `Missing: every ${kind} row needs this field`);
        } else report(issue.path, issue.message);
      }
      continue;
    }
    const data = parsed.data as DataRow;
    if (
      data.kind === 'service' &&
      !data.dateJoinedScheme &&
      !data.datePensionableServiceStarted &&
      !data.dateLeftScheme
    )
      report(
        [],
        'A service row gives at least one of dateJoinedScheme, datePensionableServiceStarted, dateLeftScheme',
      );
    else if (data.kind === 'investment' && data.choice === 'lifestyle' && !data.strategy)
      report(['strategy'], 'Missing: a lifestyle investment row names the strategy');
    else if (data.kind === 'investment' && data.choice === 'self_select' && data.strategy)
      report(['strategy'], 'A self_select investment row names no strategy: its funds are the holdings');
    else if (data.kind === 'payment' && data.grossPence - data.taxPence !== data.netPence)
      report(['netPence'], `Must be gross less tax: ${data.grossPence - data.taxPence}`);
    else if (
      data.kind === 'increase' &&
      Math.abs(increased(data.annualBeforePence, data.percent) - data.annualAfterPence) > 100
    )
      report(
        ['annualAfterPence'],
        `Must be annualBeforePence increased by ${data.percent}% (${increased(data.annualBeforePence, data.percent)}), to within 100 pence`,
      );
    else if (data.kind === 'increase' && data.effectiveOn > utcDay(new Date()))
      report(
        ['effectiveOn'],
        'An increase already applied: not after today (the payroll row gives the next)',
      );
    else valid.push({ row, data });
  }
  if (rows.length === 0)
    problems.push({ row: 0, referenceNumber: null, field: null, message: 'The file holds no rows' });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows: valid };
}

type MemberRow = typeof members.$inferSelect;
interface Held {
  member: MemberRow;
  schemeType: 'DB' | 'DC';
  benefits: Record<string, unknown>;
  columns: Partial<Pick<MemberRow, 'dateJoinedScheme' | 'datePensionableServiceStarted' | 'dateLeftScheme'>>;
  /** The last row that changed the record, which a problem with the result is reported against. */
  lastRow: number | null;
  /** The investment row that put the record on self-selected funds (its holdings once all rows are in). */
  selfSelectRow: number | null;
}

export interface DataImportOutcome {
  rows: number;
  membersChanged: number;
  paymentsAdded: number;
  payrollsSet: number;
  increasesSet: number;
}
export type DataImportResult = ({ ok: true } & DataImportOutcome) | { ok: false; problems: ImportProblem[] };

class Rollback extends Error {}

/** Puts an entry in a list kept in order of `key`, replacing one with the same key (a re-import). */
function upsert<T>(list: T[] | undefined, entry: T, key: (item: T) => string): T[] {
  return [...(list ?? []).filter((item) => key(item) !== key(entry)), entry].sort((a, b) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0,
  );
}

type Holding = { code: string; units: number; unitPricePence: number; pricedOn: string };

/**
 * Loads checked data rows into a business group's members in one transaction: every row is applied or none
 * is. Each row must suit its member (a DB record for service and salary, a DC record for holdings,
 * contributions, valuations, charges and investment, a pensioner for payments, a pensioner's DB record for
 * payroll and increases; the scheme's funds and strategies); each changed record must still pass the
 * engine's benefit schema, its pot (and self-selected funds) being its holdings' value once they change.
 * With `dryRun` the work is done and rolled back.
 */
export async function importMemberData(
  db: Database,
  options: { businessGroup: string; rows: ValidDataRow[]; source: string; dryRun?: boolean },
): Promise<DataImportResult> {
  const { businessGroup } = options;
  const problems: ImportProblem[] = [];
  const outcome: DataImportOutcome = {
    rows: options.rows.length,
    membersChanged: 0,
    paymentsAdded: 0,
    payrollsSet: 0,
    increasesSet: 0,
  };
  const configs = schemesOf(businessGroup);
  try {
    await db.transaction(async (tx) => {
      const held = await heldMembers(tx, businessGroup, options.rows);
      const paidOn = new Set<string>();
      const payroll = new Map<string, PayrollChange>();
      for (const { row, data } of options.rows) {
        const problem = (field: string | null, message: string) =>
          problems.push({
            row,
            referenceNumber: 'referenceNumber' in data ? data.referenceNumber : null,
            field,
            message,
          });
        if (data.kind === 'price') {
          if (
            ![...configs.values()].some(
              (c) => c.kind === 'DC' && c.funds.some((f) => f.code === data.fundCode),
            )
          ) {
            problem('fundCode', `Not a fund of a scheme of ${businessGroup}`);
            continue;
          }
          for (const record of held.values()) {
            const holdings = record.benefits.holdings as Holding[] | undefined;
            if (!holdings?.some((h) => h.code === data.fundCode && h.pricedOn <= data.pricedOn)) continue;
            record.benefits.holdings = holdings.map((h) =>
              h.code === data.fundCode && h.pricedOn <= data.pricedOn
                ? { ...h, unitPricePence: data.unitPricePence, pricedOn: data.pricedOn }
                : h,
            );
            record.lastRow = row;
          }
          continue;
        }
        const record = held.get(data.referenceNumber);
        if (!record) {
          problem('referenceNumber', `No member ${data.referenceNumber} in ${businessGroup}`);
          continue;
        }
        const needs: Partial<Record<DataKind, 'DB' | 'DC'>> = {
          service: 'DB',
          salary: 'DB',
          holding: 'DC',
          contribution: 'DC',
          valuation: 'DC',
          charge: 'DC',
          investment: 'DC',
          payroll: 'DB',
          increase: 'DB',
        };
        const scheme = needs[data.kind];
        if (scheme && record.schemeType !== scheme) {
          problem(
            'kind',
            `A ${data.kind} row is for a ${scheme} record; ${data.referenceNumber} is ${record.schemeType}`,
          );
          continue;
        }
        if (
          (data.kind === 'payment' || data.kind === 'payroll' || data.kind === 'increase') &&
          record.member.status !== 'Pensioner'
        ) {
          problem(
            'kind',
            `A ${data.kind} row is for a pensioner; ${data.referenceNumber} is ${record.member.status}`,
          );
          continue;
        }
        const { benefits } = record;
        switch (data.kind) {
          case 'service': {
            const { kind: _kind, referenceNumber: _reference, ...dates } = data;
            record.columns = { ...record.columns, ...dates };
            break;
          }
          case 'salary':
            benefits.salaryHistory = upsert(
              benefits.salaryHistory as { from: string; pensionableSalaryPence: number }[] | undefined,
              { from: data.from, pensionableSalaryPence: data.pensionableSalaryPence },
              (s) => s.from,
            );
            benefits.finalPensionableSalaryPence = (
              benefits.salaryHistory as { pensionableSalaryPence: number }[]
            ).at(-1)!.pensionableSalaryPence;
            break;
          case 'holding': {
            const scheme = configs.get(record.member.schemeCode) as DcSchemeConfig | undefined;
            if (!scheme?.funds.some((f) => f.code === data.fundCode)) {
              problem(
                'fundCode',
                `Not a fund of ${record.member.schemeCode} (${scheme?.funds.map((f) => f.code).join(', ')})`,
              );
              continue;
            }
            const { fundCode, units, unitPricePence, pricedOn } = data;
            const holdings = upsert(
              benefits.holdings as Holding[] | undefined,
              { code: fundCode, units, unitPricePence, pricedOn },
              (h) => h.code,
            );
            // No units left: the fund is sold (a switch out of it), no longer held.
            benefits.holdings = units > 0 ? holdings : holdings.filter((h) => h.code !== fundCode);
            break;
          }
          case 'contribution':
            benefits.contributions = upsert(
              benefits.contributions as
                { paidOn: string; memberPence: number; employerPence: number }[] | undefined,
              { paidOn: data.paidOn, memberPence: data.memberPence, employerPence: data.employerPence },
              (c) => c.paidOn,
            );
            break;
          case 'valuation':
            benefits.valuations = upsert(
              benefits.valuations as { on: string; potPence: number }[] | undefined,
              { on: data.on, potPence: data.potPence },
              (v) => v.on,
            );
            break;
          case 'charge':
            benefits.charges = upsert(
              benefits.charges as { on: string; pence: number; description: string }[] | undefined,
              { on: data.on, pence: data.chargePence, description: data.description },
              (c) => `${c.on} ${c.description}`,
            );
            break;
          case 'investment': {
            if (data.choice === 'self_select') {
              record.selfSelectRow = row;
              break;
            }
            const strategies = (
              configs.get(record.member.schemeCode) as DcSchemeConfig | undefined
            )?.strategies.map((s) => s.code);
            if (!strategies?.includes(data.strategy!)) {
              problem(
                'strategy',
                `Not a strategy of ${record.member.schemeCode} (${strategies?.join(', ')})`,
              );
              continue;
            }
            record.selfSelectRow = null;
            benefits.investment = { strategy: data.strategy };
            break;
          }
          case 'payroll':
          case 'increase': {
            const change: PayrollChange = payroll.get(data.referenceNumber) ?? { increases: new Map() };
            if (data.kind === 'payroll') change.record = { row, data };
            else change.increases.set(data.effectiveOn, { row, data });
            payroll.set(data.referenceNumber, change);
            continue;
          }
          case 'payment': {
            const key = `${data.referenceNumber} ${data.paidOn}`;
            const [already] = await tx
              .select({ id: pensionPayments.id })
              .from(pensionPayments)
              .where(
                and(
                  eq(pensionPayments.businessGroup, businessGroup),
                  eq(pensionPayments.referenceNumber, data.referenceNumber),
                  eq(pensionPayments.paidOn, data.paidOn),
                ),
              );
            if (already || paidOn.has(key)) {
              problem('paidOn', `A payment on ${data.paidOn} is already held for ${data.referenceNumber}`);
              continue;
            }
            paidOn.add(key);
            const { kind: _kind, ...payment } = data;
            await tx.insert(pensionPayments).values({ ...payment, businessGroup });
            outcome.paymentsAdded += 1;
            continue;
          }
        }
        record.lastRow = row;
      }
      for (const record of held.values()) {
        if (record.lastRow === null) continue;
        const saved = await saveRecord(tx, businessGroup, record, options.source);
        if (saved.length > 0) problems.push(...saved);
        else outcome.membersChanged += 1;
      }
      for (const [referenceNumber, change] of payroll) {
        const saved = await savePayroll(tx, { businessGroup, referenceNumber }, change);
        if (saved.length > 0) problems.push(...saved);
        else {
          outcome.payrollsSet += change.record ? 1 : 0;
          outcome.increasesSet += change.increases.size;
        }
      }
      const paid = [...paidOn].map((key) => key.split(' ')[0]!);
      for (const reference of new Set([...paid, ...payroll.keys()]))
        await announceMemberChanged(tx, { businessGroup, referenceNumber: reference });
      await tx.insert(auditEvents).values({
        action: 'members.data-import',
        outcome: 'success',
        businessGroup,
        details: { source: options.source, ...outcome },
      });
      if (problems.length > 0 || options.dryRun) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return problems.length > 0
    ? { ok: false, problems: problems.sort((a, b) => a.row - b.row) }
    : { ok: true, ...outcome };
}

type PayrollRow = Extract<DataRow, { kind: 'payroll' }>;
type IncreaseRow = Extract<DataRow, { kind: 'increase' }>;
/** A pensioner's payroll record and increases from the file (the last row of each wins). */
interface PayrollChange {
  record?: { row: number; data: PayrollRow };
  increases: Map<string, { row: number; data: IncreaseRow }>;
}

/**
 * Writes a pensioner's payroll record (replacing the one held) and increases (replacing any held on the
 * same day), then sets the record's last increase from the latest held. Increases need a payroll record,
 * held or in the file: without one no pension is shown as paid.
 */
async function savePayroll(
  tx: Transaction,
  key: { businessGroup: string; referenceNumber: string },
  change: PayrollChange,
): Promise<ImportProblem[]> {
  const ofMember = (columns: typeof pensionPayroll | typeof pensionIncreases) =>
    and(eq(columns.businessGroup, key.businessGroup), eq(columns.referenceNumber, key.referenceNumber));
  const [held] = await tx
    .select({ referenceNumber: pensionPayroll.referenceNumber })
    .from(pensionPayroll)
    .where(ofMember(pensionPayroll));
  if (!held && !change.record)
    return [...change.increases.values()].map(({ row }) => ({
      row,
      referenceNumber: key.referenceNumber,
      field: 'kind',
      message: `An increase row is for a pension on the payroll: ${key.referenceNumber} has no payroll record (add a payroll row)`,
    }));
  for (const { data } of change.increases.values()) {
    await tx
      .delete(pensionIncreases)
      .where(and(ofMember(pensionIncreases), eq(pensionIncreases.effectiveOn, data.effectiveOn)));
    await tx.insert(pensionIncreases).values({
      ...key,
      effectiveOn: data.effectiveOn,
      basisPoints: Math.round(data.percent * 100),
      annualBeforePence: data.annualBeforePence,
      annualAfterPence: data.annualAfterPence,
    });
  }
  if (change.record) {
    const { kind: _kind, referenceNumber: _reference, ...record } = change.record.data;
    await tx
      .insert(pensionPayroll)
      .values({ ...key, ...record })
      .onConflictDoUpdate({
        target: [pensionPayroll.businessGroup, pensionPayroll.referenceNumber],
        set: record,
      });
  }
  const [last] = await tx
    .select({ basisPoints: pensionIncreases.basisPoints, effectiveOn: pensionIncreases.effectiveOn })
    .from(pensionIncreases)
    .where(ofMember(pensionIncreases))
    .orderBy(desc(pensionIncreases.effectiveOn))
    .limit(1);
  await tx
    .update(pensionPayroll)
    .set({ lastIncreaseBasisPoints: last?.basisPoints ?? null, lastIncreaseOn: last?.effectiveOn ?? null })
    .where(ofMember(pensionPayroll));
  return [];
}

/** The business group's members the rows name, and, for price rows, every DC member holding units. */
async function heldMembers(tx: Transaction, businessGroup: string, rows: ValidDataRow[]) {
  const references = [
    ...new Set(rows.flatMap(({ data }) => ('referenceNumber' in data ? [data.referenceNumber] : []))),
  ];
  const anyPrice = rows.some(({ data }) => data.kind === 'price');
  const found = await tx
    .select({ member: members, schemeType: schemes.type })
    .from(members)
    .innerJoin(schemes, eq(schemes.code, members.schemeCode))
    .where(
      and(
        eq(members.businessGroup, businessGroup),
        anyPrice ? undefined : inArray(members.referenceNumber, references.length ? references : ['']),
      ),
    )
    .for('update');
  return new Map(
    found.map(({ member, schemeType }): [string, Held] => [
      member.referenceNumber,
      {
        member,
        schemeType: schemeType as 'DB' | 'DC',
        benefits: structuredClone(member.benefits as Record<string, unknown>),
        columns: {},
        lastRow: null,
        selfSelectRow: null,
      },
    ]),
  );
}

/** Checks a changed record against the engine's schema and writes it; the problems when it fails. */
async function saveRecord(
  tx: Transaction,
  businessGroup: string,
  record: Held,
  source: string,
): Promise<ImportProblem[]> {
  const { member, benefits } = record;
  const problems: ImportProblem[] = [];
  const problem = (field: string, message: string, row = record.lastRow!) =>
    problems.push({ row, referenceNumber: member.referenceNumber, field, message });
  const funds = (benefits.holdings as Holding[] | undefined)?.map((h) => ({
    code: h.code,
    valuePence: holdingValuePence(h.units, h.unitPricePence),
  }));
  if (funds?.length === 0) {
    problem('units', 'Every fund held would be sold: a switch also gives the holdings it bought');
    return problems;
  }
  if (funds) benefits.potPence = funds.reduce((sum, fund) => sum + fund.valuePence, 0);
  // Self-selected funds are the holdings, at their values (so kept in step when holdings or prices change).
  const investment = benefits.investment;
  const selfSelected = typeof investment === 'object' && investment !== null && 'funds' in investment;
  if (record.selfSelectRow !== null || (funds && selfSelected)) {
    if (funds) benefits.investment = { funds };
    else
      problem(
        'choice',
        `Self-selected funds are the funds held: ${member.referenceNumber} holds none (add holding rows)`,
        record.selfSelectRow!,
      );
  }
  const checked = (record.schemeType === 'DB' ? dbBenefitsSchema : dcBenefitsSchema).safeParse(benefits);
  if (!checked.success)
    for (const issue of checked.error.issues)
      problem(fieldName(['benefits', ...issue.path], 'json'), issue.message);
  const dates = { ...member, ...record.columns };
  if (dates.dateLeftScheme && dates.dateJoinedScheme && dates.dateLeftScheme < dates.dateJoinedScheme)
    problem('dateLeftScheme', 'Must not be before the date the member joined the scheme');
  if (dates.dateJoinedScheme && dates.dateJoinedScheme < member.dateOfBirth)
    problem('dateJoinedScheme', 'Must not be before the date of birth');
  if (record.columns.dateLeftScheme && member.status === 'Active')
    problem('dateLeftScheme', 'An active member has not left the scheme');
  if (problems.length > 0) return problems;
  const key = { businessGroup, referenceNumber: member.referenceNumber };
  await tx
    .update(members)
    .set({ benefits: checked.data, ...record.columns })
    .where(
      and(eq(members.businessGroup, businessGroup), eq(members.referenceNumber, member.referenceNumber)),
    );
  await announceMemberChanged(tx, key);
  await tx.insert(auditEvents).values({
    action: 'member.data-import',
    outcome: 'success',
    ...key,
    details: { source, fields: ['benefits', ...Object.keys(record.columns)] },
  });
  return [];
}
