import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRACTICE_SCORE_PERMISSIONS } from '@contract/practice-score.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useSheetDetail, useSheetList, useSheetPages, type SheetListParams } from '../api/score-sheet-api.ts';

/**
 * 成绩录入's hook (components/device-page.tsx): the sheet shown, kept in the address (?sheet=id) so a
 * reload and the back button find it again; else the sheets in reach, a filtered page of them for the
 * desktop's table or page after page for the phone's list (each reads only its own), and 新建成绩单.
 */
export function useScoresPage(device: Device) {
  const [params, setParams] = useSearchParams();
  const sheetId = params.get('sheet');
  const phone = device === 'phone';
  const [search, setSearch] = useState<SheetListParams>({ pageNo: 1 });
  const [creating, setCreating] = useState(false);
  return {
    state: {
      sheetId,
      open: (id: string) => setParams({ sheet: id }),
      back: () => setParams({}),
      search,
      /** A changed filter starts at the first page. */
      filter: (changes: Omit<Partial<SheetListParams>, 'pageNo'>) => setSearch((current) => ({ ...current, ...changes, pageNo: 1 })),
      setPage: (pageNo: number) => setSearch((current) => ({ ...current, pageNo })),
      list: useSheetList(search, !phone && !sheetId),
      pages: useSheetPages(phone && !sheetId),
      /** The sheet the phone shows (the desktop's editor reads its own). */
      sheet: useSheetDetail(sheetId ?? '', phone && sheetId !== null),
      seesAll: usePermission(PRACTICE_SCORE_PERMISSIONS.all),
      creating,
      setCreating,
    },
  };
}

export type ScoresState = ReturnType<typeof useScoresPage>['state'];
