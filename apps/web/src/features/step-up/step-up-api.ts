import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { CodeChannel, PendingChange, StepUpStatus } from '@meridian/contracts';
import { http } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

const base = '/mdp-api/api/step-up';
const withRecord = (extra: Record<string, string> = {}) => ({
  headers: { ...activeRecordHeaders(singleAuthData.read()), ...extra },
});

/**
 * Step-up: one of the member's passkeys, a code from the authenticator app, or a code to a contact route
 * that has not changed lately; confirmed, it counts for 15 minutes.
 */
export const stepUpApi = {
  status: () => http.get<StepUpStatus>(base, withRecord()),
  sendCode: (channel?: CodeChannel) =>
    http.post<PendingChange>(`${base}/code`, { ...withRecord(), body: channel ? { channel } : {} }),
  resendCode: (nonce: string) =>
    http.post<PendingChange>(`${base}/code/resend`, withRecord({ 'x-confirmation-nonce': nonce })),
  confirm: (nonce: string, code: string) =>
    http.post<StepUpStatus>(`${base}/confirm`, {
      ...withRecord({ 'x-confirmation-nonce': nonce }),
      body: { code },
    }),
  confirmWithApp: (code: string) =>
    http.post<StepUpStatus>(`${base}/authenticator`, { ...withRecord(), body: { code } }),
  passkeyOptions: () =>
    http.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(`${base}/passkey/options`, withRecord()),
  confirmWithPasskey: (credential: AuthenticationResponseJSON) =>
    http.post<StepUpStatus>(`${base}/passkey`, { ...withRecord(), body: { credential } }),
};
