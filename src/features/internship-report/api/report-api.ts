import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_URL, type CodeSettings, type ColumnMap, type ReportExportQuery, type ReportOptions, type ReportSettings } from '@contract/internship-report.ts';
import { downloadFile } from '@/components/download/download.ts';
import { http, request } from '@/lib/api-client.ts';

const OPTIONS_KEY = ['internship', 'reporting', 'options'] as const;
const SETTINGS_KEY = ['internship', 'reporting', 'settings'] as const;

/** The programs the viewer may report and the column maps' names. */
export const reportOptionsQuery = () => queryOptions({ queryKey: OPTIONS_KEY, queryFn: () => http.get<ReportOptions>(REPORT_URL.options) });
export const useReportOptions = () => useQuery(reportOptionsQuery());

/** 编码字典 and 省份列映射 in force (the office's). */
export const reportSettingsQuery = () => queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => http.get<ReportSettings>(REPORT_URL.settings) });
export const useReportSettings = (enabled: boolean) => useQuery({ ...reportSettingsQuery(), enabled });

/** A saved setting answers with the settings in force; the maps' names feed the export's choices. */
function useSaveSetting<T>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => request<ReportSettings>({ method: 'put', url, data: body }),
    onSuccess: (answer) => {
      client.setQueryData(SETTINGS_KEY, answer.result);
      void client.invalidateQueries({ queryKey: OPTIONS_KEY });
    },
  });
}
export const useSaveCodes = () => useSaveSetting<{ codes: CodeSettings }>(REPORT_URL.codes);
export const useSaveColumnMaps = () => useSaveSetting<{ maps: ColumnMap[] }>(REPORT_URL.columnMaps);

export const exportReport = (query: ReportExportQuery) => downloadFile(REPORT_URL.exportXls, { ...query }, '实习上报.xlsx');
