import { useCallback, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Button, Form, ImageUploader, Input, NoticeBar, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { INTERACTION_PATH, INTERACTION_PERMISSION } from '@contract/interactions.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, RECORD_MSG } from '@contract/internship.ts';
import {
  RECORD_STATUS_TEXT,
  attachmentsLabel,
  countRecordChars,
  messagesOf,
  missingAttachment,
  namesPeriod,
  overlapping,
  recordWriteSchema,
  schoolTime,
  slotLabel,
  type MyPlacementRecords,
  type MySlot,
  type RecordField,
  type RecordKindDeclaration,
  type RecordValues,
} from '@contract/records.ts';
import { lateText } from '@contract/season.ts';
import type { RefTarget } from '@contract/resource.ts';
import { FieldError } from '@/components/field-error.tsx';
import { RefPickerPhone } from '@/components/resource/ref-picker-phone.tsx';
import dayjs from '@/lib/dayjs.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { QueueButton } from '@/components/queued-entry/queue-button.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { joinClauses } from '@/lib/text.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { useOfflineStatus } from '@/offline/offline-store.ts';
import { useDeviceDraft } from '@/offline/use-draft.ts';
import { PHOTO_ORIGINAL_MAX_BYTES, PHOTO_ORIGINAL_TOO_LARGE, preparePhoto } from '@/offline/photo.ts';
import { queueRecord, type RecordOutboxPayload } from '../api/submit-record.ts';
import { forgetPreviews, keptFile, previewUrl } from '@/offline/kept-file.ts';
import { announceQueued } from '@/components/queued-entry/announce-queued.ts';
import { recordDetailQuery } from '../api/record-detail.ts';
import { AttachmentView } from './attachment-view.tsx';
import { timeHeldElsewhere, useApplicationActions } from './record-editor-parts.ts';
import './record-editor.css';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';

/**
 * What a draft keeps: the record's id (stable across reloads), its field values, the new files, and which
 * of the server's attachments stay (null: all of them).
 */
interface RecordDraft {
  id: string;
  values: RecordValues;
  files: OutboxFile[];
  keptAttachmentIds?: string[] | null;
}

/** A draft as stored: drafts from before the kinds had fields of their own kept only a title and a content. */
type StoredDraft = RecordDraft | (Omit<RecordDraft, 'values'> & { title: string; content: string });
const fromStored = (saved: StoredDraft): RecordDraft =>
  'values' in saved ? saved : { id: saved.id, values: { title: saved.title, content: saved.content }, files: saved.files, keptAttachmentIds: saved.keptAttachmentIds };

/** A datetime field's value as the form holds it (the phone's own picker, local time) and as it is sent (an instant). */
const toLocalInput = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const toInstant = (local: string | null | undefined) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : null);

/** The form's values (datetimes in the picker's local form) from a record's values, and back. */
const formValuesOf = (declaration: RecordKindDeclaration, values: RecordValues): Record<string, string> =>
  Object.fromEntries(declaration.fields.map((f) => [f.name, f.kind === 'datetime' ? toLocalInput(values[f.name]) : (values[f.name] ?? '')]));
const recordValuesOf = (declaration: RecordKindDeclaration, form: Record<string, unknown>): RecordValues =>
  Object.fromEntries(
    declaration.fields.map((f) => {
      const value = typeof form[f.name] === 'string' ? (form[f.name] as string) : null;
      return [f.name, f.kind === 'datetime' ? toInstant(value) : value || null];
    }),
  );

/** The picker of a kind's unit field: the units its records may name (合作中), searched on the server. */
const unitTarget = (declaration: RecordKindDeclaration): RefTarget => ({ key: `${declaration.kind}-unit`, title: '实习单位', list: `${declaration.base}/unitOptions`, labelField: 'name', searchField: 'name' });

/** Fixed choices as a one-of selector holding a plain string value. */
function ChoiceInput({ field, value, onChange, disabled }: { field: RecordField; value?: string | null; onChange?: (value: string | null) => void; disabled?: boolean }) {
  return <SingleChoice options={field.options ?? []} value={value} clearable={field.optional} onChange={(next) => onChange?.(next ?? null)} disabled={disabled} />;
}

/** A PDF has no picture of its own: its cell shows this. */
const PDF_THUMBNAIL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#f5f5f5"/><text x="40" y="47" font-size="20" text-anchor="middle" fill="#d4380d" font-family="sans-serif">PDF</text></svg>',
)}`;

const refuseUpload = () => Promise.reject(new Error('files are added through 拍照 and 选择文件'));

/** A period's record is drafted per period; a free kind's per record (one draft of a new one at a time). */
const draftKey = (declaration: RecordKindDeclaration, enrolmentId: string, slot: MySlot, queued: OutboxEntry | undefined) =>
  `${declaration.kind}:${enrolmentId}:${declaration.period === 'free' ? (slot.record?.id ?? queued?.id ?? 'new') : slot.periodStart}`;

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

/** States in which the student no longer edits a record: with the reviewer or the approvers, or decided. */
const LOCKED = new Set(['submitted', 'reviewed', 'pending', 'approved', 'rejected', 'back']);
/** What the editor says of a record of a kind with a process, by its state. */
const NOTICES: Partial<Record<string, string>> = { pending: '审批中，审批结果会通知你', approved: '已批准', rejected: '已驳回', withdrawn: '已撤回，修改后可再次提交', back: '已销假' };

/** A datetime field: filled in, and a real moment. */
function datetimeRule(declaration: RecordKindDeclaration, field: RecordField) {
  const message = messagesOf(declaration).choose(field.label);
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (!toInstant(typeof value === 'string' ? value : null)) throw new Error(message);
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
  const [form] = Form.useForm<Record<string, string>>();
  const { storageError } = useOfflineStatus();
  const key = draftKey(declaration, placement.id, slot, queued);
  const locked = Boolean(slot.record && LOCKED.has(slot.record.status));
  const fieldRules = useMemo(() => recordWriteSchema(declaration).shape as Record<string, Parameters<typeof zodRule>[0]>, [declaration]);
  const application = useApplicationActions(declaration, slot.record, onClose);
  /** Why the files were refused (too large, too many, a required one missing): kept under them until they change. */
  const [fileError, setFileError] = useState<string | null>(null);

  // The starting point: a draft on the device, else what waits in the outbox, else the server's copy.
  const start = useCallback(
    async (saved: unknown): Promise<RecordDraft> => {
      if (saved) return fromStored(saved as StoredDraft);
      const fromOutbox = queued ? (queued.payload as RecordOutboxPayload) : null;
      const fromServer = !fromOutbox && serverId ? await client.fetchQuery(detailQuery).catch(() => null) : null;
      const files = queued?.files ?? [];
      const values: RecordValues = fromOutbox
        ? Object.fromEntries(declaration.fields.map((f) => [f.name, (fromOutbox[f.name] as string | null | undefined) ?? null]))
        : fromServer
          ? { ...fromServer.values, title: fromServer.title, content: fromServer.content }
          : { title: declaration.defaultTitle(slot), content: '' };
      return {
        id: queued?.id ?? serverId ?? newUuid(),
        values,
        files,
        // A queued version lists the server's files it keeps next to its own new ones.
        keptAttachmentIds: fromOutbox ? (fromOutbox.attachmentIds ?? []).filter((id) => !files.some((f) => f.id === id)) : null,
      };
    },
    [queued, serverId, slot, declaration, client, detailQuery],
  );
  const stored = useDeviceDraft<RecordDraft>({
    userId,
    key,
    start,
    readOnly: locked,
    onLoaded: (first) => form.setFieldsValue(formValuesOf(declaration, first.values)),
  });
  const { draft, latest } = stored;
  const save = (next: RecordDraft) => {
    if (next.files !== latest.current?.files || next.keptAttachmentIds !== latest.current?.keptAttachmentIds) setFileError(null);
    stored.save(next);
  };

  const files = draft?.files;
  const photos = useMemo<ImageUploadItem[]>(() => (files ?? []).map((f) => ({ key: f.id, url: f.type === 'application/pdf' ? PDF_THUMBNAIL : previewUrl(f) })), [files]);
  useEffect(
    () => () => {
      forgetPreviews(latest.current?.files ?? []);
    },
    [latest],
  );

  const canAsk = usePermission(INTERACTION_PERMISSION);
  if (!draft) return null;
  const keptIds = draft.keptAttachmentIds ?? null;
  const existing = (detail.data?.attachments ?? []).filter((a) => keptIds === null || keptIds.includes(a.id));

  const removeAttachment = (id: string) => save({ ...(latest.current ?? draft), keptAttachmentIds: existing.filter((a) => a.id !== id).map((a) => a.id) });
  /**
   * Files from the camera or the file picker stay on the device as bytes until the outbox sends them; photos
   * are made small first (src/offline/photo.ts), a photo's original size limit checked before that.
   */
  const addFiles = async (picked: File[]) => {
    const photos = picked.filter((file) => file.type.startsWith('image/'));
    const tooLarge = photos.some((file) => file.size > PHOTO_ORIGINAL_MAX_BYTES);
    const taken = picked.filter((file) => !file.type.startsWith('image/') || file.size <= PHOTO_ORIGINAL_MAX_BYTES);
    const busy = photos.length > 0 ? Toast.show({ icon: 'loading', content: '正在处理照片…', duration: 0 }) : null;
    const prepared = await Promise.all(taken.map(preparePhoto)).finally(() => busy?.close());
    const current = latest.current ?? draft;
    const room = Math.max(0, declaration.maxAttachments - existing.length - current.files.length);
    const fitting = prepared.filter((file) => file.size <= ATTACHMENT_MAX_BYTES);
    const added = await Promise.all(fitting.slice(0, room).map(keptFile));
    if (added.length > 0) save({ ...(latest.current ?? current), files: [...(latest.current ?? current).files, ...added] });
    const refusal = tooLarge ? PHOTO_ORIGINAL_TOO_LARGE : fitting.length < prepared.length ? RECORD_MSG.attachmentTooLarge : fitting.length > room ? msg.tooManyAttachments(declaration.maxAttachments) : null;
    if (refusal) setFileError(refusal);
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared so that picking the same file again still counts.
    event.target.value = '';
    void addFiles(picked);
  };
  const full = existing.length + draft.files.length >= declaration.maxAttachments;
  const closed = !slot.record && !queued ? slot.closedReason : null;

  const submit = async () => {
    const formValues = await form.validateFields().catch(() => null);
    if (!formValues) return;
    const values = recordValuesOf(declaration, formValues);
    // The save lists the attachments to keep: without the server's list, sending one would drop them all.
    if (keptIds === null && !detail.data && (slot.record?.attachmentCount ?? 0) > 0) {
      return setFileError(`${attachmentsLabel(declaration)}列表尚未加载，请联网打开这份${declaration.label}后再提交`);
    }
    const missingFile = missingAttachment(declaration, existing.length + draft.files.length);
    if (missingFile) return setFileError(missingFile);
    if (declaration.noOverlap && values.startsAt && values.endsAt) {
      const other = overlapping({ id: draft.id, startsAt: values.startsAt, endsAt: values.endsAt }, await timeHeldElsewhere(client, declaration, userId));
      if (other) {
        const message = declaration.noOverlap.message(other);
        return form.setFields([{ name: 'endsAt', errors: [message] }]);
      }
    }
    const queued = await queueRecord(
      declaration,
      draft.id,
      userId,
      { enrolmentId: placement.id, periodStart: namesPeriod(declaration.period) ? slot.periodStart : undefined, ...values, submit: true, attachmentIds: existing.map((a) => a.id) },
      draft.files,
    );
    if (!queued) return Toast.show({ content: '本机存储失败，内容仍在编辑框中，请稍后重试' });
    await stored.clear();
    announceQueued(queued.attempt, { sent: '已提交', kept: '已保存在本机，联网后自动提交' });
    onClose();
  };

  const record = slot.record;
  const after = declaration.afterApproval;
  /** A rule between fields (a leave's end after its start), reported at the field it names. */
  const refineRule = (name: string) => ({
    validator: async () => {
      const problem = declaration.refine?.(recordValuesOf(declaration, form.getFieldsValue()));
      if (problem?.field === name) throw new Error(problem.message);
    },
  });
  const dependents = declaration.fields.map((f) => f.name);
  /** A field of the declaration in the form, with its schema's rule (the content with its minimum and count). */
  const fieldItem = (field: RecordField) => {
    if (field.kind === 'textarea') {
      return (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          rules={[minLengthRule(declaration, placement.minLength)]}
          description={locked ? undefined : <LengthCount count={countRecordChars(draft.values[field.name] ?? '')} min={placement.minLength} />}
        >
          <TextArea placeholder={field.placeholder} autoSize={{ minRows: declaration.period === 'free' ? 4 : 8 }} />
        </Form.Item>
      );
    }
    const rules = field.kind === 'datetime' ? [datetimeRule(declaration, field), refineRule(field.name)] : [zodRule(fieldRules[field.name]!), refineRule(field.name)];
    const control =
      field.kind === 'select' ? (
        <ChoiceInput field={field} />
      ) : field.kind === 'datetime' ? (
        <Input type="datetime-local" aria-label={field.label} />
      ) : field.kind === 'date' ? (
        <Input type="date" aria-label={field.label} />
      ) : field.kind === 'unit' ? (
        <RefPickerPhone target={unitTarget(declaration)} title={field.label} placeholder={field.placeholder} />
      ) : (
        <Input placeholder={field.placeholder} clearable />
      );
    return (
      <Form.Item key={field.name} name={field.name} label={field.label} rules={rules} dependencies={dependents.filter((n) => n !== field.name)}>
        {control}
      </Form.Item>
    );
  };
  const comment = record?.adviserComment;
  const span = declaration.durationOf?.(draft.values) ?? null;

  return (
    <div className="record-editor">
      <PhoneNavBar onBack={onClose}>
        {declaration.period === 'once' ? declaration.label : declaration.period === 'free' ? (record || queued ? declaration.label : `新建${declaration.label}`) : `${declaration.label} ${slotLabel(declaration, slot)}`}
      </PhoneNavBar>
      <div className="record-editor__body">
        {record?.status === 'returned' && <NoticeBar color="alert" wrap content={joinClauses(`已退回：${comment ?? ''}`, '修改后请重新提交')} />}
        {record && NOTICES[record.status] && (
          <NoticeBar
            color={record.status === 'rejected' ? 'alert' : 'info'}
            wrap
            content={joinClauses(
              NOTICES[record.status]!,
              record.status === 'back' && detail.data?.afterApprovalAt ? `返回时间 ${schoolTime(detail.data.afterApprovalAt)}` : null,
              application.approvedAction === 'withdraw' ? `${declaration.label}开始前可以撤回，开始后返回时请${after?.label ?? ''}` : null,
              comment ? `意见：${comment}` : null,
            )}
          />
        )}
        {record?.status === 'reviewed' && (
          <NoticeBar color="info" wrap content={joinClauses('已批阅', `得分 ${record.score ?? '—'}`, record.adviserComment ? `评语：${record.adviserComment}` : null)} />
        )}
        {record && record.lateDays !== null && <NoticeBar color="alert" wrap content={`${lateText(record.lateDays)}：${messagesOf(declaration).periodDue}`} />}
        {queued?.state === 'needs-fix' && <NoticeBar color="alert" wrap content={`需修改：${queued.error ?? ''}`} />}
        {record && record.status !== 'draft' && canAsk && (
          <Link className="record-editor__ask" to={`${INTERACTION_PATH}?${new URLSearchParams({ enrolment: placement.id, record: record.id, title: record.title })}`}>
            就这份{declaration.label}向老师提问
          </Link>
        )}
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
          onValuesChange={(_changed, all) => save({ ...draft, values: recordValuesOf(declaration, all) })}
          footer={
            locked ? (
              <div className="record-editor__footer">
                <p className="record-editor__locked">{RECORD_STATUS_TEXT[record!.status]}，不能修改</p>
                {application.canWithdraw && (
                  <Button block fill="outline" loading={application.pending} onClick={application.withdraw}>
                    撤回申请
                  </Button>
                )}
                {application.canRetract && (
                  <>
                    <p className="record-editor__locked">指导教师查看前，可以撤回修改</p>
                    <Button block fill="outline" loading={application.pending} onClick={application.retract}>
                      撤回修改
                    </Button>
                  </>
                )}
                {application.canAct && (
                  <Button block color="primary" loading={application.pending} onClick={application.actAfter}>
                    {after?.label}
                  </Button>
                )}
              </div>
            ) : (
              <QueueButton block color="primary" size="large" disabled={Boolean(closed)} onClick={() => void submit()}>
                提交
              </QueueButton>
            )
          }
        >
          {declaration.fields.filter((f) => !f.hidden).map(fieldItem)}
          {span && (
            <Form.Item label="时长">
              <span>{span}</span>
            </Form.Item>
          )}
          {(!locked || existing.length > 0) && (
            <Form.Item
              label={
                <>
                  {attachmentsLabel(declaration)}
                  {/* antd-mobile marks only a named field as required: the files are no form field, so the mark is ours. */}
                  {!locked && declaration.requiredAttachments && <span className="adm-form-item-required-asterisk">*</span>}
                </>
              }
              description={
                locked ? undefined : (
                  <>
                    {joinClauses(...(declaration.requiredAttachments ?? []).map((a) => a.hint), `图片或PDF，最多${declaration.maxAttachments}个，每个不超过10MB`)}
                    <FieldError message={fileError ?? undefined} />
                  </>
                )
              }
            >
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
