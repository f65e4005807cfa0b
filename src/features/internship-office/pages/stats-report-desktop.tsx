import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Select, Space, Table, type TableColumnsType } from 'antd';
import { schoolClock } from '@contract/internship.ts';
import { RECORD_KINDS } from '@contract/records.ts';
import { REPORT_DIMENSION_LABELS, REPORT_TABLE_TITLES, RATE_KINDS, RATE_KIND_LABELS, rateColumns, type PlacementReport, type PlacementReportRow, type RateReport, type RateReportRow, type ReportTable } from '@contract/stats-report.ts';
import { PageChoices } from '@/components/page-choices/page-choices.tsx';
import { FigureLink } from '../components/stats-figure-link.tsx';
import { rateRowSearch, reportLink, reportRowSearch, reportTotalSearch } from '../components/stats-links.ts';
import type { StatsReportState } from '../components/stats-report.ts';

/** A count as its figure: a link to the placements it counts (none for a zero: nothing to list). */
const figure = (value: number, to: string | null, label: string) => <FigureLink value={value} to={value > 0 ? to : null} label={label} />;
const percentText = (value: number | null) => (value === null ? '—' : `${value}%`);
const PER: Record<string, string> = { day: '每日', week: '每周', month: '每月' };

type Row = PlacementReportRow & { isTotal?: true };

/** A placements table: the value, a column per program (when there are several), 合计 and 占比, then the 合计 row; each count a link. */
function PlacementTable({ report, loading }: { report: PlacementReport; loading: boolean }) {
  const { selection, dimension } = report;
  const several = selection.programs.length > 1;
  const searchOf = (row: Row) => (row.isTotal ? reportTotalSearch(dimension) : reportRowSearch(dimension, row.key));
  const total: Row = { key: null, label: '合计', byProgram: report.total.byProgram, total: report.total.total, share: report.total.total ? 100 : null, isTotal: true };
  const columns: TableColumnsType<Row> = [
    { key: 'label', title: REPORT_DIMENSION_LABELS[dimension], dataIndex: 'label', fixed: 'left', width: 220, render: (label: string, row) => (row.isTotal ? <strong>{label}</strong> : label) },
    ...(several
      ? selection.programs.map((program) => ({
          key: program.id,
          title: program.name,
          align: 'right' as const,
          width: 140,
          render: (_: unknown, row: Row) => figure(row.byProgram[program.id] ?? 0, reportLink(selection, program.id, searchOf(row)), `${row.label}${program.name}`),
        }))
      : []),
    { key: 'total', title: '合计', align: 'right', width: 100, render: (_: unknown, row) => figure(row.total, reportLink(selection, null, searchOf(row)), `${row.label}合计`) },
    { key: 'share', title: '占比', dataIndex: 'share', align: 'right', width: 90, render: percentText },
  ];
  return (
    <Table<Row>
      rowKey={(row) => (row.isTotal ? 'total' : (row.key ?? 'none'))}
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={report.rows.length ? [...report.rows, total] : []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '所选范围内暂无实习安排' }}
    />
  );
}

/** 院系提交与批阅: each department's placements (a link to them) and each kind's due, in, reviewed and rates, then 合计. */
function RateTable({ report, loading }: { report: RateReport; loading: boolean }) {
  const rows = report.rows.length ? [...report.rows, report.total] : [];
  const nameOf = (row: RateReportRow) => row.departName ?? '未分班';
  const columns: TableColumnsType<RateReportRow> = [
    { key: 'depart', title: '院系', fixed: 'left', width: 160, render: (_: unknown, row) => (row === report.total ? <strong>{nameOf(row)}</strong> : nameOf(row)) },
    ...rateColumns().map((column) => ({
      key: column.key,
      title: column.label.replace('(%)', ''),
      align: 'right' as const,
      width: column.kind ? 88 : 90,
      render: (_: unknown, row: RateReportRow) => {
        if (!column.kind || !column.field) {
          const search = rateRowSearch(row.departId, row === report.total);
          return figure(row.placements, search && reportLink(report.selection, null, search), `${nameOf(row)}实习安排`);
        }
        const value = row.kinds[column.kind][column.field];
        return column.field.endsWith('Rate') ? percentText(value) : value;
      },
    })),
  ];
  return (
    <Table<RateReportRow>
      rowKey={(row) => (row === report.total ? 'total' : (row.departId ?? 'none'))}
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '所选范围内暂无实习安排' }}
      title={() => `应交：${RATE_KINDS.map((kind) => `${RATE_KIND_LABELS[kind]}${PER[RECORD_KINDS[kind].period]}一篇`).join('、')}，按每名学生的实习起止日期计至今日；已批阅含退回。`}
    />
  );
}

/** The table, and (on paper) when its figures were read. */
function Sheet({ report: state }: { report: StatsReportState }) {
  const query = state.table === 'rates' ? state.rates : state.placements;
  if (query.isPending) return <Table size="small" loading columns={[]} dataSource={[]} />;
  if (!query.data) return <Empty description="统计加载失败，请稍后重试" />;
  return (
    <>
      {state.table === 'rates' ? (
        <RateTable report={state.rates.data!} loading={state.rates.isFetching} />
      ) : (
        <PlacementTable report={state.placements.data!} loading={state.placements.isFetching} />
      )}
      <p className="stats-report__printed">统计时间：{schoolClock(new Date(query.dataUpdatedAt)).slice(0, 16).replace('T', ' ')}</p>
    </>
  );
}

/**
 * 统计报表 on desktop and tablet: the years and programs, the table chosen, and the table with 导出 and 打印. Printed, the
 * page is the table under its heading, what it counts and when it was read (stats.css), its figures plain text.
 */
export function StatsReportDesktop({ report }: { report: StatsReportState }) {
  const title = REPORT_TABLE_TITLES[report.table];
  return (
    <div className="stats-report">
      <div className="stats-report__toolbar">
        <PageChoices className="stats-report__years" choices={report.yearChoices} />
        <label htmlFor="report-programs">实习计划</label>
        <Select
          id="report-programs"
          mode="multiple"
          allowClear
          style={{ minWidth: 320 }}
          maxTagCount="responsive"
          placeholder="所选年份的全部实习计划"
          options={report.programOptions}
          value={report.chosenPrograms}
          onChange={report.choosePrograms}
        />
      </div>
      <Segmented<ReportTable> className="stats-report__tables" aria-label="报表" options={report.tables} value={report.table} onChange={report.setTable} />
      <section className="stats__section stats-report__sheet" aria-labelledby="stats-report-title">
        <div className="stats__section-head">
          <div>
            <h2 id="stats-report-title" className="stats__section-title">
              {title}
            </h2>
            <p className="stats-report__scope">{report.scope}</p>
          </div>
          <Space className="stats-report__actions">
            <Button size="small" icon={<DownloadOutlined />} loading={report.exporting} onClick={() => void report.exportTable()}>
              导出
            </Button>
            <Button size="small" icon={<PrinterOutlined />} onClick={report.print}>
              打印
            </Button>
          </Space>
        </div>
        <Sheet report={report} />
      </section>
    </div>
  );
}
