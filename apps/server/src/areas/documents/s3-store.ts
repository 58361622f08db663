import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { DocumentStore } from './store';

const keyPattern = /^[0-9a-f-]{36}$/;

export interface S3Settings {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). Credentials come from the usual
 * AWS sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile or an instance role). A PUT
 * stores the whole object or none of it, so nothing is ever partial; an object whose row was never
 * written (the process stopped between the two) is swept.
 */
export function createS3DocumentStore(settings: S3Settings): DocumentStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;
  return {
    description: `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async put(key, bytes, mediaType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: mediaType }),
      );
    },
    async open(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      // In Node.js the SDK answers the body as a stream of the object's bytes.
      if (!(object.Body instanceof Readable)) throw new Error(`document ${key} has no body in the bucket`);
      return object.Body;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async sweep(before, filed) {
      let orphaned = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken }),
        );
        const old = (page.Contents ?? [])
          .filter((object) => object.LastModified && object.LastModified < before)
          .map((object) => object.Key!.slice(settings.prefix.length))
          .filter((key) => keyPattern.test(key));
        const known = old.length > 0 ? await filed(old) : new Set<string>();
        for (const key of old.filter((candidate) => !known.has(candidate))) {
          await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
          orphaned += 1;
        }
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return { partial: 0, orphaned };
    },
  };
}
