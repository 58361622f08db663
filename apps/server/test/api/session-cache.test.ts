import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { validateImport } from '../../src/areas/my-details/member-import';
import { readImportFile } from '../../src/areas/my-details/member-import-file';
import { importMembers } from '../../src/areas/my-details/member-import-store';
import { contentAccessKeys, members, sessions } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

/**
 * Two app instances on one database, each with its session cache on: a sign-out, a record switch or a
 * revoked session on one is refused on the other at once, though the other had the session cached.
 */
const context = useTestApp({ SESSION_CACHE_MS: '60000' });

async function secondInstance() {
  const other = await buildApp({ config: context.config, database: context.database });
  await other.ready();
  return other;
}

const asBearer = (agent: BrowserAgent) => ({ authorization: `Bearer ${agent.cookies.get('accessToken')}` });

describe('session cache across instances', () => {
  it('refuses on instance B a session signed out on instance A, though B had it cached', async () => {
    const other = await secondInstance();
    try {
      const onA = new BrowserAgent(context.app);
      await onA.signIn('db.deferred');
      const headers = asBearer(onA);
      const read = () =>
        other.inject({
          url: '/mdp-api/api/members/personal-details',
          headers: { host: 'localhost', ...headers },
        });
      expect((await read()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(200);
      const signedOut = await onA.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/logout',
        headers,
      });
      expect(signedOut.statusCode).toBe(204);
      await expect.poll(async () => (await read()).statusCode).toBe(401);
      expect((await read()).json().errors[0].code).toBe('session_revoked');
    } finally {
      await other.close();
    }
  });

  it('follows on instance B a record switched on instance A', async () => {
    const other = await secondInstance();
    try {
      const onA = new BrowserAgent(context.app);
      await onA.signIn('linked');
      const headers = asBearer(onA);
      const read = async () =>
        (
          await other.inject({
            url: '/mdp-api/api/members/personal-details',
            headers: { host: 'localhost', ...headers },
          })
        ).json<{
          referenceNumber: string;
        }>().referenceNumber;
      expect(await read()).toBe('1000007');
      const switched = await onA.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/switch-user',
        payload: { businessGroup: 'MER', referenceNumber: '1000008' },
        headers,
      });
      expect(switched.statusCode).toBe(200);
      await expect.poll(read).toBe('1000008');
    } finally {
      await other.close();
    }
  });

  it('checks a content access key against the cached session, and refuses it on B once A revokes the session', async () => {
    const other = await secondInstance();
    try {
      const onA = new BrowserAgent(context.app);
      await onA.signIn('db.deferred');
      const key = (
        await onA.request({
          url: '/mdp-api/api/content/access-key?tenantUrl=localhost',
          headers: asBearer(onA),
        })
      ).json<{ contentAccessKey: string }>().contentAccessKey;
      const [stored] = await context.database.db
        .select({ sessionId: contentAccessKeys.sessionId })
        .from(contentAccessKeys)
        .where(eq(contentAccessKeys.id, key.split('.')[0]!));
      const sessionId = stored!.sessionId;
      const page = () =>
        other.inject({
          url: `/content-api/api/v2/content/authorized-page?pageUrl=/hub&contentAccessKey=${key}`,
          headers: { host: 'localhost' },
        });
      expect((await page()).statusCode).toBe(200);
      // Revoked in the database behind both instances' backs: B answers from its cache, not the database.
      await context.database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, sessionId));
      expect((await page()).statusCode).toBe(200);
      // A revocation announces the change, as sign-out and switch do: B drops the session at once.
      await context.app.sessionCache.changed(sessionId);
      await expect.poll(async () => (await page()).statusCode).toBe(401);
      expect((await page()).json().errors[0].code).toBe('access_key_session_ended');
    } finally {
      await other.close();
    }
  });

  it('shows on both instances an import that changes a member’s cached details, and still refuses a signed-out session', async () => {
    const other = await secondInstance();
    try {
      const onA = new BrowserAgent(context.app);
      await onA.signIn('db.deferred');
      const headers = asBearer(onA);
      const readOn = async (app: typeof other) => {
        const response = await app.inject({
          url: '/mdp-api/api/members/personal-details',
          headers: { host: 'localhost', ...headers },
        });
        return response.statusCode === 200
          ? response.json<{ surname: string }>().surname
          : response.statusCode;
      };
      const before = await readOn(context.app);
      expect(await readOn(other)).toBe(before);
      // Cached on both: a change behind their backs (no announcement) is not seen.
      await context.database.db
        .update(members)
        .set({ surname: 'Unannounced' })
        .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, '1000001')));
      expect(await readOn(context.app)).toBe(before);
      expect(await readOn(other)).toBe(before);

      const { bank: _bank, ...record } = JSON.parse(
        readFileSync(new URL('../../../../docs/examples/members-import.json', import.meta.url), 'utf8'),
      )[0];
      const checked = validateImport(
        readImportFile(
          JSON.stringify([{ ...record, referenceNumber: '1000001', surname: 'Imported' }]),
          'json',
        ),
        'MER',
        'json',
      );
      if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
      const imported = await importMembers(context.database.db, {
        businessGroup: 'MER',
        members: checked.members,
        source: 'test.json',
      });
      expect(imported).toMatchObject({ ok: true, updated: 1 });
      await expect.poll(() => readOn(context.app)).toBe('Imported');
      await expect.poll(() => readOn(other)).toBe('Imported');

      const signedOut = await onA.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/logout',
        headers,
      });
      expect(signedOut.statusCode).toBe(204);
      await expect.poll(() => readOn(other)).toBe(401);
      expect(await readOn(context.app)).toBe(401);
    } finally {
      await other.close();
    }
  });
});
