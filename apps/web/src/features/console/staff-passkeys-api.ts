import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { Passkey, StaffMember, StaffPasskeyList } from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The staff API's passkeys: signing in with one, and the signed-in staff member's own. */
const http = createHttpClient();
const base = '/admin-api';

export const staffPasskeysApi = {
  signInOptions: () =>
    http.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(`${base}/sign-in/passkey/options`),
  signIn: (credential: AuthenticationResponseJSON) =>
    http.post<StaffMember>(`${base}/sign-in/passkey`, { body: { credential } }),
  list: () => http.get<StaffPasskeyList>(`${base}/passkeys`),
  options: () => http.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(`${base}/passkeys/options`),
  add: (name: string, credential: RegistrationResponseJSON) =>
    http.post<Passkey>(`${base}/passkeys`, { body: { name, credential } }),
  remove: (id: string) => http.delete<void>(`${base}/passkeys/${encodeURIComponent(id)}`),
  /** Forgets the shared list read (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};

/** What to tell a member of staff when a passkey ceremony or its check failed. */
export function staffPasskeyProblem(error: unknown, fallback: (error: unknown) => string): string {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'No passkey was used: the request was cancelled or timed out. Try again when you are ready.';
  if (error instanceof Error && error.name === 'InvalidStateError')
    return 'This device already has a passkey for your account.';
  return fallback(error);
}
