import { useState } from 'react';
import { schoolToday } from '@contract/internship.ts';
import { NATIONAL_MAP, REPORT_KINDS, REPORT_KIND_KEYS, REPORT_PERMISSIONS, monthLabel, reportMonths, type ReportKind } from '@contract/internship-report.ts';
import type { PageChoice } from '@/components/page-choices/page-choice.ts';
import { useAddressParams } from '@/hooks/use-address-params.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { exportReport, useReportOptions, useReportSettings } from '../api/report-api.ts';

/**
 * The page's hook (components/device-page.tsx): the program, the report (实习计划 or a month's 月度实习情况) and the
 * column map in the address, 导出; and, for whoever keeps them on a computer, the codes and column maps in force.
 */
export function useReportPage(device: Device) {
  const [params, update] = useAddressParams();
  const options = useReportOptions();
  const programs = options.data?.programs ?? [];
  const maps = options.data?.maps ?? [NATIONAL_MAP];
  const program = programs.find((p) => p.value === params.get('programId')) ?? programs[0];
  const kind: ReportKind = params.get('kind') === 'monthly' ? 'monthly' : 'plan';
  const months = program ? reportMonths(program.startDate, program.endDate, schoolToday()) : [];
  const month = months.find((m) => m === params.get('month')) ?? months[0];
  const map = maps.find((m) => m === params.get('map')) ?? NATIONAL_MAP;
  const canSet = usePermission(REPORT_PERMISSIONS.setting);
  // The phone only exports: the settings are edited in tables made for a computer.
  const settings = useReportSettings(canSet && device !== 'phone');
  const [exporting, setExporting] = useState(false);

  const choices: PageChoice[] = [
    {
      id: 'report-program',
      label: '实习计划',
      placeholder: '请选择实习计划',
      options: programs,
      value: program?.value,
      onChange: (id) => id && update({ programId: id, month: undefined }),
      loading: options.isPending,
      width: 220,
    },
    {
      id: 'report-kind',
      label: '上报类型',
      placeholder: '请选择上报类型',
      options: REPORT_KIND_KEYS.map((k) => ({ value: k, label: REPORT_KINDS[k] })),
      value: kind,
      onChange: (value) => value && update({ kind: value === 'plan' ? undefined : value }),
      width: 140,
    },
    ...(kind === 'monthly'
      ? [{ id: 'report-month', label: '上报月份', placeholder: '暂无可上报的月份', options: months.map((m) => ({ value: m, label: monthLabel(m) })), value: month, onChange: (value?: string) => value && update({ month: value }), width: 130 }]
      : []),
    {
      id: 'report-map',
      label: '列映射',
      placeholder: '请选择列映射',
      options: maps.map((m) => ({ value: m, label: m })),
      value: map,
      onChange: (value) => value && update({ map: value === NATIONAL_MAP ? undefined : value }),
      loading: options.isPending,
      width: 110,
    },
  ];

  /** Why 导出 cannot be pressed now, or null. */
  const blocked = !program ? '请先选择实习计划' : kind === 'monthly' && !month ? '该实习计划尚未开始，暂无可上报的月份' : null;
  const exportNow = async () => {
    if (!program || blocked) return;
    setExporting(true);
    try {
      await exportReport({ programId: program.value, kind, map, ...(kind === 'monthly' ? { month } : {}) });
    } catch {
      // The client has shown why.
    } finally {
      setExporting(false);
    }
  };

  return {
    state: {
      options,
      /** Whom the viewer reports for: nothing while they manage no program. */
      empty: options.isSuccess && programs.length === 0,
      choices,
      kind,
      /** What the chosen export holds, in a line. */
      summary: kind === 'plan' ? '实习计划：该实习计划每个实习安排一行（含尚未落实单位的学生）' : `月度实习情况：${month ? monthLabel(month) : '所选月份'}在岗（实习中、当月结束或中止）的每个实习安排一行，含签到、请假、周记、月报与走访次数`,
      blocked,
      exporting,
      exportNow,
      canSet,
      settings,
    },
  };
}

export type ReportPageState = ReturnType<typeof useReportPage>['state'];
