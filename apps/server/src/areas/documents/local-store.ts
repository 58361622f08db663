import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DocumentStore } from './store';

const keyPattern = /^[0-9a-f-]{36}$/;
/** A write in progress: `.<key>.<random>.part`, renamed to `<key>` once whole. */
const partPattern = /^\.[0-9a-f-]{36}\.[0-9a-f-]{36}\.part$/;

/**
 * Files on local disk, outside the web root. A file is written under a temporary name and renamed
 * into place, so a reader never sees half of one and a failure leaves nothing behind. A process
 * killed mid-write can still leave a `.part` file, or a file whose row was never written: `sweep`
 * removes both.
 */
export function createLocalDocumentStore(directory: string): DocumentStore {
  const root = resolve(directory);
  mkdirSync(root, { recursive: true });
  const pathOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error('a document key is a document id');
    return join(root, key);
  };
  /** The names among `names` last modified before `before` (a name gone meanwhile is left out). */
  const olderThan = async (names: string[], before: Date) => {
    const old: string[] = [];
    for (const name of names) {
      const modified = await stat(join(root, name)).then(
        (found) => found.mtimeMs,
        () => Infinity,
      );
      if (modified < before.getTime()) old.push(name);
    }
    return old;
  };
  return {
    description: `local disk at ${root}`,
    async put(key, bytes) {
      const target = pathOf(key);
      const temporary = join(root, `.${key}.${randomUUID()}.part`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key) {
      const handle = await open(pathOf(key), 'r');
      return handle.createReadStream();
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    async sweep(before, filed) {
      const names = await readdir(root);
      const partial = await olderThan(
        names.filter((name) => partPattern.test(name)),
        before,
      );
      const stored = await olderThan(
        names.filter((name) => keyPattern.test(name)),
        before,
      );
      const known = stored.length > 0 ? await filed(stored) : new Set<string>();
      const orphaned = stored.filter((key) => !known.has(key));
      for (const name of [...partial, ...orphaned]) await rm(join(root, name), { force: true });
      return { partial: partial.length, orphaned: orphaned.length };
    },
  };
}
