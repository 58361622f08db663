import type { UserManager } from 'oidc-client-ts';
import type { SignInState } from './client';

export type CallbackOutcome =
  | { kind: 'signed-in'; returnTo: string | null }
  /** The provider answered with an error (the member cancelled, say). */
  | { kind: 'refused' }
  | { kind: 'failed' };

/**
 * The holding page's tasks: completes the code + PKCE exchange for the URL the provider returned to,
 * then opens the portal session with the ID token.
 */
export async function completeSingleAuth(
  client: UserManager | null,
  url: string,
  openSession: (idToken: string) => Promise<unknown>,
): Promise<CallbackOutcome> {
  if (new URL(url).searchParams.has('error')) return { kind: 'refused' };
  if (!client) return { kind: 'failed' };
  try {
    const user = await client.signinRedirectCallback(url);
    if (!user.id_token) throw new Error('The provider returned no ID token');
    await openSession(user.id_token);
    const state = user.state as Partial<SignInState> | undefined;
    return { kind: 'signed-in', returnTo: typeof state?.returnTo === 'string' ? state.returnTo : null };
  } catch (error) {
    console.error('Single sign-in could not be completed', error);
    return { kind: 'failed' };
  }
}
