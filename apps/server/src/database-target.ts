import path from 'node:path';
import type { Config } from './config';
import type { DatabaseTarget } from './db/client';

export const databaseTarget = (config: Config): DatabaseTarget =>
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(config.PGLITE_DIR) };
