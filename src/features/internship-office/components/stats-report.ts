import { useEffect, useState } from 'react';
import { PLACEMENT_REFS } from '@contract/internship-placement.ts';
import type { StatsProgram } from '@contract/internship-warning.ts';
import { REPORT_TABLES, REPORT_TABLE_TITLES, isReportTable, programYear, selectionText, type ReportQuery, type ReportTable } from '@contract/stats-report.ts';
import type { PageChoice } from '@/components/page-choices/page-choice.ts';
import { rememberRefLabel } from '@/components/resource/ref-api.ts';
import { useAddressParams } from '@/hooks/use-address-params.ts';
import { exportReport, usePlacementReport, useRateReport } from '../api/stats-report-api.ts';

/** The year a report opens on: the year of the program 实习统计 opens on (the first running one, else the newest). */
const defaultYear = (programs: readonly StatsProgram[]) => {
  const shown = programs.find((p) => p.status === 'running') ?? programs[0];
  return shown ? programYear(shown) : undefined;
};

const yearOption = (year: number) => ({ value: String(year), label: `${year}年` });

/**
 * 统计报表, the second tab of 实习统计 (contract/stats-report.ts): the years, the programs (none chosen: every one of
 * the years) and the table, all kept in the address (?view=report&table=unit&yearFrom=2025&yearTo=2026&programIds=…);
 * the table asked for, its export and its printing. `programs` are 实习统计's (those in reach); `active` while the
 * tab is shown, so the overview alone asks nothing of the report.
 */
export function useStatsReport(programs: readonly StatsProgram[], active: boolean) {
  const [params, update] = useAddressParams();
  const asked = params.get('table');
  const table: ReportTable = isReportTable(asked) ? asked : 'major';
  const years = [...new Set(programs.map(programYear))].sort((a, b) => b - a);
  const fallback = defaultYear(programs);
  const yearParam = (name: string) => {
    const value = Number(params.get(name));
    return years.includes(value) ? value : fallback;
  };
  const yearFrom = yearParam('yearFrom');
  const yearTo = Math.max(yearParam('yearTo') ?? 0, yearFrom ?? 0) || undefined;
  const inYears = programs.filter((p) => yearFrom !== undefined && yearTo !== undefined && programYear(p) >= yearFrom && programYear(p) <= yearTo);
  // Only the programs of the years count as chosen: a year changed leaves the others out.
  const chosen = (params.get('programIds') ?? '').split(',').filter((id) => inYears.some((p) => p.id === id));
  const query: ReportQuery = { yearFrom, yearTo, programIds: chosen.length ? chosen.join(',') : undefined };
  const ready = active && yearFrom !== undefined;
  const placements = usePlacementReport(query, table === 'rates' ? 'major' : table, ready && table !== 'rates');
  const rates = useRateReport(query, ready && table === 'rates');
  const [exporting, setExporting] = useState(false);

  // The placements list's pickers name the 专业, unit or program a figure opens it with (they know only the ids).
  const report = placements.data;
  useEffect(() => {
    if (!report) return;
    for (const p of report.selection.programs) rememberRefLabel(PLACEMENT_REFS.program, p.id, p.name);
    const target = report.dimension === 'major' ? PLACEMENT_REFS.major : report.dimension === 'unit' ? PLACEMENT_REFS.unit : null;
    if (target) for (const row of report.rows) rememberRefLabel(target, row.key, row.label);
  }, [report]);

  const yearChoice = (id: string, label: string, value: number | undefined, key: 'yearFrom' | 'yearTo'): PageChoice => ({
    id,
    label,
    placeholder: '请选择年份',
    options: years.map(yearOption),
    value: value === undefined ? undefined : String(value),
    onChange: (next) => {
      if (!next) return;
      const year = Number(next);
      // The range stays a range: a start after the end moves the end, an end before the start the start.
      if (key === 'yearFrom') update({ yearFrom: next, yearTo: String(Math.max(year, yearTo ?? year)) });
      else update({ yearTo: next, yearFrom: String(Math.min(year, yearFrom ?? year)) });
    },
    width: 110,
  });
  const selection = (table === 'rates' ? rates.data : placements.data)?.selection;
  return {
    table,
    tables: REPORT_TABLES.map((value) => ({ value, label: REPORT_TABLE_TITLES[value] })),
    setTable: (next: ReportTable) => update({ table: next === 'major' ? undefined : next }),
    yearChoices: [yearChoice('report-year-from', '起始年份', yearFrom, 'yearFrom'), yearChoice('report-year-to', '截止年份', yearTo, 'yearTo')],
    /** The programs of the years to choose among, and those chosen (none: all of them). */
    programOptions: inYears.map((p) => ({ value: p.id, label: p.name })),
    chosenPrograms: chosen,
    choosePrograms: (ids: string[]) => update({ programIds: ids.length ? ids.join(',') : undefined }),
    placements,
    rates,
    /** What the table counts, in words (its heading's line, on paper too). */
    scope: selection ? selectionText(selection) : '',
    exporting,
    exportTable: async () => {
      setExporting(true);
      try {
        await exportReport(query, table);
      } catch {
        // The client has shown why.
      } finally {
        setExporting(false);
      }
    },
    print: () => window.print(),
  };
}

export type StatsReportState = ReturnType<typeof useStatsReport>;
