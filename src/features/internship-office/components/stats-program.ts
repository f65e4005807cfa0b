import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StatsProgram } from '@contract/internship-warning.ts';
import type { PageChoice } from '@/components/page-choices/page-choice.ts';
import { exportStats, useAdviserStats, usePlacementStats, useStatsPrograms, useWarningStats, useWeeklyStats, type StatsTable } from '../api/stats-api.ts';
import { useStatsReport } from './stats-report.ts';

/** The page's tabs: 实习概况 (a program's figures) and 统计报表 (across programs and years), kept in the address (?view=report). */
export type StatsView = 'overview' | 'report';

function withProgram(params: URLSearchParams, id: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('programId', id);
  return next;
}

/**
 * The program the statistics show: the address's programId, else the first running one, else the newest.
 * The address always names it, so Back, a kept tab and a shared link show the program that was shown.
 */
export function useChosenProgram() {
  const programs = useStatsPrograms();
  const [params, setParams] = useSearchParams();
  const list = programs.data ?? [];
  const asked = params.get('programId');
  const program: StatsProgram | undefined = list.find((p) => p.id === asked) ?? list.find((p) => p.status === 'running') ?? list[0];
  const choose = (id: string) => setParams((current) => withProgram(current, id));
  const shown = program?.id;
  useEffect(() => {
    if (shown && shown !== asked) setParams((current) => withProgram(current, shown), { replace: true });
  }, [shown, asked, setParams]);
  return { programs, program, choose };
}

/** The page's hook (components/device-page.tsx): the tab shown; the program shown, its figures, and the table being exported; the report. */
export function useStatsPage() {
  const chosen = useChosenProgram();
  const [params, setParams] = useSearchParams();
  const view: StatsView = params.get('view') === 'report' ? 'report' : 'overview';
  // The overview's figures are asked for while it is shown.
  const id = view === 'overview' ? chosen.program?.id : undefined;
  const report = useStatsReport(chosen.programs.data ?? [], view === 'report');
  const [exporting, setExporting] = useState<StatsTable | null>(null);
  const programChoice: PageChoice = {
    id: 'stats-program',
    label: '实习计划',
    placeholder: '请选择实习计划',
    options: (chosen.programs.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    value: chosen.program?.id,
    onChange: (next) => {
      if (next) chosen.choose(next);
    },
    loading: chosen.programs.isPending,
    width: 260,
  };
  return {
    state: {
      ...chosen,
      view,
      setView: (next: StatsView) =>
        setParams((current) => {
          const changed = new URLSearchParams(current);
          if (next === 'report') changed.set('view', next);
          else changed.delete('view');
          return changed;
        }),
      report,
      programChoice,
      placements: usePlacementStats(id),
      weekly: useWeeklyStats(id),
      warnings: useWarningStats(id),
      advisers: useAdviserStats(id),
      exporting,
      exportTable: async (program: StatsProgram, table: StatsTable) => {
        setExporting(table);
        try {
          await exportStats(program, table);
        } catch {
          // The client has shown why.
        } finally {
          setExporting(null);
        }
      },
    },
  };
}

export type StatsPageState = ReturnType<typeof useStatsPage>['state'];
