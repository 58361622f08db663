// The console's Content page (issue 43): a tenant's pages and journeys as loaded, when they were loaded,
// whether the files validate now, and loading them from the files again (content editors, administrators).
import { z } from 'zod';

export const contentTenantSchema = z.object({
  tenantUrl: z.string(),
  name: z.string(),
  /** The content version the tenant's pages carry, and when it was loaded; null before any load. */
  loaded: z.object({ version: z.number().int(), at: z.string() }).nullable(),
  /** Whether the tenant's files as they are now would load: null when they would, else the first problem (file: reason). */
  problem: z.string().nullable(),
  pages: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      /** Its address on the member site, from the site's root: /help. */
      slug: z.string(),
      isPublic: z.boolean(),
      /** The journey it is a step of; null for a page outside journeys. */
      journeyType: z.string().nullable(),
    }),
  ),
  journeys: z.array(z.object({ type: z.string(), title: z.string(), pageCount: z.number().int() })),
});
export type ContentTenant = z.infer<typeof contentTenantSchema>;

/** The tenants the member of staff edits: their own, or every tenant for an administrator firm's staff. */
export const contentOverviewSchema = z.object({ tenants: z.array(contentTenantSchema) });
export type ContentOverview = z.infer<typeof contentOverviewSchema>;

export const contentLoadParamsSchema = z.object({ tenantUrl: z.string().trim().min(1).max(253) });

/** What a load did: a new version, or none when the files had not changed since this tenant's last load. */
export const contentLoadedSchema = z.object({
  tenantUrl: z.string(),
  version: z.number().int(),
  changed: z.boolean(),
  pages: z.number().int(),
});
export type ContentLoaded = z.infer<typeof contentLoadedSchema>;
