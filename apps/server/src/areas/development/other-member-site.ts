import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const styles = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0b0c0c;line-height:1.5}
header{background:#3d2b56;color:#fff;padding:1rem 1.5rem;font-weight:700;font-size:1.25rem}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
.note{border-left:5px solid #3d2b56;padding:.5rem 1rem;background:#f3f2f1}
code{word-break:break-all}
a{color:#1d70b8}a:focus{outline:3px solid #fd0;background:#fd0;color:#0b0c0c}
.button{display:inline-block;background:#00703c;color:#fff;padding:.5rem 1rem;text-decoration:none;font-weight:700;box-shadow:0 2px 0 #002d18}`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – other member site (development stand-in)</title><style>${styles}</style></head>
<body><header>Member website (development stand-in)</header><main><h1>${escapeHtml(title)}</h1>${body}
<p class="note">This page stands in for the administrator’s other member site in development. It exchanged the
one-time lookup code with the portal, as the real site does server to server.</p>
<p><a class="button" href="/">Back to the pension portal</a></p></main></body></html>`;

/**
 * Development only: the receiving end of outbound SSO. It redeems the lookup code through the portal's
 * own redeem endpoint and shows whom it signed in and where it would continue.
 */
export const otherMemberSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sso',
    {
      schema: {
        tags: ['operations'],
        summary: 'Development only: a stand-in for the other member site’s outbound SSO address',
        querystring: z.object({ lookupCode: z.string().max(100), relayState: z.string().max(2000) }),
      },
    },
    async (request, reply) => {
      const redeemed = await app.inject({
        method: 'POST',
        url: '/authentication-api/api/sso/outbound/redeem',
        payload: { lookupCode: request.query.lookupCode },
      });
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (redeemed.statusCode !== 200) {
        return reply
          .code(401)
          .send(
            page('Sign-in link not accepted', '<p>The lookup code is unknown, expired or already used.</p>'),
          );
      }
      const member = redeemed.json<{ businessGroup: string; referenceNumber: string }>();
      return page(
        'Signed in to the other member site',
        `<p>Member: <strong>${escapeHtml(`${member.businessGroup} ${member.referenceNumber}`)}</strong></p>
<p>Continuing to: <code>${escapeHtml(request.query.relayState)}</code></p>`,
      );
    },
  );
};
