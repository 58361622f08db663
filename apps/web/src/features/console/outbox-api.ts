import type { OutboxList, OutboxStatus, WebhookDeliveryList } from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The staff API's outbox and webhook log (kept apart from the case work's client). */
const http = createHttpClient();

export interface OutboxFilter {
  status?: OutboxStatus;
  channel?: 'email' | 'sms' | 'post';
  recipient?: string;
  /** The page of the list, from the address (the first unless given). */
  page?: string;
}

export const outboxApi = {
  messages: (filter: OutboxFilter) =>
    http.get<OutboxList>('/admin-api/outbox', {
      query: Object.fromEntries(Object.entries(filter).filter(([, value]) => value)),
    }),
  resend: (id: string) => http.post(`/admin-api/outbox/${encodeURIComponent(id)}/resend`, { body: {} }),
  webhookDeliveries: (page: string | null) =>
    http.get<WebhookDeliveryList>('/admin-api/webhook-deliveries', { query: page ? { page } : {} }),
  resendWebhook: (id: string) =>
    http.post(`/admin-api/webhook-deliveries/${encodeURIComponent(id)}/resend`, { body: {} }),
  /** Forgets the shared reads (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};
