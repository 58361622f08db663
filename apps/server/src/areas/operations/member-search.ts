import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { MemberSearchResult } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { members } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { auditStaff } from './staff-audit';

export interface MemberSearch {
  reference?: string;
  name?: string;
  insuranceNumber?: string;
  dateOfBirth?: string;
}

const SEARCH_LIMIT = 50;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Members in the staff member's scope matching every criterion given (reference exactly, a part of
 * the name, the NI number without spaces, the date of birth); the search and the records it showed
 * are audited.
 */
export async function searchMembers(
  db: Database,
  request: FastifyRequest,
  search: MemberSearch,
): Promise<MemberSearchResult['members']> {
  const staff = request.staff!;
  const conditions: Array<SQL | undefined> = [
    staff.businessGroups ? inArray(members.businessGroup, staff.businessGroups) : undefined,
  ];
  if (search.reference) conditions.push(eq(members.referenceNumber, search.reference));
  if (search.name)
    conditions.push(
      sql`(${members.forenames} || ' ' || ${members.surname}) ilike ${`%${escapeLike(search.name)}%`}`,
    );
  if (search.insuranceNumber)
    conditions.push(
      sql`replace(upper(${members.insuranceNumber}), ' ', '') = ${search.insuranceNumber.replace(/\s/g, '').toUpperCase()}`,
    );
  if (search.dateOfBirth) conditions.push(eq(members.dateOfBirth, search.dateOfBirth));
  if (conditions.length === 1)
    throw new AppError(
      400,
      'search_criteria_missing',
      'Enter a reference, a name, a National Insurance number or a date of birth.',
    );
  const rows = await db
    .select()
    .from(members)
    .where(and(...conditions))
    .orderBy(members.surname, members.forenames)
    .limit(SEARCH_LIMIT);
  await auditStaff(db, request, {
    action: 'member_search',
    outcome: 'success',
    details: {
      criteria: Object.keys(search).filter((key) => search[key as keyof MemberSearch]),
      shown: rows.map((row) => `${row.businessGroup}/${row.referenceNumber}`),
    },
  });
  return rows.map((row) => ({
    businessGroup: row.businessGroup,
    referenceNumber: row.referenceNumber,
    name: [row.title, row.forenames, row.surname].filter(Boolean).join(' '),
    dateOfBirth: row.dateOfBirth,
    insuranceNumber: row.insuranceNumber,
    status: row.status,
  }));
}
