import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_TABLE_TITLES, STATS_REPORT_URL, type PlacementReport, type RateReport, type ReportDimension, type ReportQuery, type ReportTable } from '@contract/stats-report.ts';
import { downloadFile } from '@/components/download/download.ts';
import { http } from '@/lib/api-client.ts';

const KEY = ['internship-stats', 'report'] as const;

/** A placements table of 统计报表: the selection's placements by a dimension, a column per program. */
export function usePlacementReport(query: ReportQuery, dimension: ReportDimension, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'placements', dimension, query],
    queryFn: () => http.get<PlacementReport>(STATS_REPORT_URL.placements, { ...query, dimension }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** 院系提交与批阅: each department's records due, submitted and reviewed. */
export function useRateReport(query: ReportQuery, enabled: boolean) {
  return useQuery({ queryKey: [...KEY, 'rates', query], queryFn: () => http.get<RateReport>(STATS_REPORT_URL.rates, { ...query }), enabled, placeholderData: keepPreviousData });
}

/** A table as .xlsx, named by the server (统计报表-按专业统计（2025-2026）.xlsx). */
export const exportReport = (query: ReportQuery, table: ReportTable) => downloadFile(STATS_REPORT_URL.exportXls, { ...query, table }, `统计报表-${REPORT_TABLE_TITLES[table]}.xlsx`);
