import type {
  IntegrationClientAdded,
  IntegrationClientList,
  IntegrationSecretRotated,
  NewIntegrationClient,
} from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The staff API's integration clients (administrators only). */
const http = createHttpClient();

export const integrationClientsApi = {
  list: () => http.get<IntegrationClientList>('/admin-api/integration-clients'),
  /** A new client; its secret is answered this once. */
  add: (client: NewIntegrationClient) =>
    http.post<IntegrationClientAdded>('/admin-api/integration-clients', { body: client }),
  disable: (id: string) =>
    http.post(`/admin-api/integration-clients/${encodeURIComponent(id)}/disable`, { body: {} }),
  /** A new secret, shown once; `graceHours` left out takes the server's setting. */
  rotateSecret: (id: string, graceHours?: number) =>
    http.post<IntegrationSecretRotated>(
      `/admin-api/integration-clients/${encodeURIComponent(id)}/rotate-secret`,
      { body: graceHours === undefined ? {} : { graceHours } },
    ),
  /** Forgets the shared list read (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};
