import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files' bytes live, named by their SHA-256 (hex), so identical uploads are kept once.
 * The database keeps what a file is and who may see it; the store only keeps bytes.
 */
export interface FileStore {
  /** Stores the bytes under their hash; storing the same bytes again changes nothing. */
  put(sha256: string, content: Buffer, mimeType: string): Promise<void>;
  /** The bytes, or null when none are stored under the hash. */
  get(sha256: string): Promise<Buffer | null>;
  delete(sha256: string): Promise<void>;
}

export type FileStoreConfig =
  | { kind: 'directory'; dir: string }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Two levels of two hex digits keep any one directory small (65,536 leaves). */
function objectPath(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`Not a SHA-256 in hex: ${sha256}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under a directory (DATA_DIR/files by default): one machine, or several sharing the directory. */
export function directoryFileStore(dir: string): FileStore {
  const fileOf = (sha256: string) => path.join(dir, ...objectPath(sha256).split('/'));
  return {
    async put(sha256, content) {
      const file = fileOf(sha256);
      if (await stat(file).then(() => true, () => false)) return;
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file, and two writers of it both end whole.
      const partial = `${file}.${randomUUID()}.part`;
      await writeFile(partial, content);
      await rename(partial, file);
    },
    async get(sha256) {
      return readFile(fileOf(sha256)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
    },
    async delete(sha256) {
      await rm(fileOf(sha256), { force: true });
    },
  };
}

/** An S3-compatible object store (MinIO, a cloud's object storage), addressed path-style. */
export function s3FileStore(config: Extract<FileStoreConfig, { kind: 's3' }>): FileStore {
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region });
  const urlOf = (sha256: string) => `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}/${objectPath(sha256)}`;
  const fail = async (action: string, response: Response) => {
    throw new Error(`S3 ${action} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  };
  return {
    async put(sha256, content, mimeType) {
      const response = await client.fetch(urlOf(sha256), { method: 'PUT', body: new Uint8Array(content), headers: { 'Content-Type': mimeType } });
      if (!response.ok) await fail('PUT', response);
    },
    async get(sha256) {
      const response = await client.fetch(urlOf(sha256));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) return fail('GET', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(sha256) {
      const response = await client.fetch(urlOf(sha256), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail('DELETE', response);
    },
  };
}

export function openFileStore(config: FileStoreConfig): FileStore {
  return config.kind === 's3' ? s3FileStore(config) : directoryFileStore(config.dir);
}
