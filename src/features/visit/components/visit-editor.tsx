import { useState, type ChangeEvent } from 'react';
import { Form, Image, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { QueueButton } from '@/components/queued-entry/queue-button.tsx';
import { Popup } from '@/components/sheet/popup.tsx';
import { ATTACHMENT_MAX_BYTES, RECORD_MSG, schoolToday } from '@contract/internship.ts';
import { VISIT_MAX_PHOTOS, VISIT_MODES, VISIT_MSG, visitWriteSchema, type VisitWriteInput } from '@contract/visits.ts';
import { FieldError } from '@/components/field-error.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useDeviceDraft } from '@/offline/use-draft.ts';
import type { OutboxFile } from '@/offline/db.ts';
import { newUuid } from '@/lib/uuid.ts';
import { forgetPreviews, keptFile, previewUrl } from '@/offline/kept-file.ts';
import { announceQueued } from '@/components/queued-entry/announce-queued.ts';
import { PHOTO_ORIGINAL_MAX_BYTES, PHOTO_ORIGINAL_TOO_LARGE, preparePhoto } from '@/offline/photo.ts';
import { queueVisit, useVisitStudents } from '../api/visit-api.ts';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';

type Field = 'visitDate' | 'mode' | 'enrolmentIds' | 'notes' | 'photos';

/** What a new visit's draft keeps on the device: its id, the form's values and the photos taken. */
interface VisitDraft {
  id: string;
  values: Partial<VisitWriteInput>;
  photos: OutboxFile[];
}
const blankVisit = (): VisitDraft => ({ id: newUuid(), values: { visitDate: schoolToday(), mode: 'onsite', enrolmentIds: [] }, photos: [] });
/** One new visit is drafted at a time, per adviser. */
const DRAFT_KEY = 'visit:new';
const startVisit = (saved: unknown): VisitDraft => (saved as VisitDraft | null) ?? blankVisit();

/**
 * 新建走访 on the phone: date, mode, the students seen, notes and photos; drafted on the device as they are
 * entered (the record editors' drafts), queued on the device, sent when there is a network.
 */
export function VisitEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { userInfo } = useSession();
  const students = useVisitStudents();
  const stored = useDeviceDraft<VisitDraft>({ userId: userInfo?.id ?? '', key: DRAFT_KEY, start: startVisit });
  const { draft, latest } = stored;
  const values = draft?.values ?? {};
  const photos = draft?.photos ?? [];
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<VisitWriteInput>) => {
    const current = latest.current ?? blankVisit();
    stored.save({ ...current, values: { ...current.values, ...changes } });
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in changes))));
  };
  const setPhotos = (change: (current: OutboxFile[]) => OutboxFile[]) => {
    const current = latest.current ?? blankVisit();
    stored.save({ ...current, photos: change(current.photos) });
  };

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.some((f) => f.size > PHOTO_ORIGINAL_MAX_BYTES)) return setErrors((e) => ({ ...e, photos: PHOTO_ORIGINAL_TOO_LARGE }));
    const prepared = (await Promise.all(picked.map(preparePhoto))).filter((f) => f.size <= ATTACHMENT_MAX_BYTES);
    const room = VISIT_MAX_PHOTOS - (latest.current?.photos.length ?? 0);
    const refusal = prepared.length < picked.length ? RECORD_MSG.attachmentTooLarge : prepared.length > room ? VISIT_MSG.tooManyPhotos : undefined;
    setErrors((e) => ({ ...e, photos: refusal }));
    const kept = await Promise.all(prepared.slice(0, room).map(keptFile));
    setPhotos((current) => [...current, ...kept]);
  };

  const submit = async () => {
    const checked = visitWriteSchema.safeParse({ ...values, attachmentIds: [] });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    if (!userInfo || !draft) return;
    setBusy(true);
    const queued = await queueVisit(draft.id, userInfo.id, checked.data, photos).finally(() => setBusy(false));
    if (!queued) return Toast.show({ content: '本机存储失败，内容仍在编辑框中，请稍后重试' });
    announceQueued(queued.attempt, { sent: '走访记录已提交', kept: '已保存在本机，联网后自动提交' });
    await stored.clear(blankVisit());
    forgetPreviews(photos);
    onClose();
  };

  const options = (students.data ?? []).map((s) => ({ value: s.enrolmentId, label: `${s.studentName}（${s.studentNo}）`, description: s.unitName ?? undefined }));
  return (
    <Popup visible={open} position="right" onClose={onClose} bodyClassName="visit-editor">
      <PhoneNavBar onBack={onClose}>新建走访</PhoneNavBar>
      <div className="visit-editor__body">
        <Form layout="vertical" footer={<QueueButton block color="primary" size="large" loading={busy} onClick={() => void submit()}>提交</QueueButton>}>
          <Form.Item label="走访日期" description={<FieldError message={errors.visitDate} />}>
            <Input type="date" aria-label="走访日期" value={values.visitDate ?? ''} onChange={(visitDate) => set({ visitDate })} />
          </Form.Item>
          <Form.Item label="走访方式" description={<FieldError message={errors.mode} />}>
            <SingleChoice options={VISIT_MODES} value={values.mode} onChange={(mode) => set({ mode })} />
          </Form.Item>
          <Form.Item label={`走访学生（已选 ${values.enrolmentIds?.length ?? 0} 人）`} description={<FieldError message={errors.enrolmentIds} />}>
            {students.isPending && students.fetchStatus === 'paused' ? (
              <p className="visit-editor__note">当前离线，本机还没有保存学生名单，联网后打开一次即可离线选择</p>
            ) : options.length === 0 && !students.isPending ? (
              <p className="visit-editor__note">您目前没有指导或任班主任的实习学生</p>
            ) : (
              <Selector columns={1} multiple options={options} value={values.enrolmentIds ?? []} onChange={(enrolmentIds) => set({ enrolmentIds })} />
            )}
          </Form.Item>
          <Form.Item label="走访情况" description={<FieldError message={errors.notes} />}>
            <TextArea placeholder="学生的工作与生活情况、企业的反馈、发现的问题与处理" autoSize={{ minRows: 5 }} maxLength={2000} showCount value={values.notes ?? ''} onChange={(notes) => set({ notes })} />
          </Form.Item>
          <Form.Item label={`照片（最多${VISIT_MAX_PHOTOS}张）`} description={<FieldError message={errors.photos} />}>
            <div className="visit-editor__photos">
              {photos.map((p) => (
                <button key={p.id} type="button" className="visit-editor__photo" aria-label={`移除${p.name}`} onClick={() => {
                    forgetPreviews([p]);
                    setPhotos((all) => all.filter((x) => x.id !== p.id));
                  }}>
                  <Image src={previewUrl(p)} width={72} height={72} fit="cover" alt={p.name} />
                </button>
              ))}
              {photos.length < VISIT_MAX_PHOTOS && (
                <label className="visit-editor__pick">
                  拍照或选择照片
                  <input type="file" accept="image/*" multiple onChange={(e) => void addPhotos(e)} />
                </label>
              )}
            </div>
          </Form.Item>
        </Form>
      </div>
    </Popup>
  );
}
