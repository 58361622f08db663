import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { DocumentStore } from './store';

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
 * stores the whole object or none of it.
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
  };
}
