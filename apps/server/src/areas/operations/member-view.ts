import { eq, and, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { retirementPeriodsOf, type MemberView } from '@meridian/contracts';
import { utcDay, type CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { tenants, userRecords } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { activeNomination } from '../beneficiaries/repository';
import { casesOfRecord } from '../cases/routes';
import { pageOfLibrary } from '../documents/repository';
import { findMember, guaranteedTransferQuote, linkedRecordsOf } from '../member-data/member-repository';
import { personalDetailsOf } from '../member-data/routes';
import { membershipSummary, retirementFigures } from '../my-details/member-summary';
import { pensionPaymentsOf } from '../payments/payroll';
import { dcPotOf } from '../retirement/dc-pot';
import { findTenant } from '../tenancy/tenant-repository';
import { auditStaff } from './staff-audit';

/** How many of the member's documents the view lists, newest first (their library pages the rest). */
export const MEMBER_VIEW_DOCUMENTS = 100;

/**
 * A member's record as the member sees it, for staff: read through the same functions the member's
 * own reads use (personal details, membership summary and its figures, record picker, My requests,
 * the document library's first page, the nomination), changing nothing: no document is marked read
 * and no session is made as them. A record outside the staff member's scope answers 404 as a missing
 * one does (audited as refused); every view is audited with who, which member and when.
 */
export async function memberView(
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
  record: { businessGroup: string; referenceNumber: string },
): Promise<MemberView> {
  const staff = request.staff!;
  const absent = () =>
    new AppError(
      404,
      'member_not_found',
      `There is no member ${record.businessGroup} ${record.referenceNumber}.`,
    );
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw absent();
  if (staff.businessGroups && !staff.businessGroups.includes(record.businessGroup)) {
    await auditStaff(db, request, {
      action: 'member_view',
      outcome: 'denied',
      ...record,
      details: { reason: 'other_tenant' },
    });
    throw absent();
  }
  const [tenantRow] = await db
    .select({ tenantUrl: tenants.tenantUrl })
    .from(tenants)
    .where(sql`${record.businessGroup} = any(${tenants.businessGroups})`)
    .limit(1);
  const tenant = tenantRow ? await findTenant(db, tenantRow.tenantUrl) : null;
  const periods = retirementPeriodsOf(tenant ?? {});
  const today = utcDay(new Date());
  const { member, scheme } = found;
  const figures = await retirementFigures(calculations, member, scheme, today, {
    preRetirementAgePeriodInYears: periods.preRetirementAgePeriod,
    newlyRetiredRangeInMonths: periods.newlyRetiredRange,
  });
  const holders = await db
    .select({ userId: userRecords.userId })
    .from(userRecords)
    .where(
      and(
        eq(userRecords.businessGroup, record.businessGroup),
        eq(userRecords.referenceNumber, record.referenceNumber),
      ),
    );
  const records = new Map<string, MemberView['records'][number]>();
  for (const { userId } of holders)
    for (const linked of await linkedRecordsOf(
      db,
      userId,
      tenant?.businessGroups ?? [record.businessGroup],
    )) {
      const key = `${linked.businessGroup}/${linked.referenceNumber}`;
      records.set(key, {
        businessGroup: linked.businessGroup,
        referenceNumber: linked.referenceNumber,
        schemeDescription: linked.schemeDescription,
        schemeType: linked.schemeType,
        memberStatus: linked.memberStatus,
        current: key === `${record.businessGroup}/${record.referenceNumber}`,
      });
    }
  const documents = await pageOfLibrary(db, record, {
    propertyName: 'DateReceived',
    ascending: false,
    pageNumber: 1,
    pageSize: MEMBER_VIEW_DOCUMENTS,
  });
  // A pension in payment as Your pension payments reads it (none on a record no payroll pays).
  const pensionPayments =
    member.status === 'Pensioner'
      ? await pensionPaymentsOf(db, record, today).catch((error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return null;
          throw error;
        })
      : null;
  const guaranteed =
    scheme.type === 'DB' && member.status !== 'Pensioner'
      ? await guaranteedTransferQuote(db, record, today)
      : null;
  // A DC record's pot as the member's pot page reads it (none when its data cannot be shown online).
  const dcPot =
    scheme.type === 'DC'
      ? await dcPotOf(db, found, tenant?.tenantUrl ?? '', today, request.log).catch((error: unknown) => {
          if (error instanceof AppError && error.statusCode === 409) return null;
          throw error;
        })
      : null;
  const view: MemberView = {
    personalDetails: personalDetailsOf(found),
    contacts: {
      email: member.email,
      mobilePhone: member.mobilePhone,
      address: member.address ? { ...member.address, county: member.address.county ?? null } : null,
    },
    summary: membershipSummary(member, scheme, figures, today),
    pensionPayments,
    guaranteedTransfer: guaranteed
      ? {
          transferValuePence: guaranteed.quote.transferValuePence,
          issuedOn: guaranteed.storedOn,
          guaranteedUntil: guaranteed.guaranteedUntil,
        }
      : null,
    dcPot,
    records: [...records.values()],
    hasAccount: holders.length > 0,
    cases: await casesOfRecord(db, record),
    documents: { items: documents.items, totalItems: documents.totalItems },
    nomination: await activeNomination(db, record),
  };
  await auditStaff(db, request, {
    action: 'member_view',
    outcome: 'success',
    ...record,
    details: {
      shown: [
        'personal_details',
        'contacts',
        'summary',
        ...(pensionPayments ? ['pension_payments'] : []),
        ...(guaranteed ? ['guaranteed_transfer'] : []),
        ...(dcPot ? ['dc_pot'] : []),
        'records',
        'cases',
        'documents',
        'nomination',
      ],
    },
  });
  return view;
}
