import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  AccountSecurity,
  Passkey,
  PasskeyList,
  PasswordChange,
  PasswordResetConfirm,
  RecoveryCodes,
  SignInPage,
  TwoStepOff,
  TwoStepSetup,
  UsernameReminder,
} from '@meridian/contracts';
import { http } from '../../lib/api';

const base = '/authentication-api/api/account';

/** Forgotten password and username, change password, two-step verification, where you are signed in. */
export const accountApi = {
  startPasswordReset: (account: string) =>
    http.post<{ accepted: true }>(`${base}/password-reset/start`, { body: { account } }),
  confirmPasswordReset: (confirmation: PasswordResetConfirm) =>
    http.post<void>(`${base}/password-reset/confirm`, { body: confirmation }),
  remindUsername: (details: UsernameReminder) =>
    http.post<{ accepted: true }>(`${base}/username-reminder`, { body: details }),
  security: (signal?: AbortSignal) => http.get<AccountSecurity>(`${base}/security`, { signal }),
  olderSignIns: (before: string) =>
    http.get<SignInPage>(`${base}/sign-ins?before=${encodeURIComponent(before)}`),
  changePassword: (change: PasswordChange) => http.post<void>(`${base}/password`, { body: change }),
  signOutSession: (id: string) => http.delete<void>(`${base}/sessions/${encodeURIComponent(id)}`),
  signOutOthers: () => http.post<{ ended: number }>(`${base}/sessions/sign-out-others`),
  startTwoStep: () => http.post<TwoStepSetup>(`${base}/two-step/setup`),
  confirmTwoStep: (code: string) => http.post<RecoveryCodes>(`${base}/two-step/confirm`, { body: { code } }),
  newRecoveryCodes: (password: string) =>
    http.post<RecoveryCodes>(`${base}/two-step/recovery-codes`, { body: { password } }),
  turnOffTwoStep: (off: TwoStepOff) => http.post<void>(`${base}/two-step/off`, { body: off }),
  passkeys: (signal?: AbortSignal) => http.get<PasskeyList>(`${base}/passkeys`, { signal }),
  passkeyOptions: () =>
    http.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(`${base}/passkeys/options`),
  addPasskey: (name: string, credential: RegistrationResponseJSON) =>
    http.post<Passkey>(`${base}/passkeys`, { body: { name, credential } }),
  renamePasskey: (id: string, name: string) =>
    http.put<void>(`${base}/passkeys/${encodeURIComponent(id)}`, { body: { name } }),
  removePasskey: (id: string, password?: string) =>
    http.post<void>(`${base}/passkeys/${encodeURIComponent(id)}/remove`, {
      body: password ? { password } : {},
    }),
};
