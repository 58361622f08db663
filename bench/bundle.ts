import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = 'apps/web/dist/assets';

/** Sizes of the built web app (run `npm run build:web` first): the entry script and all scripts, raw and gzipped. */
export function webBundleSizes(): Record<string, number | string> {
  if (!existsSync(assets)) return { webBundle: 'not built: run npm run build:web first' };
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const index = readFileSync('apps/web/dist/index.html', 'utf8');
  const entry = scripts.find((name) => index.includes(name));
  const gzipped = (name: string) => gzipSync(readFileSync(path.join(assets, name))).length;
  const kilobytes = (bytes: number) => Number((bytes / 1000).toFixed(1));
  return {
    webEntryScriptKb: entry ? kilobytes(statSync(path.join(assets, entry)).size) : 'no entry found',
    webEntryScriptGzipKb: entry ? kilobytes(gzipped(entry)) : 'no entry found',
    webAllScriptsKb: kilobytes(
      scripts.reduce((total, name) => total + statSync(path.join(assets, name)).size, 0),
    ),
    webScriptChunks: scripts.length,
  };
}
