import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { createLocalDocumentStore } from './local-store';
import { createS3DocumentStore } from './s3-store';

/** Where document bytes live; the database holds what they are and whose. Keys are document ids. */
export interface DocumentStore {
  /** Writes the whole file or nothing: a failed write leaves no partial file behind. */
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /**
   * The file's bytes as a stream, not read into memory. Resolves once the file is known to be
   * there (rejects when it is not), so nothing has been sent yet when it is missing.
   */
  open(key: string): Promise<Readable>;
  /** Removes a file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Clears what interrupted writes left, last touched before `before`: a partly written file, and a
   * stored file no database row names (`filed` answers which of the keys have one). Answers how many
   * of each were removed.
   */
  sweep(before: Date, filed: (keys: string[]) => Promise<Set<string>>): Promise<SweepResult>;
  /** Safe to log: where the files are kept. */
  description: string;
}

export interface SweepResult {
  partial: number;
  orphaned: number;
}

/**
 * Local disk under the data directory by default; an S3-compatible bucket when DOCUMENTS_S3_BUCKET is
 * set. `under` keeps another owner's files apart, in a folder (or under a key prefix) of that name
 * inside the members' store, where the members' sweep never looks: it reads only keys that are
 * document ids at its own top level.
 */
export function createDocumentStore(config: Config, under?: string): DocumentStore {
  if (config.DOCUMENTS_S3_BUCKET) {
    return createS3DocumentStore({
      bucket: config.DOCUMENTS_S3_BUCKET,
      prefix: `${config.DOCUMENTS_S3_PREFIX}${under ? `${under}/` : ''}`,
      region: config.DOCUMENTS_S3_REGION,
      endpoint: config.DOCUMENTS_S3_ENDPOINT,
      forcePathStyle: config.DOCUMENTS_S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalDocumentStore(under ? join(config.DOCUMENTS_DIR, under) : config.DOCUMENTS_DIR);
}
