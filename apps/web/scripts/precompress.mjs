// Writes a brotli (.br) and a gzip (.gz) copy of each compressible built asset at the strongest
// settings, once per build: the server sends them as they are instead of compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '../dist/assets');
const compressible = /\.(js|css|svg|json|txt)$/;

for (const name of await readdir(assets)) {
  if (!compressible.test(name)) continue;
  const file = path.join(assets, name);
  const content = await readFile(file);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
}
