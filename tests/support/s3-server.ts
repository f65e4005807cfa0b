import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { FileStoreConfig } from '../../server/lib/file-store.ts';

export const S3_BUCKET = 'isps-files';

/** A local S3-compatible server (s3rver from npm) with one empty bucket, for as long as a test needs it. */
export async function startS3Server(): Promise<{ config: Extract<FileStoreConfig, { kind: 's3' }>; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'isps-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  return {
    // s3rver takes its own fixed credentials.
    config: { kind: 's3', endpoint: `http://127.0.0.1:${port}`, bucket: S3_BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
