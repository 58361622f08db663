// The server's declaration of the oidc-provider parts it uses (the package ships none); referenced so
// that the browser specs, compiled apart from the server, read it too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../src/areas/identity-provider/oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';

/**
 * "The firm's OpenID provider" for the staff single sign-on tests (API and browser): a real
 * oidc-provider on 127.0.0.1 and a port of its own, with its own accounts, requiring PKCE.
 */
export interface FirmLogin {
  accountId: string;
  /** How the provider says the member of staff signed in: a second factor or not. */
  amr?: string[];
  acr?: string;
}

export interface FirmAccount {
  email: string;
  email_verified: boolean;
}

export interface FirmProvider {
  issuer: string;
  /** Registers the console's client with the callback addresses it may return to (once the portal's is known). */
  configure(redirectUris: string[]): void;
  close(): Promise<void>;
}

export async function startFirmProvider({
  clientId,
  clientSecret,
  accounts,
  nextLogin,
  signInPage,
  acrValues,
}: {
  clientId: string;
  clientSecret: string;
  accounts: ReadonlyMap<string, FirmAccount>;
  /** Who the provider signs in next, and how. */
  nextLogin: () => FirmLogin;
  /** The provider's own sign-in page (a browser submits it); without one, the interaction completes at once. */
  signInPage?: (formAction: string) => string;
  acrValues?: string[];
}): Promise<FirmProvider> {
  let provider: Provider | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      if (!provider) throw new Error('the firm provider was not configured');
      if (request.url?.startsWith('/interaction/')) {
        const interaction = await provider.interactionDetails(request, response);
        if (signInPage && request.method === 'GET') {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(signInPage(`/interaction/${interaction.uid}`));
          return;
        }
        const returnTo = await provider.interactionResult(
          request,
          response,
          { login: nextLogin() } as never,
          { mergeWithLastSubmission: false },
        );
        response.statusCode = 303;
        response.setHeader('location', returnTo);
        response.end();
        return;
      }
      await provider.callback()(request, response);
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    configure(redirectUris) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            token_endpoint_auth_method: 'client_secret_basic',
            grant_types: ['authorization_code'],
            response_types: ['code'],
            redirect_uris: redirectUris,
          },
        ],
        findAccount: async (_ctx, sub): Promise<Account | undefined> => {
          const account = accounts.get(sub);
          return account && { accountId: sub, claims: () => ({ sub, ...account }) };
        },
        claims: { openid: ['sub', 'amr', 'acr'], email: ['email', 'email_verified'] },
        ...(acrValues ? { acrValues } : {}),
        scopes: ['openid', 'email'],
        responseTypes: ['code'],
        pkce: { required: () => true },
        ttl: {
          AccessToken: 300,
          AuthorizationCode: 60,
          IdToken: 300,
          Interaction: 600,
          Session: 600,
          Grant: 600,
        },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        async loadExistingGrant(ctx) {
          const { client, session, provider: owner } = ctx.oidc;
          if (!client || !session?.accountId) return undefined;
          const grant = new owner.Grant({ accountId: session.accountId, clientId: client.clientId });
          grant.addOIDCScope('openid email');
          await grant.save();
          return grant;
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
