import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { TenantFont } from '@meridian/contracts';

const require = createRequire(import.meta.url);

/** Where the provider's pages find the web fonts: the same packages the web app bundles. */
export const FONT_ASSETS_PATH = '/oidc-fonts';

const webFonts = ['source-sans-3', 'nunito'] as const satisfies TenantFont[];
type WebFont = (typeof webFonts)[number];

/** The metric-matched local fallbacks, the very rules the web app loads. */
const fallbackFaces = readFileSync(require.resolve('@meridian/contracts/font-fallbacks.css'), 'utf8');

/** The Latin regular and bold faces of a web font, pointed at the provider's font route. */
const faces = Object.fromEntries(
  webFonts.map((font) => [
    font,
    ['latin-400', 'latin-700']
      .map((face) => readFileSync(require.resolve(`@fontsource/${font}/${face}.css`), 'utf8'))
      .join('\n')
      .replaceAll('url(./files/', `url(${FONT_ASSETS_PATH}/${font}/`),
  ]),
) as Record<WebFont, string>;

/** The @font-face rules a provider page needs for the tenant's typeface (none for the system stack). */
export const fontFaceRules = (font: TenantFont = 'system') =>
  font === 'system' ? '' : `${faces[font]}\n${fallbackFaces}`;

/** Serves the web font files (WOFF2 and WOFF only) from the font packages, cached for a week. */
export async function fontAssets(app: FastifyInstance) {
  for (const font of webFonts) {
    await app.register(fastifyStatic, {
      root: path.dirname(require.resolve(`@fontsource/${font}/files/${font}-latin-400-normal.woff2`)),
      prefix: `${FONT_ASSETS_PATH}/${font}/`,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => /^\/[\w-]+\.woff2?$/.test(pathName),
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=604800');
      },
    });
  }
}
