import { createHash } from 'node:crypto';

/** A content image's version: a digest of its bytes, so an address carrying it always means these bytes. */
export const contentImageVersion = (data: Buffer) =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);
