import type {
  NewStaffAccount,
  NewWebhookReceiver,
  StaffAccountList,
  StaffRole,
  WebhookReceiverList,
  WebhookReceiverRotated,
  WebhookReceiverSecret,
} from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The staff API's staff accounts and webhook receivers (administrators), and the set-up step. */
const http = createHttpClient();
const account = (id: string, action: string) =>
  `/admin-api/staff-accounts/${encodeURIComponent(id)}/${action}`;
const receiver = (id: string, action: string) =>
  `/admin-api/webhook-receivers/${encodeURIComponent(id)}/${action}`;

export const staffAdminApi = {
  accounts: () => http.get<StaffAccountList>('/admin-api/staff-accounts'),
  add: (body: NewStaffAccount) => http.post('/admin-api/staff-accounts', { body }),
  changeRole: (id: string, role: StaffRole) => http.post(account(id, 'role'), { body: { role } }),
  disable: (id: string) => http.post(account(id, 'disable'), { body: {} }),
  enable: (id: string) => http.post(account(id, 'enable'), { body: {} }),
  setUp: (token: string, password: string) =>
    http.post<{ email: string }>('/admin-api/set-up', { body: { token, password } }),
  receivers: () => http.get<WebhookReceiverList>('/admin-api/webhook-receivers'),
  addReceiver: (body: NewWebhookReceiver) =>
    http.post<WebhookReceiverSecret>('/admin-api/webhook-receivers', { body }),
  rotateReceiverSecret: (id: string) =>
    http.post<WebhookReceiverRotated>(receiver(id, 'rotate-secret'), { body: {} }),
  disableReceiver: (id: string) => http.post(receiver(id, 'disable'), { body: {} }),
  enableReceiver: (id: string) => http.post(receiver(id, 'enable'), { body: {} }),
  /** Forgets the shared reads (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};
