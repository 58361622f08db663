import type {
  AddressInput,
  AddressSuggestion,
  BankChangeResult,
  EmailChangeRequest,
  IbanBankAccountFormInput,
  MaskedBankAccount,
  MemberAlert,
  MembershipSummary,
  MobileChangeRequest,
  NotificationSettings,
  PendingBankChange,
  PendingChange,
  TelephoneIntent,
  UkBankAccountFormInput,
} from '@meridian/contracts';
import { http } from './api';
import { activeRecordHeaders, singleAuthData } from './session-storage';

const base = '/mdp-api/api';
const NONCE = 'x-confirmation-nonce';
const record = (extra: Record<string, string> = {}) => ({
  headers: { ...activeRecordHeaders(singleAuthData.read()), ...extra },
});

export interface StoredAddress {
  lines: string[];
  town: string;
  county: string | null;
  postcode: string;
  countryCode: string;
}

export type BankKind = 'uk' | 'iban';
export type BankAccountInput = UkBankAccountFormInput | IbanBankAccountFormInput;

/**
 * A contact change proven by codes: send (with the password) to the new route and the route on file,
 * resend, confirm with the nonce and both codes.
 */
export interface CodeChannel<Change> {
  send: (change: Change) => Promise<PendingChange>;
  resend: (nonce: string) => Promise<PendingChange>;
  confirm: (nonce: string, code: string, currentRouteCode?: string) => Promise<void>;
}

const codeChannel = <Change>(path: string): CodeChannel<Change> => ({
  send: (change) =>
    http.post<PendingChange>(`${base}${path}/confirmation/send`, { ...record(), body: change }),
  resend: (nonce) =>
    http.post<PendingChange>(`${base}${path}/confirmation/resend`, record({ [NONCE]: nonce })),
  confirm: (nonce, code, currentRouteCode) =>
    http.post<void>(`${base}${path}/confirmation/confirm`, {
      ...record({ [NONCE]: nonce }),
      body: currentRouteCode ? { code, currentRouteCode } : { code },
    }),
});

export const detailsApi = {
  membershipSummary: () =>
    http.get<MembershipSummary>(`${base}/members/current/membership-summary`, record()),
  alerts: () => http.get<{ alerts: MemberAlert[] }>(`${base}/members/current/alerts`, record()),
  /** The alerts already read for the hub (it asks for them with its first reads), when fresh. */
  alertsAnswered: () =>
    http.answered<{ alerts: MemberAlert[] }>(`${base}/members/current/alerts`, record())?.alerts,
  email: () => http.get<{ email: string | null }>(`${base}/members/current/contacts/email`, record()),
  mobile: () =>
    http.get<{ number: string | null }>(`${base}/members/current/contacts/mobile-phone`, record()),
  address: () =>
    http.get<StoredAddress | null>(`${base}/members/current/contacts/address`, {
      ...record(),
      nullOn404: true,
    }),
  saveAddress: (address: AddressInput) =>
    http.put<StoredAddress>(`${base}/members/current/contacts/address`, { ...record(), body: address }),
  notifications: () =>
    http.get<NotificationSettings>(`${base}/members/current/contacts/notifications-settings`, record()),
  saveNotifications: (settings: NotificationSettings) =>
    http.put<NotificationSettings>(`${base}/members/current/contacts/notifications-settings`, {
      ...record(),
      body: settings,
    }),
  emailChange: codeChannel<EmailChangeRequest>('/members/current/contacts/email'),
  mobileChange: codeChannel<MobileChangeRequest>('/members/current/contacts/mobile-phone'),
  countries: () => http.get<Array<{ code: string; name: string }>>(`${base}/addresses/countries`, record()),
  searchAddresses: (text: string, container?: string, signal?: AbortSignal) =>
    http.get<AddressSuggestion[]>(`${base}/addresses/search`, {
      ...record(),
      query: container ? { text, container } : { text },
      signal,
    }),
  lookupAddress: (id: string) =>
    http.get<StoredAddress & { id: string }>(`${base}/addresses/${encodeURIComponent(id)}`, record()),
  bankAccount: () =>
    http.get<MaskedBankAccount | null>(`${base}/v2/bank-accounts/current`, { ...record(), nullOn404: true }),
  bankCountries: () =>
    http.get<Array<{ countryCode: string; countryName: string; currencyCode: string; currencyName: string }>>(
      `${base}/v2/bank-accounts/countries-and-currencies`,
      record(),
    ),
  validateBank: (kind: BankKind, account: BankAccountInput) =>
    http.post<MaskedBankAccount>(`${base}/v2/bank-accounts/${kind}/validate`, { ...record(), body: account }),
  sendBankCode: (kind: BankKind, account: BankAccountInput) =>
    http.post<PendingChange>(`${base}/v2/bank-accounts/${kind}/confirmation/send`, {
      ...record(),
      body: account,
    }),
  resendBankCode: (nonce: string) =>
    http.post<PendingChange>(`${base}/v2/bank-accounts/confirmation/resend`, record({ [NONCE]: nonce })),
  /** Saves the account on the session's fresh step-up (else 428 `fresh_step_up_required`). */
  saveBank: (kind: BankKind, account: BankAccountInput) =>
    http.post<BankChangeResult>(`${base}/v2/bank-accounts/${kind}/submit`, { ...record(), body: account }),
  submitBank: (kind: BankKind, account: BankAccountInput, nonce: string, code: string) =>
    http.post<BankChangeResult>(`${base}/v2/bank-accounts/${kind}/submit`, {
      ...record({ [NONCE]: nonce }),
      body: { ...account, code },
    }),
  pendingBankChange: () =>
    http.get<PendingBankChange | null>(`${base}/v2/bank-accounts/pending`, { ...record(), nullOn404: true }),
  cancelBankChange: () => http.delete<void>(`${base}/v2/bank-accounts/pending`, record()),
  telephoneIntent: (intent: TelephoneIntent) =>
    http.post<void>(`${base}/telephone-note/intent-context`, { ...record(), body: intent }),
};
