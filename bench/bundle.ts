import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = 'apps/web/dist/assets';

/**
 * Sizes of the built web app (run `npm run build:web` first): the entry script index.html runs, the
 * scripts it preloads with it, and all scripts. What a page really loads before it renders is measured
 * in the browser (first-screen.ts).
 */
export function webBundleSizes(): Record<string, number | string> {
  if (!existsSync(assets)) return { webBundle: 'not built: run npm run build:web first' };
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const index = readFileSync('apps/web/dist/index.html', 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
  const preloaded = [...index.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const gzipped = (name: string) => gzipSync(readFileSync(path.join(assets, name))).length;
  const kilobytes = (bytes: number) => Number((bytes / 1000).toFixed(1));
  return {
    webEntryScriptGzipKb: entry ? kilobytes(gzipped(entry)) : 'no entry found',
    webEntryWithPreloadsGzipKb: entry
      ? kilobytes([entry, ...preloaded].reduce((total, name) => total + gzipped(name), 0))
      : 'no entry found',
    webAllScriptsKb: kilobytes(
      scripts.reduce((total, name) => total + statSync(path.join(assets, name)).size, 0),
    ),
    webScriptChunks: scripts.length,
  };
}
