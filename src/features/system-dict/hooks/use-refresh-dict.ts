import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dictItemsQuery } from '@/hooks/use-dict-items.ts';

/**
 * After an item of a dictionary changes, this browser reloads that dictionary at once (other browsers
 * get it at their next refresh): selects open in other tabs offer the change straight away.
 */
export function useRefreshDict() {
  const client = useQueryClient();
  return useCallback((dictCode: string) => void client.invalidateQueries({ queryKey: dictItemsQuery(dictCode).queryKey }), [client]);
}
