import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, DotLoading, ErrorBlock, List, ProgressBar, PullToRefresh, Tag } from 'antd-mobile';
import { messagesOf, recordToday, slotLabel, type MyPlacementRecords, type MySlot, type RecordKindDeclaration, type RecordValues } from '@contract/records.ts';
import { afterSheetClosed } from '@/hooks/use-back-closes.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useSession } from '@/lib/session-store.ts';
import { QueuedEntryState } from '@/components/queued-entry/queued-entry-state.tsx';
import type { OutboxEntry } from '@/offline/db.ts';
import { useOfflineStatus } from '@/offline/offline-store.ts';
import { syncNow } from '@/offline/sync-engine.ts';
import { StorageNote } from '@/offline/storage-note.tsx';
import { useQueuedEntries } from '@/offline/use-queued-entries.ts';
import { useMyRecords } from '../api/my-records.ts';
import { CheckInButton } from '../components/check-in.tsx';
import { RecordStatusTagPhone } from '../components/record-status-tag-phone.tsx';
import { RecordEditorSheet } from '../components/record-editor.tsx';
import { outboxKindOf, type RecordOutboxPayload } from '../api/submit-record.ts';
import './my-records.css';

/**
 * The queued entry of a slot: the one for its placement and period (any period for a once-per-placement
 * kind, the same record for a free kind; a free record not yet on the server is its own slot).
 */
const queuedFor = (declaration: RecordKindDeclaration, queued: OutboxEntry[], placement: MyPlacementRecords, slot: ListedSlot) =>
  queued.find((e) => {
    const payload = e.payload as RecordOutboxPayload;
    if (payload.enrolmentId !== placement.id) return false;
    if (declaration.period === 'free') return e.id === (slot.record?.id ?? slot.queuedId);
    return declaration.period === 'once' || payload.periodStart === slot.periodStart;
  });

/** A slot in the list, with the queued free record it stands for (not on the server yet). */
type ListedSlot = MySlot & { queuedId?: string };

/** A free kind's list: the server's records and, first, the queued ones the server does not have yet. */
function listedSlots(declaration: RecordKindDeclaration, placement: MyPlacementRecords, queued: OutboxEntry[]): ListedSlot[] {
  if (declaration.period !== 'free') return placement.slots;
  const known = new Set(placement.slots.map((s) => s.record?.id));
  const fresh = queued
    .filter((e) => (e.payload as RecordOutboxPayload).enrolmentId === placement.id && !known.has(e.id))
    .map((e): ListedSlot => {
      const day = declaration.periodOf?.(e.payload as RecordValues) ?? recordToday();
      return { periodStart: day, periodEnd: day, periodNo: 0, closedReason: null, record: null, queuedId: e.id };
    });
  return [...fresh, ...placement.slots];
}

/** What a slot's row says: the period, or for a free kind the record's own title. */
function slotTitle(declaration: RecordKindDeclaration, slot: ListedSlot, entry: OutboxEntry | undefined): string {
  if (declaration.period !== 'free') return slotLabel(declaration, slot);
  if (slot.record) return slot.record.title;
  return entry ? (declaration.titleOf?.(entry.payload as RecordValues) ?? declaration.label) : declaration.label;
}

/** The title a queued version of a periodic record carries (第5周周记): what the server will have once it is sent. */
const queuedTitle = (entry: OutboxEntry | undefined): string | null => {
  const title = entry && entry.state !== 'synced' ? (entry.payload as RecordOutboxPayload).title : null;
  return typeof title === 'string' && title.trim() ? title : null;
};

function SlotState({ declaration, slot, queued }: { declaration: RecordKindDeclaration; slot: MySlot; queued: OutboxEntry | undefined }) {
  if (queued && queued.state !== 'synced') return <QueuedEntryState entry={queued} what={declaration.label} />;
  if (!slot.record) return <Tag color="default">{slot.closedReason ? '未开放' : '未填写'}</Tag>;
  const { status, score, lateDays } = slot.record;
  return <RecordStatusTagPhone status={status} lateDays={lateDays} suffix={status === 'reviewed' && score !== null ? ` ${score}分` : ''} />;
}

const EMPTY_PERIODS: Record<RecordKindDeclaration['period'], string> = { day: '实习开始后，每天在这里填写', week: '实习开始后，每周在这里填写', month: '实习开始后，每月在这里填写', once: '', free: '' };

/** 已交 7 / 应交 12: how far the student is with the program's minimum of the kind. */
function ProgressLine({ declaration, progress }: { declaration: RecordKindDeclaration; progress: NonNullable<MyPlacementRecords['progress']> }) {
  const { submitted, required } = progress;
  if (required === 0) return <p className="my-records__progress">已交 {submitted} {declaration.unit}</p>;
  return (
    <div className="my-records__progress">
      <span>
        已交 {submitted} / 应交 {required} {declaration.unit}
        {submitted >= required ? '（已达要求）' : `（还差 ${required - submitted} ${declaration.unit}）`}
      </span>
      <div role="progressbar" aria-label={`${declaration.label}完成进度`} aria-valuemin={0} aria-valuemax={required} aria-valuenow={Math.min(submitted, required)}>
        <ProgressBar percent={Math.min(100, Math.round((submitted / required) * 100))} />
      </div>
    </div>
  );
}

function PlacementCard({ declaration, placement, queued, onOpen }: { declaration: RecordKindDeclaration; placement: MyPlacementRecords; queued: OutboxEntry[]; onOpen: (slot: ListedSlot) => void }) {
  const slots = listedSlots(declaration, placement, queued);
  const free = declaration.period === 'free';
  const today = recordToday();
  return (
    <section className="my-records__placement" aria-label={placement.programName}>
      <header className="my-records__head">
        <h2>{placement.programName}</h2>
        <p>
          {placement.unitName}
          {placement.post ? ` · ${placement.post}` : ''}
        </p>
        <p>
          指导教师：{placement.adviserName ?? '未分配'} · {placement.startDate} 至 {placement.endDate}
        </p>
        {placement.offered && placement.progress && <ProgressLine declaration={declaration} progress={placement.progress} />}
        {free && placement.status === 'active' && declaration.oncePerDate && <CheckInButton declaration={declaration} placement={placement} queued={queued} />}
        {free && placement.status === 'active' && !declaration.oncePerDate && (
          <Button className="my-records__new" color="primary" fill="outline" onClick={() => onOpen({ periodStart: today, periodEnd: today, periodNo: 0, closedReason: null, record: null })}>
            新建{declaration.label}
          </Button>
        )}
      </header>
      {!placement.offered ? (
        <p className="my-records__none">{messagesOf(declaration).notOffered}</p>
      ) : slots.length === 0 ? (
        free ? (
          <p className="my-records__none">{placement.status === 'active' ? `暂无${declaration.label}` : `实习${placement.status === 'pending' ? '尚未开始' : '已结束'}，不能新建${declaration.label}`}</p>
        ) : (
          <ErrorBlock status="empty" title="实习尚未开始" description={`${EMPTY_PERIODS[declaration.period]}${declaration.label}`} />
        )
      ) : (
        <List>
          {slots.map((slot) => {
            const entry = queuedFor(declaration, queued, placement, slot);
            return (
              <List.Item
                key={slot.record?.id ?? slot.queuedId ?? slot.periodStart}
                onClick={() => onOpen(slot)}
                extra={<SlotState declaration={declaration} slot={slot} queued={entry} />}
                description={
                  entry?.state === 'needs-fix' ? <span className="my-records__fix">{entry.error}</span> : free ? null : (queuedTitle(entry) ?? slot.record?.title ?? (slot.record ? null : slot.closedReason))
                }
              >
                {slotTitle(declaration, slot, entry)}
              </List.Item>
            );
          })}
        </List>
      )}
    </section>
  );
}

/** The placement and slot of a record the address names, if the list holds it. */
function linkedSlot(data: MyPlacementRecords[] | undefined, id: string): { placement: MyPlacementRecords; slot: ListedSlot } | null {
  for (const placement of data ?? []) {
    const slot = placement.slots.find((s) => s.record?.id === id);
    if (slot) return { placement, slot };
  }
  return null;
}

/** A student's records of one kind (phone first): the periods of my placements, each written, queued and synced from here. */
export function MyRecordsPage({ declaration }: { declaration: RecordKindDeclaration }) {
  usePageTitle(declaration.pages.mine.title);
  const { userInfo } = useSession();
  const { data, isPending, isError, fetchStatus, refetch } = useMyRecords(declaration);
  const queued = useQueuedEntries(outboxKindOf(declaration), userInfo?.id);
  const { waiting, syncing } = useOfflineStatus();
  const [open, setOpen] = useState<{ placement: MyPlacementRecords; slot: ListedSlot } | null>(null);
  // A bell message opens its record (?id=…) once the list is here, until it is closed.
  const [params, setParams] = useSearchParams();
  const linked = params.get('id');
  const shown = open ?? (linked ? linkedSlot(data, linked) : null);
  const close = () => {
    setOpen(null);
    if (linked) afterSheetClosed(() => setParams({}, { replace: true }));
  };

  const refresh = async () => {
    await syncNow();
    await refetch();
  };

  return (
    <div className="my-records">
      {waiting > 0 && (
        <div className="my-records__waiting" role="status">
          <Badge content={waiting}>
            <span>待同步</span>
          </Badge>
          <span>{syncing ? '正在同步…' : '联网后自动提交'}</span>
        </div>
      )}
      <StorageNote what={declaration.label} />
      <PullToRefresh onRefresh={refresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
        {isPending && fetchStatus === 'paused' ? (
          // Offline, and this list was never kept on the device: waiting would never end.
          <ErrorBlock status="disconnected" title="当前离线" description={`本机还没有保存过${declaration.pages.mine.title}，联网后打开一次即可离线使用`} />
        ) : isPending ? (
          <div className="my-records__loading">
            <DotLoading /> 加载中
          </div>
        ) : isError && !data ? (
          <ErrorBlock status="disconnected" title="暂时无法加载" description="请检查网络后下拉刷新" />
        ) : !data || data.length === 0 ? (
          <ErrorBlock status="empty" title="暂无实习" description="你还没有参加实习计划" />
        ) : (
          data.map((placement) => (
            <PlacementCard key={placement.id} declaration={declaration} placement={placement} queued={queued} onOpen={(slot) => setOpen({ placement, slot })} />
          ))
        )}
      </PullToRefresh>
      {shown && (
        <RecordEditorSheet
          declaration={declaration}
          placement={shown.placement}
          slot={shown.slot}
          queued={queuedFor(declaration, queued, shown.placement, shown.slot)}
          onClose={close}
        />
      )}
    </div>
  );
}
