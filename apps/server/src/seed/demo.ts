import { addMonths, type IsoDate } from '@meridian/pensions';
import { and, count, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { hashPassword } from '../lib/password-hashing';
import {
  memberBankAccounts,
  memberDependants,
  memberReferrals,
  members,
  schemes,
  userRecords,
  users,
} from '../db/schema';
import { demoDcBenefits } from './demo-dc';
import { demoDetails } from './demo-details';
import { withSalaryHistory } from './demo-salary';
import { seedPayrollAndQuotes } from './demo-payroll';
import {
  DEMO_PASSWORD,
  demoPersonas,
  demoSchemes,
  unregisteredDemoMember,
  type DemoPersona,
} from './demo-personas';

export async function hasDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) > 0;
}

/**
 * The details that register the demo member who has no account, as seeded: the date of birth was worked
 * out from the day the demo was seeded, which may be days before today. Null without demo data.
 */
export async function unregisteredDemoMemberDetails(db: Database) {
  const record = unregisteredDemoMember.records[0]!;
  const [member] = await db
    .select({ dateOfBirth: members.dateOfBirth, email: members.email })
    .from(members)
    .where(
      and(
        eq(members.businessGroup, record.businessGroup),
        eq(members.referenceNumber, record.referenceNumber),
      ),
    );
  if (!member?.email) return null;
  return {
    referenceNumber: record.referenceNumber,
    dateOfBirth: member.dateOfBirth,
    insuranceNumber: unregisteredDemoMember.insuranceNumber,
    email: member.email,
  };
}

/** Seeds the schemes, members and sign-ins of the demo; ages are computed from `today`. */
export async function seedDemoData(db: Database, today: IsoDate): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(schemes).values(demoSchemes).onConflictDoNothing();
    for (const persona of [...demoPersonas, unregisteredDemoMember] as DemoPersona[]) {
      const email = `${persona.username}@example.org`;
      const [user] =
        persona.registered !== false
          ? await tx
              .insert(users)
              .values({ username: persona.username, email, passwordHash })
              .returning({ id: users.id })
          : [];
      for (const [index, record] of persona.records.entries()) {
        const dateOfBirth = addMonths(today, -(record.age[0] * 12 + record.age[1]));
        const joinedScheme =
          record.joinedMonthsAgo === undefined
            ? addMonths(dateOfBirth, 24 * 12)
            : addMonths(today, -record.joinedMonthsAgo);
        const details = demoDetails[record.referenceNumber];
        const [member] = await tx
          .insert(members)
          .values({
            businessGroup: record.businessGroup,
            referenceNumber: record.referenceNumber,
            schemeCode: record.schemeCode,
            category: record.category,
            status: record.status,
            title: persona.title,
            forenames: persona.forenames,
            surname: persona.surname,
            gender: persona.gender,
            dateOfBirth,
            insuranceNumber: persona.insuranceNumber,
            email,
            maritalStatus: 'M',
            employerCode: `${record.businessGroup}01`,
            locationCode: 'UK',
            membershipNumber: `M${record.referenceNumber}`,
            // joined the company at 21, the scheme (and pensionable service) after three years' wait
            dateJoinedCompany: addMonths(dateOfBirth, 21 * 12),
            dateJoinedScheme: joinedScheme,
            datePensionableServiceStarted: joinedScheme,
            dateLeftScheme:
              record.leftMonthsAgo === undefined ? null : addMonths(today, -record.leftMonthsAgo),
            dateRetired:
              record.retiredMonthsAgo === undefined ? null : addMonths(today, -record.retiredMonthsAgo),
            benefits: withSalaryHistory(demoDcBenefits(record, today), record, today),
            address: details?.address ?? null,
            mobilePhone: details?.mobilePhone ?? null,
            // Registered members chose email when they signed up; the rest keep the default, post.
            ...(persona.registered !== false
              ? { notificationSettings: { email: true, sms: false, post: false } }
              : {}),
          })
          .returning();
        await seedRecordDetails(tx, record, today);
        await seedPayrollAndQuotes(tx, member!, record, today);
        if (!user) continue;
        await tx.insert(userRecords).values({
          userId: user.id,
          businessGroup: record.businessGroup,
          referenceNumber: record.referenceNumber,
          recordNumber: index + 1,
          isPrimary: index === 0,
        });
      }
    }
  });
}

async function seedRecordDetails(
  tx: Transaction,
  record: { businessGroup: string; referenceNumber: string },
  today: IsoDate,
): Promise<void> {
  const details = demoDetails[record.referenceNumber];
  if (!details) return;
  const key = { businessGroup: record.businessGroup, referenceNumber: record.referenceNumber };
  for (const dependant of details.dependants ?? []) {
    const { ageYears, ...person } = dependant;
    await tx
      .insert(memberDependants)
      .values({ ...key, ...person, dateOfBirth: addMonths(today, -ageYears * 12 - 3) });
  }
  for (const referral of details.referrals ?? []) {
    await tx.insert(memberReferrals).values({
      ...key,
      status: referral.status,
      service: referral.service,
      referralDate: addMonths(today, -referral.monthsAgo),
    });
  }
  if (details.bankAccount) {
    await tx
      .insert(memberBankAccounts)
      .values({ ...key, bankCountryCode: 'GB', currency: 'GBP', ...details.bankAccount });
  }
}
