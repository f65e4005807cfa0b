import { useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import { announceQueued } from '@/components/queued-entry/announce-queued.ts';
import { QueueButton } from '@/components/queued-entry/queue-button.tsx';
import {
  CHECKIN_SHIFTS,
  LOCATION_STATES,
  checkinName,
  recordToday,
  schoolDateOf,
  schoolTime,
  type CheckinShift,
  type MyPlacementRecords,
  type RecordKindDeclaration,
  type RecordValues,
} from '@contract/records.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import type { OutboxEntry } from '@/offline/db.ts';
import { deviceId, locate } from '@/offline/device.ts';
import { keptFile } from '@/offline/kept-file.ts';
import { preparePhoto } from '@/offline/photo.ts';
import { queueRecord, type RecordOutboxPayload } from '../api/submit-record.ts';
import './check-in.css';

const locationText = (state: string | null | undefined) => LOCATION_STATES.find((s) => s.value === state)?.label ?? '';

/** A check-in without a place: what the adviser will see, and how to let the next one carry it. */
const WITHOUT_PLACE: Record<string, string> = {
  denied: '这次签到没有位置，指导教师会看到“学生未授权定位”。如需记录位置，请在浏览器的网站设置（或手机“设置 › 隐私 › 定位服务”）中允许本网站使用位置，下次签到时即可记录。',
  unavailable: '这次签到没有位置，指导教师会看到“无法获取定位”。请确认手机已打开定位（GPS）并允许浏览器使用位置，下次签到时即可记录。',
};

/** Today's check-in of a placement (of a part of the day: 上班, 下班), from the server's list or the outbox. */
function todaysCheckIn(placement: MyPlacementRecords, queued: OutboxEntry[], shift: CheckinShift | null): RecordValues | null {
  const today = recordToday();
  // An entry queued without a part is the day's first (上班), as the server takes it.
  const ofShift = (values: RecordValues) => !shift || (values.shift ?? 'in') === shift;
  const onServer = placement.slots.find((s) => s.periodStart === today && s.record && ofShift(s.record.values))?.record?.values;
  if (onServer) return onServer;
  const waiting = queued.find((e) => {
    const payload = e.payload as RecordOutboxPayload;
    return payload.enrolmentId === placement.id && typeof payload.checkedAt === 'string' && schoolDateOf(payload.checkedAt) === today && ofShift(payload as RecordValues);
  });
  return waiting ? (waiting.payload as RecordValues) : null;
}

/** What a check-in made today says: when, and where it was made or why not. */
function DoneLine({ done, name }: { done: RecordValues; name: string }) {
  const missing = done.location ? WITHOUT_PLACE[done.location] : undefined;
  return (
    <>
      <p className="check-in__done" role="status">
        今日已{name} {schoolTime(done.checkedAt).slice(6)} · {locationText(done.location)}
        {done.location === 'granted' && done.accuracy ? `（精度约 ${done.accuracy} 米）` : ''}
      </p>
      {missing && <p className="check-in__no-place">{missing}</p>}
    </>
  );
}

/**
 * 签到 with one tap: the time by the phone's clock, the place only if the student allows it (its accuracy
 * kept; refused or not to be had, the check-in says so), and this installation's id. It goes to the outbox
 * like every record, so it works without a network. A program asking for 上班 and 下班 has one of each a day.
 */
export function CheckInButton({ declaration, placement, queued }: { declaration: RecordKindDeclaration; placement: MyPlacementRecords; queued: OutboxEntry[] }) {
  const userId = useSession().userInfo?.id ?? '';
  const [busy, setBusy] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  const shifts: readonly (CheckinShift | null)[] = placement.checkinMode === 'pair' ? CHECKIN_SHIFTS.map((s) => s.value) : [null];
  const made = shifts.map((shift) => ({ shift, done: todaysCheckIn(placement, queued, shift) }));
  const next = made.find((m) => !m.done);
  const checkIn = async (shift: CheckinShift | null, photo: File | null) => {
    setBusy(true);
    try {
      // The time and place are those of the moment the photo was taken (or the tap, without one).
      const checkedAt = new Date().toISOString();
      const located = await locate();
      const values = { checkedAt, ...(shift ? { shift } : {}), ...located, deviceId: deviceId() };
      const files = photo ? [await keptFile(await preparePhoto(photo))] : [];
      const queued = await queueRecord(declaration, newUuid(), userId, { enrolmentId: placement.id, submit: true, ...values }, files);
      if (!queued) return void Toast.show({ content: '本机存储失败，请稍后重试' });
      const where = located.location === 'granted' ? '已记录位置' : located.location === 'denied' ? '未授权定位，签到中会注明' : '无法获取定位，签到中会注明';
      const name = checkinName(shift);
      announceQueued(queued.attempt, { sent: `${name}成功，${where}`, kept: `已${name}，联网后自动上传，${where}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {made.map(({ shift, done }) => done && <DoneLine key={shift ?? 'day'} done={done} name={checkinName(shift)} />)}
      {next && (
        <QueueButton
          className="check-in__button"
          color="primary"
          size="large"
          block
          loading={busy}
          loadingText="正在定位…"
          onClick={() => (placement.checkinPhoto ? camera.current?.click() : void checkIn(next.shift, null))}
        >
          {placement.checkinPhoto ? `拍照${checkinName(next.shift)}` : checkinName(next.shift)}
        </QueueButton>
      )}
      {next && placement.checkinPhoto && (
        <>
          <p className="check-in__photo-note">本计划签到需拍照：照片由服务器加盖姓名、学号、时间和距离的水印后保存。</p>
          <input
            ref={camera}
            className="check-in__camera"
            type="file"
            accept="image/*"
            capture="environment"
            aria-label={`${checkinName(next.shift)}照片`}
            onChange={(event) => {
              const photo = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (photo) void checkIn(next.shift, photo);
            }}
          />
        </>
      )}
    </>
  );
}
