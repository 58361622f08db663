import { watch } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { ContentFileError, syncContent, type SyncOptions } from './sync';

/** Development: reloads the content files shortly after any of them changes. */
export function watchContent(
  db: Database,
  root: string,
  log: FastifyBaseLogger,
  options: SyncOptions = {},
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const reload = async () => {
    try {
      const result = await syncContent(db, root, options);
      if (result.changed) log.info(result, 'content reloaded');
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      log.error(
        { file: error.file, reason: error.reason },
        'content not reloaded; the previous version keeps serving',
      );
    }
  };
  const watcher = watch(root, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), 200);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
