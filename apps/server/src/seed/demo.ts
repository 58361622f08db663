import argon2 from 'argon2';
import { addMonths, type IsoDate } from '@meridian/pensions';
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { members, schemes, userRecords, users } from '../db/schema';
import { DEMO_PASSWORD, demoPersonas, demoSchemes, unregisteredDemoMember, type DemoPersona } from './demo-personas';

export async function hasDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) > 0;
}

/** Seeds the schemes, members and sign-ins of the demo; ages are computed from `today`. */
export async function seedDemoData(db: Database, today: IsoDate): Promise<void> {
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  await db.transaction(async (tx) => {
    await tx.insert(schemes).values(demoSchemes).onConflictDoNothing();
    for (const persona of [...demoPersonas, unregisteredDemoMember] as DemoPersona[]) {
      const email = `${persona.username}@example.org`;
      const [user] = persona.registered !== false
        ? await tx.insert(users).values({ username: persona.username, email, passwordHash }).returning({ id: users.id })
        : [];
      for (const [index, record] of persona.records.entries()) {
        const dateOfBirth = addMonths(today, -(record.age[0] * 12 + record.age[1]));
        await tx.insert(members).values({
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
          dateJoinedCompany: addMonths(dateOfBirth, 24 * 12),
          dateJoinedScheme: addMonths(dateOfBirth, 24 * 12),
          datePensionableServiceStarted: addMonths(dateOfBirth, 24 * 12),
          dateLeftScheme: record.leftMonthsAgo === undefined ? null : addMonths(today, -record.leftMonthsAgo),
          dateRetired: record.retiredMonthsAgo === undefined ? null : addMonths(today, -record.retiredMonthsAgo),
          benefits: record.benefits,
        });
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
