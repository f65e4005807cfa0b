import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { ApiEnvelope } from '@contract/envelope.ts';
import type { MyPlacementRecords } from '@contract/records.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { apiLogin } from './api.ts';
import { API_URL } from './server.ts';

/**
 * A student submits a 周记 through the API, with a PNG photo if given, in a week of theirs that has none and is open,
 * in any placement (another spec may give the student's class a new, pending one); answers the record's id and its week.
 */
export async function fileWeekly(request: APIRequestContext, username: string, title: string, content: string, photo?: { name: string; buffer: Buffer }): Promise<{ id: string; periodStart: string }> {
  const token = await apiLogin(request, username, DEMO_PASSWORD);
  expect(token, `${username} 登录失败`).toBeTruthy();
  const headers = { 'X-Access-Token': token! };
  const mine = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers })).json()) as ApiEnvelope<MyPlacementRecords[]>;
  const open = (mine.result ?? []).flatMap((placement) => placement.slots.filter((slot) => slot.record === null && !slot.closedReason).map((slot) => ({ placement, slot })));
  expect(open.length, `${username} 没有空着的周次`).toBeGreaterThan(0);
  const { placement, slot } = open[0]!;
  const id = randomUUID();
  const attachmentIds: string[] = [];
  if (photo) {
    const attachmentId = randomUUID();
    const uploaded = await request.post(`${API_URL}/internship/weekly/${id}/attachments`, { headers: { ...headers, 'x-attachment-id': attachmentId }, multipart: { file: { ...photo, mimeType: 'image/png' } } });
    expect(uploaded.ok(), `上传照片失败：${await uploaded.text()}`).toBe(true);
    attachmentIds.push(attachmentId);
  }
  const saved = await request.put(`${API_URL}/internship/weekly/${id}`, { headers, data: { enrolmentId: placement.id, periodStart: slot.periodStart, title, content, submit: true, attachmentIds } });
  expect(saved.ok(), `提交周记失败：${await saved.text()}`).toBe(true);
  return { id, periodStart: slot.periodStart };
}
