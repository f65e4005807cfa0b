import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, ImageUploader, Input, NavBar, NoticeBar, Popup, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_ACCEPT,
  WEEKLY_MAX_ATTACHMENTS,
  WEEKLY_MSG,
  WEEKLY_STATUS_LABELS,
  countWeeklyChars,
  weeklyWriteSchema,
  type EnrolmentWeek,
  type MyEnrolment,
} from '@contract/internship.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { drafts, registerDraftFlush } from '@/offline/drafts.ts';
import { queueWeekly, type WeeklyOutboxPayload } from '../api/submit-weekly.ts';
import { weeklyDetailQuery } from '../api/weekly-detail.ts';
import { AttachmentView } from './attachment-view.tsx';
import './weekly-editor.css';

/** What a draft keeps: the record's id (stable across reloads), the text and the new photos. */
interface WeeklyDraft {
  id: string;
  title: string;
  content: string;
  files: OutboxFile[];
}

/** One object URL per photo: the uploader matches its finished uploads to the list by URL. */
const photoUrls = new WeakMap<Blob, string>();
function photoUrl(blob: Blob): string {
  if (!photoUrls.has(blob)) photoUrls.set(blob, URL.createObjectURL(blob));
  return photoUrls.get(blob)!;
}
function forgetPhotoUrl(blob: Blob) {
  const url = photoUrls.get(blob);
  if (url) URL.revokeObjectURL(url);
  photoUrls.delete(blob);
}

const draftKey = (enrolmentId: string, weekStart: string) => `weekly:${enrolmentId}:${weekStart}`;
const field = weeklyWriteSchema.shape;

function minLengthRule(min: number) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const count = countWeeklyChars(typeof value === 'string' ? value : '');
      if (count === 0) throw new Error(WEEKLY_MSG.contentRequired);
      if (count < min) throw new Error(WEEKLY_MSG.contentTooShort(min));
    },
  };
}

/**
 * Writing one week's summary on the phone: autosaved to the device while typing, photos from the
 * camera kept as blobs, and 提交 puts it in the outbox, so nothing depends on the network.
 */
export function WeeklyEditor({ enrolment, week, queued, onClose }: { enrolment: MyEnrolment; week: EnrolmentWeek; queued: OutboxEntry | undefined; onClose: () => void }) {
  const { userInfo } = useSession();
  const userId = userInfo?.id ?? '';
  const serverId = week.summary?.id;
  const client = useQueryClient();
  const detailQuery = useMemo(() => ({ ...weeklyDetailQuery(serverId ?? ''), networkMode: 'offlineFirst' as const, retry: false, meta: { persist: true } }), [serverId]);
  const detail = useQuery({ ...detailQuery, enabled: Boolean(serverId) });
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [draft, setDraft] = useState<WeeklyDraft | null>(null);
  const [keptIds, setKeptIds] = useState<string[] | null>(null);
  const key = draftKey(enrolment.id, week.weekStart);
  const locked = week.summary?.status === 'reviewed' || week.summary?.status === 'submitted';
  const latest = useRef<WeeklyDraft | null>(null);
  /** Photos taken in this editor, until the uploader hands them back in its list. */
  const uploaded = useRef<OutboxFile[]>([]);

  // The starting point: a draft on the device, else what waits in the outbox, else the server's copy.
  useEffect(() => {
    let alive = true;
    const start = async (): Promise<WeeklyDraft> => {
      const saved = await drafts.load<WeeklyDraft>(userId, key);
      if (saved) return saved;
      const fromOutbox = queued ? (queued.payload as WeeklyOutboxPayload) : null;
      const fromServer = !fromOutbox && serverId ? await client.fetchQuery(detailQuery).catch(() => null) : null;
      return {
        id: queued?.id ?? serverId ?? newUuid(),
        title: fromOutbox?.title ?? fromServer?.title ?? `第${week.weekNo}周周记`,
        content: fromOutbox?.content ?? fromServer?.content ?? '',
        files: queued?.files ?? [],
      };
    };
    void start().then((first) => {
      if (!alive) return;
      latest.current = first;
      setDraft(first);
      form.setFieldsValue({ title: first.title, content: first.content });
    });
    return () => {
      alive = false;
    };
  }, [userId, key, queued, serverId, week.weekNo, form, client, detailQuery]);

  const save = (next: WeeklyDraft) => {
    latest.current = next;
    setDraft(next);
    if (!locked) void drafts.save(userId, key, next);
  };
  useEffect(() => registerDraftFlush(async () => (latest.current && !locked ? drafts.save(userId, key, latest.current) : undefined)), [userId, key, locked]);

  const files = draft?.files;
  const photos = useMemo<ImageUploadItem[]>(() => (files ?? []).map((f) => ({ key: f.id, url: photoUrl(f.blob) })), [files]);
  useEffect(
    () => () => {
      latest.current?.files.forEach((f) => forgetPhotoUrl(f.blob));
    },
    [],
  );

  if (!draft) return null;
  const existing = (detail.data?.attachments ?? []).filter((a) => keptIds === null || keptIds.includes(a.id));

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const stored = await queueWeekly(
      draft.id,
      userId,
      { enrolmentId: enrolment.id, weekStart: week.weekStart, title: values.title, content: values.content, submit: true, attachmentIds: existing.map((a) => a.id) },
      draft.files,
    );
    if (!stored) return Toast.show({ content: '本机存储失败，内容仍在编辑框中，请稍后重试' });
    await drafts.remove(userId, key);
    Toast.show({ icon: 'success', content: navigator.onLine ? '已提交' : '已保存在本机，联网后自动提交' });
    onClose();
  };

  return (
    <div className="weekly-editor">
      <NavBar onBack={onClose}>
        第{week.weekNo}周 {week.weekStart.slice(5)} ~ {week.weekEnd.slice(5)}
      </NavBar>
      <div className="weekly-editor__body">
        {week.summary?.status === 'returned' && <NoticeBar color="alert" wrap content={`已退回：${week.summary.adviserComment ?? ''}，修改后请重新提交`} />}
        {week.summary?.status === 'reviewed' && (
          <NoticeBar color="info" wrap content={`已批阅，得分 ${week.summary.score ?? '—'}${week.summary.adviserComment ? `，评语：${week.summary.adviserComment}` : ''}`} />
        )}
        {queued?.state === 'needs-fix' && <NoticeBar color="alert" wrap content={`需修改：${queued.error ?? ''}`} />}
        <Form
          form={form}
          layout="vertical"
          disabled={locked}
          onValuesChange={(_changed, all) => save({ ...draft, title: all.title ?? '', content: all.content ?? '' })}
          footer={
            locked ? (
              <p className="weekly-editor__locked">{WEEKLY_STATUS_LABELS[week.summary!.status]}，不能修改</p>
            ) : (
              <Button block color="primary" size="large" onClick={() => void submit()}>
                提交
              </Button>
            )
          }
        >
          <Form.Item name="title" label="标题" rules={[zodRule(field.title)]}>
            <Input placeholder="请填写周记标题" clearable />
          </Form.Item>
          <Form.Item
            name="content"
            label="本周内容"
            rules={[minLengthRule(enrolment.minWeeklyLength)]}
            help={`不少于${enrolment.minWeeklyLength}字（不计空格）`}
          >
            <TextArea placeholder="本周的工作内容、收获与体会" autoSize={{ minRows: 8 }} showCount={(length) => <span className="weekly-editor__count">{length}字</span>} />
          </Form.Item>
          {existing.length > 0 && (
            <div className="weekly-editor__files">
              <AttachmentView attachments={existing} />
              {!locked &&
                existing.map((a) => (
                  <button key={a.id} type="button" className="weekly-editor__remove" onClick={() => setKeptIds(existing.filter((x) => x.id !== a.id).map((x) => x.id))}>
                    移除 {a.fileName}
                  </button>
                ))}
            </div>
          )}
          {!locked && (
            <Form.Item label="照片或文件">
              <ImageUploader
                value={photos}
                accept={ATTACHMENT_ACCEPT}
                capture="environment"
                multiple
                maxCount={WEEKLY_MAX_ATTACHMENTS - existing.length}
                onChange={(items) => {
                  const current = latest.current ?? draft;
                  const known = new Map([...current.files, ...uploaded.current].map((f) => [f.id, f]));
                  save({ ...current, files: items.flatMap((item) => known.get(String(item.key)) ?? []) });
                }}
                upload={async (file) => {
                  // Kept on the device as a blob; sent with the summary by the outbox.
                  const kept: OutboxFile = { id: newUuid(), name: file.name, type: file.type, blob: file };
                  uploaded.current.push(kept);
                  return { key: kept.id, url: photoUrl(file) };
                }}
              />
            </Form.Item>
          )}
        </Form>
      </div>
    </div>
  );
}

/** The editor as a full-screen sheet over the week list. */
export function WeeklyEditorSheet(props: { enrolment: MyEnrolment; week: EnrolmentWeek | null; queued: OutboxEntry | undefined; onClose: () => void }) {
  return (
    <Popup visible={Boolean(props.week)} position="right" destroyOnClose bodyClassName="weekly-editor__sheet" onClose={props.onClose}>
      {props.week && <WeeklyEditor {...props} week={props.week} />}
    </Popup>
  );
}
