import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver) on 127.0.0.1 with one bucket, in a temporary directory. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (`<directory>/<bucket>/<key>._S3rver_object`). */
  directory: string;
  /** The variables that point an api process at it (README, "Object storage"). */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'lumen-files', port = 0): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'lumen-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver accepts any key pair (it checks the signature's shape, not the secret's owner).
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
