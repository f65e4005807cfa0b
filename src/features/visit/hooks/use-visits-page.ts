import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onRecordsSynced } from '@/offline/outbox.ts';
import { VISITS_KEY } from '../api/visit-api.ts';

/** 走访/巡查's hook (components/device-page.tsx): the list is read again once the outbox has sent the visits filed offline. */
export function useVisitsPage() {
  const client = useQueryClient();
  useEffect(() => onRecordsSynced(() => void client.invalidateQueries({ queryKey: VISITS_KEY })), [client]);
  return {};
}
