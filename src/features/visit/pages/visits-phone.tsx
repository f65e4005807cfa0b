import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { visitModeLabel, type VisitWriteInput } from '@contract/visits.ts';
import { ListPhone } from '@/components/list/list-phone.tsx';
import { QueuedEntryState } from '@/components/queued-entry/queued-entry-state.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useQueuedEntries } from '@/offline/use-queued-entries.ts';
import { VISIT_OUTBOX_KIND } from '../api/visit-api.ts';
import { VisitEditor } from '../components/visit-editor.tsx';
import type { VisitsPage } from '../hooks/use-visits-page.tsx';

/** 走访记录 on the phone (antd-mobile only): 新建走访 (offline like the students' records), what waits on the device, then the visits sent. */
export default function VisitsPhone({ list }: VisitsPage) {
  const { userInfo } = useSession();
  const queued = useQueuedEntries(VISIT_OUTBOX_KIND, userInfo?.id);
  const [editing, setEditing] = useState(false);
  const sent = new Set(list.data.rows.map((r) => r.id));
  const waiting = queued.filter((e) => !sent.has(e.id));
  return (
    <ListPhone
      list={list}
      top={
        <Button color="primary" onClick={() => setEditing(true)}>
          新建走访
        </Button>
      }
      header={
        waiting.length > 0 && (
          <List header="本机待同步" mode="card">
            {waiting.map((entry) => {
              const visit = entry.payload as VisitWriteInput;
              return (
                <List.Item key={entry.id} extra={<QueuedEntryState entry={entry} what="走访记录" />} description={entry.error ?? `${visit.enrolmentIds.length} 名学生 · 照片 ${entry.files.length} 张`}>
                  {visit.visitDate} {visitModeLabel(visit.mode)}
                </List.Item>
              );
            })}
          </List>
        )
      }
    >
      <VisitEditor open={editing} onClose={() => setEditing(false)} />
    </ListPhone>
  );
}
