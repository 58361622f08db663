import type { ContentLoaded, ContentOverview } from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The staff API's content of the staff member's tenants (content editors and administrators). */
const http = createHttpClient();

export const contentApi = {
  overview: () => http.get<ContentOverview>('/admin-api/content'),
  /** Loads the tenant's content from its files now: all of it, or nothing and the problem. */
  load: (tenantUrl: string) =>
    http.post<ContentLoaded>(`/admin-api/content/${encodeURIComponent(tenantUrl)}/load`, { body: {} }),
  /** Forgets the shared read (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};
