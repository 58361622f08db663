import { and, eq } from 'drizzle-orm';
import { memberCases } from '../../db/schema';
import type { MemberRecord } from '../journeys/repository';

/** The condition that keeps a query on cases to those of one member record. */
export const casesOf = (record: MemberRecord) =>
  and(
    eq(memberCases.businessGroup, record.businessGroup),
    eq(memberCases.referenceNumber, record.referenceNumber),
  );
