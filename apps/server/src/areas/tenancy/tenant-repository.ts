import { eq } from 'drizzle-orm';
import { tenantContentSchema, type TenantContent } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema';
import { cachedContent } from '../content/content-cache';

/** Branding and integration settings kept together in one JSON column. */
const tenantSettingsSchema = tenantContentSchema.pick({
  logo: true,
  font: true,
  features: true,
  outboundSsoUrl: true,
  preRetirementAgePeriod: true,
  newlyRetiredRange: true,
  changeDefences: true,
  requireTwoStep: true,
});
type SettingKey = keyof typeof tenantSettingsSchema.shape;
const isSetting = (key: string): key is SettingKey => Object.hasOwn(tenantSettingsSchema.shape, key);

/** A tenant as the content sync writes it: its own columns, and the settings kept in one JSON column. */
export function tenantRowOf(tenant: TenantContent) {
  const entries = Object.entries(tenant);
  const columns = Object.fromEntries(entries.filter(([key]) => !isSetting(key))) as Omit<
    TenantContent,
    SettingKey
  >;
  const settings = Object.fromEntries(entries.filter(([key]) => isSetting(key)));
  return { ...columns, singleAuth: tenant.singleAuth ?? null, settings };
}

/**
 * A tenant, read through the content cache like the rest of its content (the content sync writes
 * both): the app shell, the tenant answer and every sign-in read it. Shared between callers, so
 * not to be changed.
 */
export async function findTenant(db: Database, tenantUrl: string): Promise<TenantContent | null> {
  return cachedContent(db, `tenant:${tenantUrl}`, () => storedTenant(db, tenantUrl));
}

async function storedTenant(db: Database, tenantUrl: string): Promise<TenantContent | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.tenantUrl, tenantUrl)).limit(1);
  if (!row) return null;
  return {
    tenantUrl: row.tenantUrl,
    tenantName: row.tenantName,
    headerText: row.headerText,
    businessGroups: row.businessGroups,
    primaryColor: row.primaryColor,
    logoText: row.logoText,
    authMethods: row.authMethods as TenantContent['authMethods'],
    routes: row.routes,
    ...(row.singleAuth ? { singleAuth: row.singleAuth } : {}),
    ...tenantSettingsSchema.parse(row.settings),
  };
}
