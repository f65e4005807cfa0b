import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRACTICE_SCORE_PERMISSIONS, scoreModeLabel, termLabel, type SheetRow } from '@contract/practice-score.ts';
import { pagedList, scrolledList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { formatDate } from '@/lib/format.ts';
import { SHEET_PAGE_SIZE, useSheetDetail, useSheetList, useSheetPages, type SheetListParams } from '../api/score-sheet-api.ts';
import { SHEET_STATUS_TONE, sheetStatusText } from '../components/sheet-status-text.ts';

/** The sheets' columns (已录入 and 状态 drawn by the desktop its own way); the phone's card reads 班级《课程》 over 学期 · 已录入. */
const columns = (seesAll: boolean): ListColumn<SheetRow>[] => [
  { key: 'term', label: '学期', width: 190, show: (row) => termLabel(row.term) },
  { key: 'courseName', label: '课程', show: (row) => `${row.courseName}（${row.courseCode}）`, phone: 'title', phoneShow: (row) => `${row.className}《${row.courseName}》` },
  { key: 'className', label: '班级', width: 200 },
  { key: 'scoreMode', label: '成绩类型', width: 90, show: (row) => scoreModeLabel(row.scoreMode) },
  ...(seesAll ? [{ key: 'teacherName', label: '录入教师', width: 100 }] : []),
  { key: 'progress', label: '已录入', width: 150, phone: 'bare', phoneShow: (row) => `${termLabel(row.term)} · 已录入 ${row.filledCount}/${row.studentCount}` },
  { key: 'status', label: '状态', width: 90, show: (row) => ({ tag: sheetStatusText(row.status), tone: SHEET_STATUS_TONE[row.status] }), phone: 'extra' },
  { key: 'updatedAt', label: '更新时间', width: 170, show: (row) => formatDate(row.updatedAt) },
];

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
  const open = (id: string) => setParams({ sheet: id });
  /** A changed filter starts at the first page. */
  const filter = (changes: Omit<Partial<SheetListParams>, 'pageNo'>) => setSearch((current) => ({ ...current, ...changes, pageNo: 1 }));
  const page = useSheetList(search, !phone && !sheetId);
  const pages = useSheetPages(phone && !sheetId);
  const pageSize = search.pageSize ?? SHEET_PAGE_SIZE;
  // Entry is on the desktop (the keyboard and Excel's paste): the phone lists and shows the sheets.
  const list: DeclaredList<SheetRow> = {
    title: '成绩录入',
    rowKey: (row) => row.id,
    columns: columns(usePermission(PRACTICE_SCORE_PERMISSIONS.all)),
    actions: [{ key: 'open', label: (row) => (row.status === 'draft' && row.mine ? '录入' : '查看'), only: 'desktop', run: (row) => open(row.id) }],
    actionsWidth: 90,
    cards: true,
    tools: phone ? undefined : [{ key: 'new', label: '新建成绩单', run: () => setCreating(true) }],
    search: phone ? undefined : { label: '课程或班级', placeholder: '课程或班级名称', value: search.keyword ?? '', onSearch: (keyword) => filter({ keyword: keyword || undefined }) },
    empty: '暂无成绩单',
    emptyHint: phone ? '在电脑上新建成绩单后，这里可以查看' : '点击“新建成绩单”开始录入',
    data: phone
      ? scrolledList(pages)
      : pagedList(page, { pageNo: search.pageNo, pageSize, go: (pageNo, size) => setSearch((current) => ({ ...current, pageNo: size === pageSize ? pageNo : 1, pageSize: size })) }),
  };
  return {
    state: {
      sheetId,
      open,
      back: () => setParams({}),
      search,
      filter,
      list,
      /** The sheet the phone shows (the desktop's editor reads its own). */
      sheet: useSheetDetail(sheetId ?? '', phone && sheetId !== null),
      creating,
      setCreating,
    },
  };
}

export type ScoresState = ReturnType<typeof useScoresPage>['state'];
