import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepRefreshTokens } from '../../src/areas/authentication/refresh-token-sweep';
import { refreshTokens, sessions } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const refreshUrl = '/authentication-api/api/authentication/refresh-token';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('the refresh token sweep', () => {
  it('deletes the tokens of sessions ended over a day ago and keeps the rest; a live session still refreshes', async () => {
    const { db } = ctx.database;
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.deferred');
    const [live] = await db.select().from(sessions).orderBy(sessions.createdAt).limit(1);
    const sessionWith = async (times: Partial<typeof sessions.$inferInsert>, tokens = 2) => {
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
        Array.from({ length: tokens }, () => ({
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

    const deleted = await sweepRefreshTokens(db, { idleTimeoutMinutes: 30, absoluteHours: 12 });
    expect(deleted).toBe(6);
    expect(await tokensOf([expired, idle, revoked])).toBe(0);
    expect(await tokensOf([justRevoked, justExpired])).toBe(4);
    expect(await tokensOf([live!.id])).toBe(1);
    expect(await sweepRefreshTokens(db, { idleTimeoutMinutes: 30, absoluteHours: 12 })).toBe(0);

    const refreshed = await agent.request({ method: 'POST', url: refreshUrl });
    expect(refreshed.statusCode).toBe(200);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, live!.id));
    expect(session!.revokedAt).toBeNull();
  });
});
