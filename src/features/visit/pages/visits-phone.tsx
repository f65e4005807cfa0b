import { Button, List, Tag } from 'antd-mobile';
import { visitModeLabel } from '@contract/visits.ts';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { QueuedEntryState } from '@/components/queued-entry/queued-entry-state.tsx';
import { VisitEditor } from '../components/visit-editor.tsx';
import type { VisitsState } from '../hooks/use-visits-page.ts';
import '../visit.css';

/** 走访记录 on the phone (antd-mobile only): 新建走访 (offline like the students' records), what waits on the device, then the visits sent. */
export default function VisitsPhone({ state }: { state: VisitsState }) {
  const { list, rows, waiting } = state;
  return (
    <section aria-label="走访记录">
      <Button className="visit-phone__new" color="primary" onClick={() => state.setEditing(true)}>
        新建走访
      </Button>
      <PhoneInfiniteList
        query={list}
        empty={rows.length === 0}
        emptyTitle="暂无走访记录"
        emptyDescription="走访或电话联系学生后，在这里记录"
        // Offline the query is paused: an empty list says 加载失败 (pull to try again) instead of loading for ever.
        pending={list.isPending && list.fetchStatus !== 'paused'}
        failed={list.isError || list.fetchStatus === 'paused'}
        header={
          waiting.length > 0 && (
            <List header="本机待同步" mode="card">
              {waiting.map(({ entry, visit }) => (
                <List.Item key={entry.id} extra={<QueuedEntryState entry={entry} what="走访记录" />} description={entry.error ?? `${visit.enrolmentIds.length} 名学生 · 照片 ${entry.files.length} 张`}>
                  {visit.visitDate} {visitModeLabel(visit.mode)}
                </List.Item>
              ))}
            </List>
          )
        }
      >
        <List mode="card">
          {rows.map((row) => (
            <List.Item
              key={row.id}
              extra={<Tag color="success">已提交</Tag>}
              description={
                <span className="visit-meta">
                  <span>{row.students.join('、')}</span>
                  <span>照片 {row.photoCount} 张</span>
                  <span className="visit-notes">{row.notes}</span>
                </span>
              }
            >
              {row.visitDate} {visitModeLabel(row.mode)}
            </List.Item>
          ))}
        </List>
      </PhoneInfiniteList>
      <VisitEditor open={state.editing} onClose={() => state.setEditing(false)} />
    </section>
  );
}
