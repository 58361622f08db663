import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp({}, { queryTimeoutMs: 1000 });
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';

describe.runIf(onPostgres)('a PostgreSQL server that does not answer in time', () => {
  it('answers 503 with Retry-After rather than hanging, and serves again once the server answers', async () => {
    const agent = new BrowserAgent(ctx.app);
    expect((await agent.signIn('db.active')).statusCode).toBe(200);
    const summary = () => agent.request({ url: '/mdp-api/api/members/current/membership-summary' });
    expect((await summary()).statusCode).toBe(200);

    // Another session holds the members table, so every read of it waits past the query timeout.
    const whileLocked = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table portal.members in access exclusive mode`);
      return summary();
    });
    expect(whileLocked.statusCode).toBe(503);
    expect(whileLocked.headers['retry-after']).toBe('5');
    expect(whileLocked.json()).toEqual({
      errors: [{ code: 'service_busy', message: 'We are very busy just now. Please try again in a minute.' }],
    });

    expect((await summary()).statusCode).toBe(200);
  });
});
