import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DocumentStore } from './store';

const keyPattern = /^[0-9a-f-]{36}$/;

/**
 * Files on local disk, outside the web root. A file is written under a temporary name and renamed
 * into place, so a reader never sees half of one and a failure leaves nothing behind.
 */
export function createLocalDocumentStore(directory: string): DocumentStore {
  const root = resolve(directory);
  mkdirSync(root, { recursive: true });
  const pathOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error('a document key is a document id');
    return join(root, key);
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
  };
}
