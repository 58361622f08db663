import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Beneficiary, Nomination } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { beneficiaries } from '../../db/schema';

export interface MemberRecord {
  businessGroup: string;
  referenceNumber: string;
}

type Row = typeof beneficiaries.$inferSelect;

/** A record's rows still in force, for a record or for placeholders a prepared query fills. */
const activeOf = (record: { businessGroup: string | SQLWrapper; referenceNumber: string | SQLWrapper }) =>
  and(
    eq(beneficiaries.businessGroup, record.businessGroup),
    eq(beneficiaries.referenceNumber, record.referenceNumber),
    isNull(beneficiaries.revokedAt),
  );

const optional = <T>(value: T | null) => value ?? undefined;

function toBeneficiary(row: Row): Nomination['beneficiaries'][number] {
  const shared = {
    id: row.id,
    nominatedAt: row.nominatedAt.toISOString(),
    lumpSumPercentage: row.lumpSumHundredths / 100,
    notes: optional(row.notes),
    address: row.address as Beneficiary['address'],
  };
  if (row.kind === 'organisation') {
    return {
      ...shared,
      kind: 'organisation',
      relationship: 'Charity',
      charityName: row.charityName ?? '',
      charityNumber: optional(row.charityNumber),
    };
  }
  return {
    ...shared,
    kind: 'person',
    relationship: row.relationship as Extract<Beneficiary, { kind: 'person' }>['relationship'],
    forenames: row.forenames ?? '',
    surname: row.surname ?? '',
    dateOfBirth: row.dateOfBirth ?? '',
    isPensionBeneficiary: row.isPensionBeneficiary,
  };
}

const activeBeneficiaries = preparedQuery((db: Database) =>
  db
    .select()
    .from(beneficiaries)
    .where(
      activeOf({
        businessGroup: sql.placeholder('businessGroup'),
        referenceNumber: sql.placeholder('referenceNumber'),
      }),
    )
    .orderBy(asc(beneficiaries.position))
    .prepare('active_beneficiaries'),
);

/** The record's active nomination, in the order it was made. */
export async function activeNomination(db: Database, record: MemberRecord): Promise<Nomination> {
  const rows = await activeBeneficiaries(db).execute({
    businessGroup: record.businessGroup,
    referenceNumber: record.referenceNumber,
  });
  return { beneficiaries: rows.map(toBeneficiary), nominatedAt: rows[0]?.nominatedAt.toISOString() ?? null };
}

/** Revokes the active nomination and adds the new one, in one transaction. */
export async function replaceNomination(
  tx: Transaction,
  record: MemberRecord,
  list: Beneficiary[],
  now: Date,
) {
  await tx.update(beneficiaries).set({ revokedAt: now }).where(activeOf(record));
  if (list.length === 0) return;
  await tx.insert(beneficiaries).values(
    list.map((beneficiary, position) => ({
      ...record,
      position,
      kind: beneficiary.kind,
      relationship: beneficiary.relationship,
      forenames: beneficiary.kind === 'person' ? beneficiary.forenames : null,
      surname: beneficiary.kind === 'person' ? beneficiary.surname : null,
      dateOfBirth: beneficiary.kind === 'person' ? beneficiary.dateOfBirth : null,
      charityName: beneficiary.kind === 'organisation' ? beneficiary.charityName : null,
      charityNumber: beneficiary.kind === 'organisation' ? (beneficiary.charityNumber ?? null) : null,
      lumpSumHundredths: Math.round(beneficiary.lumpSumPercentage * 100),
      isPensionBeneficiary: beneficiary.kind === 'person' && beneficiary.isPensionBeneficiary,
      notes: beneficiary.notes || null,
      address: beneficiary.address as Record<string, string>,
      nominatedAt: now,
    })),
  );
}
