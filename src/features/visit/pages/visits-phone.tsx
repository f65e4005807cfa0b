import { Button, List } from 'antd-mobile';
import { ListPhone } from '@/components/list/list-phone.tsx';
import { QueuedEntryState } from '@/components/queued-entry/queued-entry-state.tsx';
import { VisitEditor } from '../components/visit-editor.tsx';
import type { VisitsPage } from '../hooks/use-visits-page.tsx';

/** 走访记录 on the phone (antd-mobile only): 新建走访 (offline like the students' records), what waits on the device, then the visits sent. */
export default function VisitsPhone({ list, waiting, editing, setEditing }: VisitsPage) {
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
            {waiting.map(({ entry, title, line }) => (
              <List.Item key={entry.id} extra={<QueuedEntryState entry={entry} what="走访记录" />} description={line}>
                {title}
              </List.Item>
            ))}
          </List>
        )
      }
    >
      <VisitEditor open={editing} onClose={() => setEditing(false)} />
    </ListPhone>
  );
}
