import { useQuery } from '@tanstack/react-query';
import type { AdviserStats, PlacementStats, StatsProgram, WarningStats, WeeklyStats } from '@contract/internship-warning.ts';
import { api, http } from '@/lib/api-client.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';

const KEY = 'internship-stats';

export function useStatsPrograms() {
  return useQuery({ queryKey: [KEY, 'programs'], queryFn: () => http.get<StatsProgram[]>('/internship/stats/programs') });
}

export function usePlacementStats(programId: string | undefined) {
  return useQuery({ queryKey: [KEY, 'placements', programId], queryFn: () => http.get<PlacementStats>('/internship/stats/placements', { programId }), enabled: Boolean(programId) });
}

export function useWeeklyStats(programId: string | undefined) {
  return useQuery({ queryKey: [KEY, 'weekly', programId], queryFn: () => http.get<WeeklyStats>('/internship/stats/weekly', { programId }), enabled: Boolean(programId) });
}

export function useAdviserStats(programId: string | undefined) {
  return useQuery({ queryKey: [KEY, 'advisers', programId], queryFn: () => http.get<AdviserStats>('/internship/stats/advisers', { programId }), enabled: Boolean(programId) });
}

export function useWarningStats(programId: string | undefined) {
  return useQuery({ queryKey: [KEY, 'warnings', programId], queryFn: () => http.get<WarningStats>('/internship/stats/warnings', { programId }), enabled: Boolean(programId) });
}

export type StatsTable = 'depart' | 'class' | 'weekly' | 'adviser';
const TABLE_NAMES: Record<StatsTable, string> = { depart: '按院系统计', class: '按班级统计', weekly: '周记统计', adviser: '按指导教师统计' };

/** One of the statistics' tables as .xlsx. */
export async function exportStats(program: StatsProgram, table: StatsTable) {
  const response = await api.get<Blob>('/internship/stats/exportXls', { params: { programId: program.id, table }, responseType: 'blob' });
  saveFile(response.data, `${program.name}${TABLE_NAMES[table]}.xlsx`);
}
