import type { IntegrationClientList } from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The staff API's integration clients (administrators only). */
const http = createHttpClient();

export const integrationClientsApi = {
  list: () => http.get<IntegrationClientList>('/admin-api/integration-clients'),
  disable: (id: string) =>
    http.post(`/admin-api/integration-clients/${encodeURIComponent(id)}/disable`, { body: {} }),
};
