import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterFormat } from '@contract/documents.ts';
import {
  PRACTICE_SCORE_URL,
  cellsSaveSchema,
  sheetCreateSchema,
  sheetReopenSchema,
  type CellInput,
  type SheetCreateInput,
  type SheetDetail,
  type SheetRow,
} from '@contract/practice-score.ts';
import type { PageResult, RefTarget } from '@contract/resource.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { api, http, request } from '@/lib/api-client.ts';
import { downloadFile } from '@/components/download/download.ts';

export { cellsSaveSchema, sheetCreateSchema, sheetReopenSchema };

export const SHEETS_KEY = ['practice', 'score'] as const;
export const SHEET_PAGE_SIZE = 20;

/** The pickers of 新建成绩单 search these lists as the teacher types (never every row). */
export const COURSE_PICK: RefTarget = { key: 'practice-score-course', title: '课程', list: PRACTICE_SCORE_URL.courses, labelField: 'name', searchField: 'name', codeField: 'code' };
export const CLASS_PICK: RefTarget = { key: 'practice-score-class', title: '班级', list: PRACTICE_SCORE_URL.classes, labelField: 'name', searchField: 'name', codeField: 'code' };

export interface SheetListParams {
  pageNo: number;
  pageSize?: number;
  term?: string;
  status?: string;
  keyword?: string;
}

export const sheetListQuery = (params: SheetListParams) =>
  queryOptions({
    queryKey: [...SHEETS_KEY, 'list', params],
    queryFn: () => http.get<PageResult<SheetRow>>(PRACTICE_SCORE_URL.list, { pageSize: SHEET_PAGE_SIZE, ...params }),
    placeholderData: keepPreviousData,
  });
export const useSheetList = (params: SheetListParams, enabled = true) => useQuery({ ...sheetListQuery(params), enabled });

/** The phone's list: pages appended as it scrolls. */
export const useSheetPages = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...SHEETS_KEY, 'list', 'pages'],
    queryFn: ({ pageParam }) => http.get<PageResult<SheetRow>>(PRACTICE_SCORE_URL.list, { pageNo: pageParam, pageSize: SHEET_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: PageResult<SheetRow>, pages: PageResult<SheetRow>[]) => (pages.length * SHEET_PAGE_SIZE < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
    enabled,
  });

export const sheetDetailKey = (id: string) => [...SHEETS_KEY, 'detail', id] as const;
export const sheetDetailQuery = (id: string) => queryOptions({ queryKey: sheetDetailKey(id), queryFn: () => http.get<SheetDetail>(PRACTICE_SCORE_URL.one(id)) });
export const useSheetDetail = (id: string, enabled = true) => useQuery({ ...sheetDetailQuery(id), enabled });

/** 新建成绩单: the list follows; the answer is the new sheet's detail and what the server says (who was left out). */
export function useCreateSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SheetCreateInput) => {
      const body = await request<SheetDetail>({ method: 'post', url: PRACTICE_SCORE_URL.create, data: input });
      return { sheet: body.result, message: body.message };
    },
    onSuccess: ({ sheet }) => {
      client.setQueryData(sheetDetailKey(sheet.id), sheet);
      return client.invalidateQueries({ queryKey: [...SHEETS_KEY, 'list'] });
    },
  });
}

/**
 * Saves draft cells. Silent: the grid shows 保存失败 beside the sheet and keeps the cells to send again,
 * so a failed save is never a toast per keystroke.
 */
export const saveCells = (id: string, cells: CellInput[]) => http.put<{ savedAt: string; saved: number }>(PRACTICE_SCORE_URL.cells(id), { cells }, { silent: true });

/** 提交 and 重新开放 answer the sheet as it now is: the detail takes it, the list follows. */
function useSheetAction<Input>(mutationFn: (input: Input) => Promise<SheetDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (sheet) => client.setQueryData(sheetDetailKey(sheet.id), sheet),
    onSettled: () => client.invalidateQueries({ queryKey: [...SHEETS_KEY, 'list'] }),
  });
}
export const useSubmitSheet = () => useSheetAction((id: string) => http.post<SheetDetail>(PRACTICE_SCORE_URL.submit(id)));
export const useReopenSheet = () => useSheetAction(({ id, reason }: { id: string; reason: string }) => http.post<SheetDetail>(PRACTICE_SCORE_URL.reopen(id), { reason }));

/** The sheet as Excel (marks as written, the summary below), saved as <class>《<course>》成绩.xlsx. */
export async function exportSheet(sheet: SheetDetail) {
  const response = await api.get<Blob>(PRACTICE_SCORE_URL.exportXls(sheet.id), { responseType: 'blob' });
  saveFile(response.data, `${sheet.className}《${sheet.courseName}》成绩_${sheet.term}.xlsx`);
}

/** The sheet's 成绩登记表 (count per grade, signature lines), as a PDF to print or as .xlsx. */
export const downloadSheetRegister = (sheet: SheetDetail, format: RegisterFormat) =>
  downloadFile(PRACTICE_SCORE_URL.register(sheet.id), { format }, `${sheet.className}《${sheet.courseName}》成绩登记表.${format}`);
