// Tenants: the portals this server hosts.
import { jsonb, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { content } from './namespaces';

export const tenants = content.table('tenants', {
  tenantUrl: text('tenant_url').primaryKey(),
  tenantName: text('tenant_name').notNull(),
  headerText: text('header_text').notNull(),
  businessGroups: text('business_groups').array().notNull(),
  primaryColor: text('primary_color').notNull(),
  logoText: text('logo_text').notNull(),
  authMethods: text('auth_methods').array().notNull(),
  routes: jsonb('routes').$type<Record<string, string>>().notNull().default({}),
  /** Logo, font, features, outbound SSO address and life-stage periods (see tenantContentSchema). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Single-auth (OpenID Connect) issuer and client; null when the tenant has none. */
  singleAuth: jsonb('single_auth').$type<{ authority: string; clientId: string }>(),
  createdAt: createdAt(),
});
