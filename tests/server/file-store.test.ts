import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import type { AttachmentMeta } from '@contract/internship.ts';
import type { MyPlacementRecords, RecordDetail } from '@contract/records.ts';
import { internshipAttachment } from '../../server/db/schema.ts';
import { directoryFileStore, s3FileStore, type FileStore, type FileStoreConfig } from '../../server/lib/file-store.ts';
import { startS3Server } from '../support/s3-server.ts';
import { PDF, PNG, downloadRequest, uploadRequest, type UploadFile } from './attachment-support.ts';
import { expectOk, startTestApp, userRow, type TestApp } from './harness.ts';

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const photo = (label: string): UploadFile => ({ name: `${label}.png`, type: 'image/png', content: Buffer.concat([PNG, Buffer.from(label)]) });

let s3: Awaited<ReturnType<typeof startS3Server>>;
let directory: string;
beforeAll(async () => {
  s3 = await startS3Server();
  directory = await mkdtemp(path.join(os.tmpdir(), 'isps-files-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(directory, { recursive: true, force: true });
});

/** What the bucket holds, listed through the S3 API itself. */
async function bucketKeys(config: Extract<FileStoreConfig, { kind: 's3' }>): Promise<string[]> {
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region });
  const response = await client.fetch(`${config.endpoint}/${config.bucket}?list-type=2`);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

describe.each([
  ['a directory', () => directoryFileStore(directory)],
  ['an S3-compatible store', () => s3FileStore(s3.config)],
])('files in %s', (_name, open: () => FileStore) => {
  it('keeps bytes under their hash, once, and lets them go', async () => {
    const store = open();
    const content = Buffer.from(`证明材料 ${randomUUID()}`);
    const sha256 = sha256Of(content);
    expect(await store.get(sha256)).toBeNull();
    await store.put(sha256, content, 'application/pdf');
    await store.put(sha256, content, 'application/pdf');
    expect((await store.get(sha256))?.equals(content)).toBe(true);
    await store.delete(sha256);
    expect(await store.get(sha256)).toBeNull();
    await store.delete(sha256);
  });

  it('refuses a name that is not a SHA-256', async () => {
    await expect(open().get('../../etc/passwd')).rejects.toThrow('Not a SHA-256');
  });
});

describe('attachments kept in an S3-compatible store', () => {
  let t: TestApp;
  let token: string;
  let enrolment: MyPlacementRecords;
  beforeAll(async () => {
    t = await startTestApp({ fileStore: s3.config });
    token = await t.login('student01');
    [enrolment] = expectOk(await t.get<MyPlacementRecords[]>('/api/internship/weekly/mine', token));
  });
  afterAll(() => t?.close());

  const upload = async (summaryId: string, attachmentId: string, file: UploadFile) => {
    const request = uploadRequest(summaryId, attachmentId, file);
    const response = await t.app.inject({ ...request, headers: { ...request.headers, [ACCESS_TOKEN_HEADER]: token } });
    return expectOk<AttachmentMeta>({ status: response.statusCode, body: response.json(), headers: response.headers });
  };
  const download = async (attachmentId: string, app = t) => {
    const response = await app.app.inject({ ...downloadRequest(attachmentId), headers: { [ACCESS_TOKEN_HEADER]: token } });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const saveDraft = (summaryId: string, weekStart: string, attachmentIds: string[]) =>
    t.put<RecordDetail>(`/api/internship/weekly/${summaryId}`, { enrolmentId: enrolment.id, periodStart: weekStart, title: '草稿', content: '未完', submit: false, attachmentIds }, token);

  it('stores an upload in the bucket, not in its row, and serves it back', async () => {
    const file = photo('现场');
    const id = randomUUID();
    await upload(randomUUID(), id, file);
    expect(await bucketKeys(s3.config)).toContain(`${sha256Of(file.content).slice(0, 2)}/${sha256Of(file.content).slice(2, 4)}/${sha256Of(file.content)}`);
    const [row] = await t.db.select({ content: internshipAttachment.content }).from(internshipAttachment).where(eq(internshipAttachment.id, id));
    expect(row!.content).toBeNull();
    expect((await download(id)).equals(file.content)).toBe(true);
  });

  it('keeps identical uploads once, until the last attachment holding them goes', async () => {
    const file = photo('同一张');
    const key = sha256Of(file.content);
    const [first, second] = [randomUUID(), randomUUID()];
    const [firstSummary, secondSummary] = [randomUUID(), randomUUID()];
    await upload(firstSummary, first, file);
    await upload(secondSummary, second, file);
    expect((await bucketKeys(s3.config)).filter((k) => k.endsWith(key))).toHaveLength(1);

    expectOk(await saveDraft(firstSummary, enrolment.slots[0]!.periodStart, []));
    expect((await download(second)).equals(file.content)).toBe(true);
    expectOk(await saveDraft(secondSummary, enrolment.slots[1]!.periodStart, []));
    expect((await bucketKeys(s3.config)).filter((k) => k.endsWith(key))).toEqual([]);
  });

  it('moves the bytes of uploads from before the store out of their rows when the server starts', async () => {
    const id = randomUUID();
    const content = Buffer.concat([PDF, Buffer.from(randomUUID())]);
    const sha256 = sha256Of(content);
    // An old upload of student01's own (the token's), so they may download it.
    const student = (await userRow(t.db, 'student01'))!.id;
    await t.db.insert(internshipAttachment).values({ id, recordId: randomUUID(), uploaderId: student, fileName: '旧附件.pdf', mimeType: 'application/pdf', size: content.length, sha256, content });
    expect((await download(id)).equals(content)).toBe(true);

    const restarted = await startTestApp({ fileStore: s3.config }, { database: t.database });
    try {
      const [row] = await t.db.select({ content: internshipAttachment.content }).from(internshipAttachment).where(eq(internshipAttachment.id, id));
      expect(row!.content).toBeNull();
      expect(await bucketKeys(s3.config)).toContain(`${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`);
      expect((await download(id, restarted)).equals(content)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
