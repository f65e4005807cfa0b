import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VisitWriteInput } from '@contract/visits.ts';
import type { Device } from '@/hooks/use-device.ts';
import { useSession } from '@/lib/session-store.ts';
import { onRecordsSynced } from '@/offline/outbox.ts';
import { useQueuedEntries } from '@/offline/use-queued-entries.ts';
import { VISITS_KEY, VISIT_OUTBOX_KIND, useVisitList } from '../api/visit-api.ts';

/**
 * 走访/巡查's hook (components/device-page.tsx): the visits sent, read again once the outbox has sent
 * those filed offline; on the phone (where visits are filed) those still waiting on the device, and 新建走访.
 */
export function useVisitsPage(device: Device) {
  const client = useQueryClient();
  useEffect(() => onRecordsSynced(() => void client.invalidateQueries({ queryKey: VISITS_KEY })), [client]);
  const { userInfo } = useSession();
  const list = useVisitList();
  const queued = useQueuedEntries(VISIT_OUTBOX_KIND, device === 'phone' ? userInfo?.id : undefined);
  const [editing, setEditing] = useState(false);
  const rows = list.data?.pages.flatMap((p) => p.records) ?? [];
  const sent = new Set(rows.map((r) => r.id));
  return {
    state: {
      list,
      rows,
      waiting: queued.filter((e) => !sent.has(e.id)).map((entry) => ({ entry, visit: entry.payload as VisitWriteInput })),
      editing,
      setEditing,
    },
  };
}

export type VisitsState = ReturnType<typeof useVisitsPage>['state'];
