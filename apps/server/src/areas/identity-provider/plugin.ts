import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { loadSigningKey } from '../../lib/server-keys';
import { fontAssets } from './fonts';
import { interactionRoutes } from './interactions';
import { loadProviderSigningKey } from './keys';
import { createProvider, issuerForwarding, OIDC_MOUNT } from './provider';
import { TenantDirectory } from './tenant-directory';

/**
 * The embedded OpenID Connect provider, under /oidc in the same server. It protects its own forms
 * (signed interaction cookies, xsrf on logout), so the portal's CSRF header check does not apply.
 */
export async function identityProvider(
  app: FastifyInstance,
  { db, config }: { db: Database; config: Config },
) {
  const directory = new TenantDirectory(db);
  await directory.refresh();
  const cookieKey = Buffer.from(await loadSigningKey(db, 'oidc-cookies', config.SECRETS_KEY)).toString(
    'base64url',
  );
  const provider = createProvider({
    db,
    config,
    directory,
    cookieKey,
    signingKey: await loadProviderSigningKey(db),
    onServerError: (error) => app.log.error({ err: error }, 'identity provider error'),
  });
  const handle = provider.callback();

  await app.register(async (scope) => {
    // The provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(
      `${OIDC_MOUNT}/*`,
      { config: { csrf: false }, schema: { hide: true } },
      async (request, reply) => {
        await directory.refresh();
        reply.hijack();
        // Mounted as Express would: the provider finds its routes in `url` and its mount path in `originalUrl`.
        const raw = issuerForwarding(request, config.oidcIssuer) as IncomingMessage & {
          originalUrl?: string;
        };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(OIDC_MOUNT.length);
        await handle(raw, reply.raw);
      },
    );
  });
  await app.register(interactionRoutes, { db, config, provider });
  await app.register(fontAssets);
  app.log.info(
    { issuer: config.oidcIssuer, derived: config.derived.oidcIssuer },
    'OpenID provider mounted at /oidc',
  );
}
