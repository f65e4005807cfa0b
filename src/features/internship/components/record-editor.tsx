import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Button, Form, ImageUploader, Input, NoticeBar, Popup, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, RECORD_MSG, RECORD_STATUS_LABELS } from '@contract/internship.ts';
import {
  countRecordChars,
  messagesOf,
  recordWriteSchema,
  slotLabel,
  type MyPlacementRecords,
  type MySlot,
  type RecordField,
  type RecordKindDeclaration,
} from '@contract/records.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { joinClauses } from '@/lib/text.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { drafts, registerDraftFlush } from '@/offline/drafts.ts';
import { useOfflineStatus } from '@/offline/offline-store.ts';
import { queueRecord, type RecordOutboxPayload } from '../api/submit-record.ts';
import { recordDetailQuery } from '../api/record-detail.ts';
import { AttachmentView } from './attachment-view.tsx';
import './record-editor.css';

/**
 * What a draft keeps: the record's id (stable across reloads), the text, the new files, and which of
 * the server's attachments stay (null: all of them; drafts saved before this field count as null).
 */
interface RecordDraft {
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

const draftKey = (declaration: RecordKindDeclaration, enrolmentId: string, periodStart: string) => `${declaration.kind}:${enrolmentId}:${periodStart}`;

function minLengthRule(declaration: RecordKindDeclaration, min: number) {
  const msg = messagesOf(declaration);
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const count = countRecordChars(typeof value === 'string' ? value : '');
      if (count === 0) throw new Error(msg.contentRequired);
      if (count < min) throw new Error(msg.contentTooShort(min));
    },
  };
}

/** The count the rule checks (spaces not counted) and the minimum, while the student types. */
function LengthCount({ count, min }: { count: number; min: number }) {
  const short = count < min;
  return (
    <span className={`record-editor__count${short ? '' : ' record-editor__count--enough'}`}>
      已写 {count} 字{short ? `，还差 ${min - count} 字` : ''}（至少 {min} 字，不计空格）
    </span>
  );
}

interface EditorProps {
  declaration: RecordKindDeclaration;
  placement: MyPlacementRecords;
  slot: MySlot;
  queued: OutboxEntry | undefined;
  onClose: () => void;
}

/**
 * Writing one record of a kind on the phone, its fields as the declaration gives them: autosaved to the
 * device while typing, photos from the camera kept as blobs, and 提交 puts it in the outbox, so nothing
 * depends on the network.
 */
export function RecordEditor({ declaration, placement, slot, queued, onClose }: EditorProps) {
  const { userInfo } = useSession();
  const userId = userInfo?.id ?? '';
  const serverId = slot.record?.id;
  const client = useQueryClient();
  const msg = messagesOf(declaration);
  const detailQuery = useMemo(
    () => ({ ...recordDetailQuery(declaration, serverId ?? ''), networkMode: 'offlineFirst' as const, retry: false, meta: { persist: true } }),
    [declaration, serverId],
  );
  const detail = useQuery({ ...detailQuery, enabled: Boolean(serverId) });
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [draft, setDraft] = useState<RecordDraft | null>(null);
  const { storageError } = useOfflineStatus();
  const key = draftKey(declaration, placement.id, slot.periodStart);
  const locked = slot.record?.status === 'reviewed' || slot.record?.status === 'submitted';
  const latest = useRef<RecordDraft | null>(null);
  const fieldRules = useMemo(() => recordWriteSchema(declaration).shape, [declaration]);

  // The starting point: a draft on the device, else what waits in the outbox, else the server's copy.
  useEffect(() => {
    let alive = true;
    const start = async (): Promise<RecordDraft> => {
      const saved = await drafts.load<RecordDraft>(userId, key);
      if (saved) return saved;
      const fromOutbox = queued ? (queued.payload as RecordOutboxPayload) : null;
      const fromServer = !fromOutbox && serverId ? await client.fetchQuery(detailQuery).catch(() => null) : null;
      const files = queued?.files ?? [];
      return {
        id: queued?.id ?? serverId ?? newUuid(),
        title: fromOutbox?.title ?? fromServer?.title ?? declaration.defaultTitle(slot),
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
  }, [userId, key, queued, serverId, slot, declaration, form, client, detailQuery]);

  const save = (next: RecordDraft) => {
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
    const room = Math.max(0, declaration.maxAttachments - existing.length - current.files.length);
    const fitting = picked.filter((file) => file.size <= ATTACHMENT_MAX_BYTES);
    if (fitting.length < picked.length) Toast.show({ content: RECORD_MSG.attachmentTooLarge });
    else if (fitting.length > room) Toast.show({ content: msg.tooManyAttachments(declaration.maxAttachments) });
    const added = fitting.slice(0, room).map((file): OutboxFile => ({ id: newUuid(), name: file.name, type: file.type, blob: file }));
    if (added.length > 0) save({ ...current, files: [...current.files, ...added] });
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared so that picking the same file again still counts.
    event.target.value = '';
    addFiles(picked);
  };
  const full = existing.length + draft.files.length >= declaration.maxAttachments;
  const closed = !slot.record && !queued ? slot.closedReason : null;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // The save lists the attachments to keep: without the server's list, sending one would drop them all.
    if (keptIds === null && !detail.data && (slot.record?.attachmentCount ?? 0) > 0) {
      return Toast.show({ content: `附件列表尚未加载，请联网打开这份${declaration.label}后再提交` });
    }
    const stored = await queueRecord(
      declaration,
      draft.id,
      userId,
      { enrolmentId: placement.id, periodStart: slot.periodStart, title: values.title, content: values.content, submit: true, attachmentIds: existing.map((a) => a.id) },
      draft.files,
    );
    if (!stored) return Toast.show({ content: '本机存储失败，内容仍在编辑框中，请稍后重试' });
    await drafts.remove(userId, key);
    Toast.show({ icon: 'success', content: navigator.onLine ? '已提交' : '已保存在本机，联网后自动提交' });
    onClose();
  };

  const record = slot.record;
  /** A field of the declaration in the form: text with its schema rule, or the content with its minimum and count. */
  const fieldItem = (field: RecordField) =>
    field.kind === 'text' ? (
      <Form.Item key={field.name} name={field.name} label={field.label} rules={[zodRule(fieldRules[field.name])]}>
        <Input placeholder={field.placeholder} clearable />
      </Form.Item>
    ) : (
      <Form.Item
        key={field.name}
        name={field.name}
        label={field.label}
        rules={[minLengthRule(declaration, placement.minLength)]}
        description={locked ? undefined : <LengthCount count={countRecordChars(draft[field.name])} min={placement.minLength} />}
      >
        <TextArea placeholder={field.placeholder} autoSize={{ minRows: 8 }} />
      </Form.Item>
    );

  return (
    <div className="record-editor">
      <PhoneNavBar onBack={onClose}>{declaration.period === 'once' ? declaration.label : `${declaration.label} ${slotLabel(declaration, slot)}`}</PhoneNavBar>
      <div className="record-editor__body">
        {record?.status === 'returned' && <NoticeBar color="alert" wrap content={joinClauses(`已退回：${record.adviserComment ?? ''}`, '修改后请重新提交')} />}
        {record?.status === 'reviewed' && (
          <NoticeBar color="info" wrap content={joinClauses('已批阅', `得分 ${record.score ?? '—'}`, record.adviserComment ? `评语：${record.adviserComment}` : null)} />
        )}
        {queued?.state === 'needs-fix' && <NoticeBar color="alert" wrap content={`需修改：${queued.error ?? ''}`} />}
        {closed && <NoticeBar color="info" wrap content={closed} />}
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
              <p className="record-editor__locked">{RECORD_STATUS_LABELS[record!.status]}，不能修改</p>
            ) : (
              <Button block color="primary" size="large" disabled={Boolean(closed)} onClick={() => void submit()}>
                提交
              </Button>
            )
          }
        >
          {declaration.fields.map(fieldItem)}
          {(!locked || existing.length > 0) && (
            <Form.Item label="附件" description={locked ? undefined : `图片或PDF，最多${declaration.maxAttachments}个，每个不超过10MB`}>
              {existing.length > 0 && (
                <div className="record-editor__files">
                  <AttachmentView attachments={existing} />
                  {!locked &&
                    existing.map((a) => (
                      <button key={a.id} type="button" className="record-editor__remove" onClick={() => removeAttachment(a.id)}>
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
                <div className="record-editor__pickers">
                  {/* Android opens only the camera when capture is set: taking a photo and choosing a file are two inputs. */}
                  <label className="record-editor__pick">
                    拍照
                    <input type="file" accept="image/*" capture="environment" onChange={onPick} />
                  </label>
                  <label className="record-editor__pick">
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

/** The editor as a full-screen sheet over the kind's list. */
export function RecordEditorSheet(props: Omit<EditorProps, 'slot'> & { slot: MySlot | null }) {
  const { slot } = props;
  return (
    <Popup visible={Boolean(slot)} position="right" destroyOnClose bodyClassName="record-editor__sheet" onClose={props.onClose}>
      {slot && <RecordEditor {...props} slot={slot} />}
    </Popup>
  );
}
