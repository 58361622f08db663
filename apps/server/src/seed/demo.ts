import argon2 from 'argon2';
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { members, schemes, userRecords, users } from '../db/schema';
import { DEMO_PASSWORD, demoPersonas, demoSchemes } from './demo-personas';

/** today − months, clamped to the month end, as an ISO day (UTC). */
export function monthsBefore(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export async function hasDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) > 0;
}

/** Seeds the schemes, members and sign-ins of the demo; ages are computed from `today`. */
export async function seedDemoData(db: Database, today: string): Promise<void> {
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  await db.transaction(async (tx) => {
    await tx.insert(schemes).values(demoSchemes).onConflictDoNothing();
    for (const persona of demoPersonas) {
      const [user] = await tx
        .insert(users)
        .values({ username: persona.username, email: `${persona.username}@example.org`, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error(`could not create ${persona.username}`);
      for (const [index, record] of persona.records.entries()) {
        const dateOfBirth = monthsBefore(today, record.age[0] * 12 + record.age[1]);
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
          email: `${persona.username}@example.org`,
          maritalStatus: 'M',
          employerCode: `${record.businessGroup}01`,
          locationCode: 'UK',
          membershipNumber: `M${record.referenceNumber}`,
          dateJoinedCompany: monthsBefore(dateOfBirth, -12 * 24),
          dateJoinedScheme: monthsBefore(dateOfBirth, -12 * 24),
          datePensionableServiceStarted: monthsBefore(dateOfBirth, -12 * 24),
          dateLeftScheme: record.leftMonthsAgo === undefined ? null : monthsBefore(today, record.leftMonthsAgo),
          dateRetired: record.retiredMonthsAgo === undefined ? null : monthsBefore(today, record.retiredMonthsAgo),
          benefits: record.benefits,
        });
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
