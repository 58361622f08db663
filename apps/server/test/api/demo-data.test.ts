import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, completedYears, isoDate, utcDay } from '@meridian/pensions';
import { members, userRecords, users } from '../../src/db/schema';
import { demoPersonas } from '../../src/seed/demo-personas';
import { useTestApp } from './harness';

const ctx = useTestApp();

describe('demo data', () => {
  it('seeds every fixed demo sign-in with its records', async () => {
    const rows = await ctx.database.db.select({ username: users.username }).from(users);
    expect(rows.map((row) => row.username).sort()).toEqual(demoPersonas.map((p) => p.username).sort());
    const linked = await ctx.database.db
      .select()
      .from(userRecords)
      .innerJoin(users, eq(users.id, userRecords.userId))
      .where(eq(users.username, 'linked'));
    expect(linked).toHaveLength(2);
  });

  it('keeps ages relative to today so personas stay valid', async () => {
    const today = utcDay(new Date());
    const [deferred] = await ctx.database.db
      .select()
      .from(members)
      .where(eq(members.referenceNumber, '1000001'));
    expect(completedYears(isoDate(deferred!.dateOfBirth), today)).toBe(60);
    const [near] = await ctx.database.db.select().from(members).where(eq(members.referenceNumber, '1000005'));
    expect(completedYears(isoDate(near!.dateOfBirth), today)).toBe(64);
    expect(completedYears(isoDate(near!.dateOfBirth), addMonths(today, 8))).toBe(65);
    const [pensioner] = await ctx.database.db
      .select()
      .from(members)
      .where(eq(members.referenceNumber, '1000004'));
    expect(pensioner!.dateRetired).toBe(addMonths(today, -20));
  });

  it('has the linked member join the DC section when they left the final salary section, not before', async () => {
    const byReference = async (reference: string) =>
      (await ctx.database.db.select().from(members).where(eq(members.referenceNumber, reference)))[0]!;
    const finalSalary = await byReference('1000007');
    const savings = await byReference('1000008');
    expect(finalSalary.dateLeftScheme).not.toBeNull();
    expect(savings.dateJoinedScheme).toBe(finalSalary.dateLeftScheme);
    expect(savings.datePensionableServiceStarted).toBe(finalSalary.dateLeftScheme);
    expect(savings.dateJoinedCompany).toBe(finalSalary.dateJoinedCompany);
  });
});
