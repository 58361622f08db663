import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { oidcModels } from '../../db/schema';

const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * oidc-provider's storage in `portal.oidc_models`, so the provider's sessions, codes and grants survive
 * restarts and are shared by every instance, on PGlite and PostgreSQL alike.
 */
export function databaseAdapter(db: Database): new (model: string) => Adapter {
  let lastCleanup = 0;
  const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date()));

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private async findWhere(condition: SQL | undefined): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), condition, live()))
        .limit(1);
      if (!row) return undefined;
      const consumed = row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {};
      return { ...row.payload, ...consumed };
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcModels)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
      if (Date.now() - lastCleanup > CLEANUP_INTERVAL_MS) {
        lastCleanup = Date.now();
        await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
      }
    }

    find(id: string) {
      return this.findWhere(eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcModels.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    // Every artefact of a grant goes with it, whichever model asks (as the reference memory adapter does).
    async revokeByGrantId(grantId: string) {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}
