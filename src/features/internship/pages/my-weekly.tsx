import { useEffect, useState } from 'react';
import { Badge, DotLoading, ErrorBlock, List, PullToRefresh, Tag } from 'antd-mobile';
import { WEEKLY_STATUS_LABELS, type EnrolmentWeek, type MyEnrolment, type WeeklyStatus } from '@contract/internship.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useSession } from '@/lib/session-store.ts';
import type { OutboxEntry, OutboxState } from '@/offline/db.ts';
import { useOfflineStatus } from '@/offline/offline-store.ts';
import { onOutboxChange, outbox } from '@/offline/outbox.ts';
import { syncNow } from '@/offline/sync-engine.ts';
import { StorageNote } from '@/offline/storage-note.tsx';
import { useMyWeeks } from '../api/my-weeks.ts';
import { WeeklyEditorSheet } from '../components/weekly-editor.tsx';
import type { WeeklyOutboxPayload } from '../api/submit-weekly.ts';
import './my-weekly.css';

const LOCAL_LABELS: Record<Exclude<OutboxState, 'synced'>, { text: string; color: string }> = {
  pending: { text: '待同步', color: 'warning' },
  syncing: { text: '同步中', color: 'primary' },
  retrying: { text: '等待重试', color: 'warning' },
  'needs-fix': { text: '需修改', color: 'danger' },
};
const STATUS_COLORS: Record<WeeklyStatus, string> = { draft: 'default', submitted: 'primary', reviewed: 'success', returned: 'danger' };

/** This user's records still on the device, by week, live as the sync engine moves them. */
function useQueuedWeeks(userId: string | undefined) {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!userId) return;
    const load = () => void outbox.unsynced(userId).then(setEntries);
    load();
    // The server's list is fetched again app-wide once records have synced (onRecordsSynced).
    return onOutboxChange(load);
  }, [userId]);
  return entries;
}

function WeekState({ week, queued }: { week: EnrolmentWeek; queued: OutboxEntry | undefined }) {
  if (queued && queued.state !== 'synced') {
    const local = LOCAL_LABELS[queued.state];
    return <Tag color={local.color}>{local.text}</Tag>;
  }
  if (!week.summary) return <Tag color="default">未填写</Tag>;
  const { status, score } = week.summary;
  return (
    <Tag color={STATUS_COLORS[status]}>
      {WEEKLY_STATUS_LABELS[status]}
      {status === 'reviewed' && score !== null ? ` ${score}分` : ''}
    </Tag>
  );
}

function EnrolmentCard({ enrolment, queued, onOpen }: { enrolment: MyEnrolment; queued: OutboxEntry[]; onOpen: (week: EnrolmentWeek) => void }) {
  const queuedFor = (week: EnrolmentWeek) => queued.find((e) => (e.payload as WeeklyOutboxPayload).enrolmentId === enrolment.id && (e.payload as WeeklyOutboxPayload).weekStart === week.weekStart);
  return (
    <section className="my-weekly__enrolment" aria-label={enrolment.programName}>
      <header className="my-weekly__head">
        <h2>{enrolment.programName}</h2>
        <p>
          {enrolment.unitName}
          {enrolment.post ? ` · ${enrolment.post}` : ''}
        </p>
        <p>
          指导教师：{enrolment.adviserName ?? '未分配'} · {enrolment.startDate} 至 {enrolment.endDate}
        </p>
      </header>
      {enrolment.weeks.length === 0 ? (
        <ErrorBlock status="empty" title="实习尚未开始" description="实习开始后，每周在这里填写周记" />
      ) : (
        <List>
          {enrolment.weeks.map((week) => {
            const entry = queuedFor(week);
            return (
              <List.Item
                key={week.weekStart}
                onClick={() => onOpen(week)}
                extra={<WeekState week={week} queued={entry} />}
                description={entry?.state === 'needs-fix' ? <span className="my-weekly__fix">{entry.error}</span> : week.summary?.title}
              >
                第{week.weekNo}周（{week.weekStart.slice(5)} ~ {week.weekEnd.slice(5)}）
              </List.Item>
            );
          })}
        </List>
      )}
    </section>
  );
}

/** 我的周记 (student, phone first): the weeks of my internship, each written, queued and synced from here. */
export default function MyWeeklyPage() {
  usePageTitle('我的周记');
  const { userInfo } = useSession();
  const { data, isPending, isError, refetch } = useMyWeeks();
  const queued = useQueuedWeeks(userInfo?.id);
  const { waiting, syncing } = useOfflineStatus();
  const [open, setOpen] = useState<{ enrolment: MyEnrolment; week: EnrolmentWeek } | null>(null);

  const refresh = async () => {
    await syncNow();
    await refetch();
  };

  return (
    <div className="my-weekly">
      {waiting > 0 && (
        <div className="my-weekly__waiting" role="status">
          <Badge content={waiting}>
            <span>待同步</span>
          </Badge>
          <span>{syncing ? '正在同步…' : '联网后自动提交'}</span>
        </div>
      )}
      <StorageNote />
      <PullToRefresh onRefresh={refresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
        {isPending ? (
          <div className="my-weekly__loading">
            <DotLoading /> 加载中
          </div>
        ) : isError && !data ? (
          <ErrorBlock status="disconnected" title="暂时无法加载" description="请检查网络后下拉刷新" />
        ) : !data || data.length === 0 ? (
          <ErrorBlock status="empty" title="暂无实习" description="你还没有参加实习计划" />
        ) : (
          data.map((enrolment) => <EnrolmentCard key={enrolment.id} enrolment={enrolment} queued={queued} onOpen={(week) => setOpen({ enrolment, week })} />)
        )}
      </PullToRefresh>
      {open && (
        <WeeklyEditorSheet
          enrolment={open.enrolment}
          week={open.week}
          queued={queued.find((e) => (e.payload as WeeklyOutboxPayload).enrolmentId === open.enrolment.id && (e.payload as WeeklyOutboxPayload).weekStart === open.week.weekStart)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
