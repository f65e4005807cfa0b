import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Button, Form, ImageUploader, Input, NoticeBar, Popup, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  WEEKLY_MAX_ATTACHMENTS,
  WEEKLY_MSG,
  WEEKLY_STATUS_LABELS,
  countWeeklyChars,
  weeklyWriteSchema,
  type EnrolmentWeek,
  type MyEnrolment,
} from '@contract/internship.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { joinClauses } from '@/lib/text.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { drafts, registerDraftFlush } from '@/offline/drafts.ts';
import { useOfflineStatus } from '@/offline/offline-store.ts';
import { queueWeekly, type WeeklyOutboxPayload } from '../api/submit-weekly.ts';
import { weeklyDetailQuery } from '../api/weekly-detail.ts';
import { AttachmentView } from './attachment-view.tsx';
import './weekly-editor.css';

/**
 * What a draft keeps: the record's id (stable across reloads), the text, the new files, and which of
 * the server's attachments stay (null: all of them; drafts saved before this field count as null).
 */
interface WeeklyDraft {
  id: string;
  title: string;
  content: string;
  files: OutboxFile[];
  keptAttachmentIds?: string[] | null;
}

/** A PDF has no picture of its own: its cell shows this. */
const PDF_THUMBNAIL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#f5f5f5"/><text x="40" y="47" font-size="20" text-anchor="middle" fill="#d4380d" font-family="sans-serif">PDF</text></svg>',
)}`;

/** One object URL per photo, revoked when the editor closes. */
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

const refuseUpload = () => Promise.reject(new Error('files are added through 拍照 and 选择文件'));

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

/** The count the rule checks (spaces not counted) and the minimum, while the student types. */
function LengthCount({ count, min }: { count: number; min: number }) {
  const short = count < min;
  return (
    <span className={`weekly-editor__count${short ? '' : ' weekly-editor__count--enough'}`}>
      已写 {count} 字{short ? `，还差 ${min - count} 字` : ''}（至少 {min} 字，不计空格）
    </span>
  );
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
  const { storageError } = useOfflineStatus();
  const key = draftKey(enrolment.id, week.weekStart);
  const locked = week.summary?.status === 'reviewed' || week.summary?.status === 'submitted';
  const latest = useRef<WeeklyDraft | null>(null);

  // The starting point: a draft on the device, else what waits in the outbox, else the server's copy.
  useEffect(() => {
    let alive = true;
    const start = async (): Promise<WeeklyDraft> => {
      const saved = await drafts.load<WeeklyDraft>(userId, key);
      if (saved) return saved;
      const fromOutbox = queued ? (queued.payload as WeeklyOutboxPayload) : null;
      const fromServer = !fromOutbox && serverId ? await client.fetchQuery(detailQuery).catch(() => null) : null;
      const files = queued?.files ?? [];
      return {
        id: queued?.id ?? serverId ?? newUuid(),
        title: fromOutbox?.title ?? fromServer?.title ?? `第${week.weekNo}周周记`,
        content: fromOutbox?.content ?? fromServer?.content ?? '',
        files,
        // A queued version lists the server's files it keeps next to its own new ones.
        keptAttachmentIds: fromOutbox ? (fromOutbox.attachmentIds ?? []).filter((id) => !files.some((f) => f.id === id)) : null,
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
  const photos = useMemo<ImageUploadItem[]>(() => (files ?? []).map((f) => ({ key: f.id, url: f.type === 'application/pdf' ? PDF_THUMBNAIL : photoUrl(f.blob) })), [files]);
  useEffect(
    () => () => {
      latest.current?.files.forEach((f) => forgetPhotoUrl(f.blob));
    },
    [],
  );

  if (!draft) return null;
  const keptIds = draft.keptAttachmentIds ?? null;
  const existing = (detail.data?.attachments ?? []).filter((a) => keptIds === null || keptIds.includes(a.id));

  const removeAttachment = (id: string) => save({ ...(latest.current ?? draft), keptAttachmentIds: existing.filter((a) => a.id !== id).map((a) => a.id) });
  /** Files from the camera or the file picker stay on the device as blobs until the outbox sends them. */
  const addFiles = (picked: File[]) => {
    const current = latest.current ?? draft;
    const room = Math.max(0, WEEKLY_MAX_ATTACHMENTS - existing.length - current.files.length);
    const fitting = picked.filter((file) => file.size <= ATTACHMENT_MAX_BYTES);
    if (fitting.length < picked.length) Toast.show({ content: WEEKLY_MSG.attachmentTooLarge });
    else if (fitting.length > room) Toast.show({ content: WEEKLY_MSG.tooManyAttachments });
    const added = fitting.slice(0, room).map((file): OutboxFile => ({ id: newUuid(), name: file.name, type: file.type, blob: file }));
    if (added.length > 0) save({ ...current, files: [...current.files, ...added] });
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared so that picking the same file again still counts.
    event.target.value = '';
    addFiles(picked);
  };
  const full = existing.length + draft.files.length >= WEEKLY_MAX_ATTACHMENTS;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // The save lists the attachments to keep: without the server's list, sending one would drop them all.
    if (keptIds === null && !detail.data && (week.summary?.attachmentCount ?? 0) > 0) {
      return Toast.show({ content: '附件列表尚未加载，请联网打开本周周记后再提交' });
    }
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
      <PhoneNavBar onBack={onClose}>
        第{week.weekNo}周 {week.weekStart.slice(5)} ~ {week.weekEnd.slice(5)}
      </PhoneNavBar>
      <div className="weekly-editor__body">
        {week.summary?.status === 'returned' && <NoticeBar color="alert" wrap content={joinClauses(`已退回：${week.summary.adviserComment ?? ''}`, '修改后请重新提交')} />}
        {week.summary?.status === 'reviewed' && (
          <NoticeBar
            color="info"
            wrap
            content={joinClauses('已批阅', `得分 ${week.summary.score ?? '—'}`, week.summary.adviserComment ? `评语：${week.summary.adviserComment}` : null)}
          />
        )}
        {queued?.state === 'needs-fix' && <NoticeBar color="alert" wrap content={`需修改：${queued.error ?? ''}`} />}
        {storageError && !locked && (
          <div role="alert">
            <NoticeBar color="alert" wrap content={`草稿未能保存到本机：${storageError}。在问题解决前请不要离开此页面。`} />
          </div>
        )}
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
            description={locked ? undefined : <LengthCount count={countWeeklyChars(draft.content)} min={enrolment.minWeeklyLength} />}
          >
            <TextArea placeholder="本周的工作内容、收获与体会" autoSize={{ minRows: 8 }} />
          </Form.Item>
          {(!locked || existing.length > 0) && (
            <Form.Item label="附件" description={locked ? undefined : `图片或PDF，最多${WEEKLY_MAX_ATTACHMENTS}个，每个不超过10MB`}>
              {existing.length > 0 && (
                <div className="weekly-editor__files">
                  <AttachmentView attachments={existing} />
                  {!locked &&
                    existing.map((a) => (
                      <button key={a.id} type="button" className="weekly-editor__remove" onClick={() => removeAttachment(a.id)}>
                        移除 {a.fileName}
                      </button>
                    ))}
                </div>
              )}
              {photos.length > 0 && (
                <ImageUploader
                  value={photos}
                  // Files are added by the two pickers below; the uploader only shows and removes them.
                  disableUpload
                  showUpload={false}
                  upload={refuseUpload}
                  onChange={(items) => {
                    const current = latest.current ?? draft;
                    const left = new Set(items.map((item) => String(item.key)));
                    save({ ...current, files: current.files.filter((f) => left.has(f.id)) });
                  }}
                />
              )}
              {!locked && !full && (
                <div className="weekly-editor__pickers">
                  {/* Android opens only the camera when capture is set: taking a photo and choosing a file are two inputs. */}
                  <label className="weekly-editor__pick">
                    拍照
                    <input type="file" accept="image/*" capture="environment" onChange={onPick} />
                  </label>
                  <label className="weekly-editor__pick">
                    选择文件
                    <input type="file" accept={ATTACHMENT_ACCEPT} multiple onChange={onPick} />
                  </label>
                </div>
              )}
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
