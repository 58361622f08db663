import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, userRecords, users } from '../../src/db/schema';
import { todayUtc } from '../../src/prepare';
import { demoPersonas } from '../../src/seed/demo-personas';
import { monthsBefore } from '../../src/seed/demo';
import { useTestApp } from './harness';

const ctx = useTestApp();

const completedYears = (dateOfBirth: string, today: string) => {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
};

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
    const today = todayUtc();
    const [deferred] = await ctx.database.db.select().from(members).where(eq(members.referenceNumber, '1000001'));
    expect(completedYears(deferred!.dateOfBirth, today)).toBe(60);
    const [near] = await ctx.database.db.select().from(members).where(eq(members.referenceNumber, '1000005'));
    expect(completedYears(near!.dateOfBirth, today)).toBe(64);
    expect(completedYears(near!.dateOfBirth, monthsBefore(today, -8))).toBe(65);
    const [pensioner] = await ctx.database.db.select().from(members).where(eq(members.referenceNumber, '1000004'));
    expect(pensioner!.dateRetired).toBe(monthsBefore(today, 3));
  });

  it('clamps month arithmetic to month ends', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', -2)).toBe('2026-03-15');
  });
});
