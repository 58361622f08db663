import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepEndedSessions } from '../../src/areas/authentication/refresh-token-sweep';
import { auditEvents, contentAccessKeys, refreshTokens, sessions } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const refreshUrl = '/authentication-api/api/authentication/refresh-token';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const policy = { idleTimeoutMinutes: 30, absoluteHours: 12 };

describe('the ended session sweep', () => {
  it('deletes sessions ended over a day ago with their tokens, and keys expired as long ago; keeps the rest and the audit trail; a live session still refreshes', async () => {
    const { db } = ctx.database;
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.deferred');
    const [live] = await db.select().from(sessions).orderBy(sessions.createdAt).limit(1);
    const sessionWith = async (times: Partial<typeof sessions.$inferInsert>) => {
      const [session] = await db
        .insert(sessions)
        .values({
          ...live!,
          id: undefined,
          lastActivityAt: hoursAgo(0),
          absoluteExpiresAt: hoursAgo(-6),
          ...times,
        })
        .returning({ id: sessions.id });
      await db.insert(refreshTokens).values(
        Array.from({ length: 2 }, () => ({
          sessionId: session!.id,
          tokenHash: randomBytes(32).toString('base64url'),
          usedAt: hoursAgo(30),
        })),
      );
      return session!.id;
    };
    const expired = await sessionWith({ absoluteExpiresAt: hoursAgo(30), lastActivityAt: hoursAgo(30) });
    const idle = await sessionWith({ lastActivityAt: hoursAgo(25) });
    const revoked = await sessionWith({ revokedAt: hoursAgo(25), revokedReason: 'sign_out' });
    const justRevoked = await sessionWith({ revokedAt: hoursAgo(1), revokedReason: 'sign_out' });
    const justExpired = await sessionWith({ absoluteExpiresAt: hoursAgo(1), lastActivityAt: hoursAgo(2) });
    const tokensOf = async (ids: string[]) =>
      (await db.select().from(refreshTokens).where(inArray(refreshTokens.sessionId, ids))).length;
    const sessionsOf = async (ids: string[]) =>
      (await db.select().from(sessions).where(inArray(sessions.id, ids))).map((row) => row.id).sort();
    const auditCount = async () => (await db.select().from(auditEvents)).length;
    const auditBefore = await auditCount();
    const keyOfLive = (id: string, expiresAt: Date) => ({
      id,
      sessionId: live!.id,
      subject: 'MER:1000001',
      sessionRecord: 'MER:1000001',
      payload: {},
      expiresAt,
    });
    await db
      .insert(contentAccessKeys)
      .values([keyOfLive('expired-a-day-ago', hoursAgo(25)), keyOfLive('expired-an-hour-ago', hoursAgo(1))]);
    await db
      .insert(contentAccessKeys)
      .values({ ...keyOfLive('of-an-ended-session', hoursAgo(-1)), sessionId: revoked });

    expect(await sweepEndedSessions(db, policy)).toEqual({
      refreshTokens: 6,
      contentAccessKeys: 1,
      sessions: 3,
      signInEvents: 0,
    });
    expect(
      (await db.select({ id: contentAccessKeys.id }).from(contentAccessKeys)).map((key) => key.id),
    ).toEqual(['expired-an-hour-ago']);
    expect(await tokensOf([expired, idle, revoked])).toBe(0);
    expect(await sessionsOf([expired, idle, revoked])).toEqual([]);
    expect(await tokensOf([justRevoked, justExpired])).toBe(4);
    expect(await sessionsOf([justRevoked, justExpired, live!.id])).toEqual(
      [justRevoked, justExpired, live!.id].sort(),
    );
    expect(await tokensOf([live!.id])).toBe(1);
    expect(await auditCount()).toBe(auditBefore);
    expect(await sweepEndedSessions(db, policy)).toEqual({
      refreshTokens: 0,
      contentAccessKeys: 0,
      sessions: 0,
      signInEvents: 0,
    });

    const refreshed = await agent.request({ method: 'POST', url: refreshUrl });
    expect(refreshed.statusCode).toBe(200);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, live!.id));
    expect(session!.revokedAt).toBeNull();
  });

  it('finds a session’s refresh tokens by index', async () => {
    const { rows } = await ctx.database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where schemaname = 'portal' and tablename = 'refresh_tokens'`,
    );
    expect(rows.map((row) => row.indexdef)).toContainEqual(expect.stringMatching(/\(session_id\)$/));
  });
});
