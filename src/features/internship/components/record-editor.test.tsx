import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORD_KINDS, type MyPlacementRecords, type MySlot, type RecordDetail } from '@contract/records.ts';
import type { LoginResult } from '@contract/session.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { db } from '@/offline/db.ts';
import { fillTheDisk } from '@/offline/full-disk.test-support.ts';
import { offlineStore } from '@/offline/offline-store.ts';
import type { RecordOutboxPayload } from '../api/submit-record.ts';
import { RecordEditor } from './record-editor.tsx';

/** A real HTTP stand-in for the record's detail; the files themselves are not served (the view shows 加载失败). */
const SUMMARY_ID = '5b0c7a52-6a1d-4c55-9a43-0d3a2f1f0001';
const attachment = (id: string, fileName: string, mimeType: string) => ({ id, recordId: SUMMARY_ID, fileName, mimeType, size: 2048, createdAt: '2026-03-06T08:00:00Z' });
const detail: RecordDetail = {
  id: SUMMARY_ID,
  kind: 'weekly',
  enrolmentId: 'e1',
  periodStart: '2026-03-02',
  periodEnd: '2026-03-08',
  periodLabel: '第1周（03-02 ~ 03-08）',
  title: '第1周周记',
  content: '本周熟悉了岗位和工作流程。',
  status: 'returned',
  adviserComment: '请补充收获',
  score: null,
  submittedAt: '2026-03-06T08:00:00Z',
  receivedAt: '2026-03-06T08:00:00Z',
  submitTimeFlag: null,
  reviewedAt: '2026-03-07T08:00:00Z',
  reviewerId: 'teacher',
  reviewerName: '王老师',
  createdAt: '2026-03-06T08:00:00Z',
  updatedAt: '2026-03-07T08:00:00Z',
  studentName: '李明',
  programName: '岗位实习',
  minLength: 5,
  scorePrecision: 0,
  reviewHistory: [],
  withdrawnVersions: [],
  repeatedFiles: [],
  values: {},
  valueLabels: {},
  instanceId: null,
  afterApprovalAt: null,
  notes: [],
  lateDays: null,
  attachments: [attachment('11111111-1111-4111-8111-111111111111', '实习协议.pdf', 'application/pdf'), attachment('22222222-2222-4222-8222-222222222222', '工位.png', 'image/png')],
};
const week: MySlot = {
  periodStart: detail.periodStart,
  periodEnd: detail.periodEnd,
  periodNo: 1,
  closedReason: null,
  record: { id: SUMMARY_ID, title: detail.title, status: 'returned', score: null, adviserComment: '请补充收获', submittedAt: detail.submittedAt, reviewedAt: detail.reviewedAt, updatedAt: detail.updatedAt, attachmentCount: 2, values: {}, instanceId: null, notes: [], lateDays: null, retractable: false },
};
const placement = { id: 'e1', programName: '岗位实习', minLength: 5, slots: [week] } as unknown as MyPlacementRecords;

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const found = req.url?.startsWith(`/internship/weekly/${SUMMARY_ID}?`);
    const body = found ? { success: true, message: '', code: 200, result: detail, timestamp: 1 } : { success: false, message: '附件不存在或无权查看', code: 404, result: null, timestamp: 1 };
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => server.close());

beforeEach(async () => {
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
  sessionStore.saveLogin({ token: 'tok', userInfo: { id: 'u1', username: 'student01' }, sysroles: [], multi_sysrole: false, departs: [], multi_depart: false } as unknown as LoginResult);
  await Promise.all(db.tables.map((table) => table.clear()));
  act(() => offlineStore.update({ storageError: null }));
});

function openEditor(shown: MySlot = week) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RecordEditor declaration={RECORD_KINDS.weekly} placement={placement} slot={shown} queued={undefined} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}
const content = () => screen.getByPlaceholderText('本周的工作内容、收获与体会');

describe('RecordEditor (周记)', () => {
  it('a removed attachment stays removed after a reload, and the submission keeps only the rest plus the new file', async () => {
    openEditor();
    fireEvent.click(await screen.findByRole('button', { name: '移除 实习协议.pdf' }));
    expect(screen.queryByRole('button', { name: '移除 实习协议.pdf' })).toBeNull();
    await waitFor(async () => expect(await db.drafts.count()).toBe(1));

    // Reload: a new editor starts from the draft on the device.
    cleanup();
    openEditor();
    expect(await screen.findByRole('button', { name: '移除 工位.png' })).toBeTruthy();
    await waitFor(() => expect(content()).toHaveProperty('value', detail.content));
    expect(screen.queryByRole('button', { name: '移除 实习协议.pdf' })).toBeNull();

    const photo = new File([new Uint8Array([137, 80, 78, 71])], '车间.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('选择文件'), { target: { files: [photo] } });
    // Photos are made small before they are kept (asynchronously): the new file shows once it is.
    await waitFor(async () => expect(((await db.drafts.toArray())[0]!.values as { files: unknown[] }).files).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry!.files.map((f) => f.name)).toEqual(['车间.png']);
    expect((entry!.payload as RecordOutboxPayload).attachmentIds).toEqual(['22222222-2222-4222-8222-222222222222', entry!.files[0]!.id]);
  });

  it('offers the camera and the file picker as two inputs: only 拍照 asks for the camera', async () => {
    openEditor();
    const camera = await screen.findByLabelText('拍照');
    const picker = screen.getByLabelText('选择文件');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(picker.hasAttribute('capture')).toBe(false);
    expect(picker.getAttribute('accept')).toContain('application/pdf');
    expect(picker.hasAttribute('multiple')).toBe(true);
  });

  it('a draft the device cannot store is shown where the student types, until a save works again', async () => {
    openEditor();
    await waitFor(() => expect(content()).toHaveProperty('value', detail.content));

    const freeTheDisk = fillTheDisk();
    fireEvent.change(content(), { target: { value: `${detail.content}补充：学会了看图纸。` } });
    const storageAlert = () => screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes('草稿未能保存到本机'));
    await waitFor(() => expect(storageAlert()?.textContent).toContain('离线内容无法保存'));

    freeTheDisk();
    fireEvent.change(content(), { target: { value: `${detail.content}补充：学会了看图纸和量具。` } });
    await waitFor(() => expect(storageAlert()).toBeUndefined());
  });

  it('shows the count the rule checks and the minimum while typing, not only after a failed 提交', async () => {
    openEditor();
    await waitFor(() => expect(content()).toHaveProperty('value', detail.content));
    const count = () => screen.getByText(/^已写 \d+ 字/).textContent;
    expect(count()).toBe('已写 13 字（至少 5 字，不计空格）');

    fireEvent.change(content(), { target: { value: '实 习 第' } });
    expect(count()).toBe('已写 3 字，还差 2 字（至少 5 字，不计空格）');
    expect(screen.queryByText('周记内容不能少于5字')).toBeNull();
  });

  it('shows the kept attachments and their 移除 under the 附件 label', async () => {
    openEditor();
    const remove = await screen.findByRole('button', { name: '移除 实习协议.pdf' });
    const item = remove.closest('.adm-form-item')!;
    expect(item.querySelector('.adm-form-item-label')?.textContent).toBe('附件');
    expect(item.contains(screen.getByLabelText('选择文件'))).toBe(true);
  });

  it("joins the adviser's comment and our wording without doubling punctuation", async () => {
    openEditor({ ...week, record: { ...week.record!, adviserComment: '请补充本周遇到的问题。' } });
    expect(await screen.findByText('已退回：请补充本周遇到的问题。修改后请重新提交')).toBeTruthy();
  });
});
