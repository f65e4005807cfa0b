import { lazy, Suspense, type ReactNode } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Table, Tabs, type TableColumnsType } from 'antd';
import { ADVISER_STATS_COLUMNS, type AdviserStatsRow, type ClassPlacementCounts, type DepartPlacementCounts, type PlacementCounts, type StatsProgram } from '@contract/internship-warning.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PageChoices } from '@/components/page-choices/page-choices.tsx';
import { StatFigures } from '@/components/stat-figures/stat-figures.tsx';
import type { StatsTable } from '../api/stats-api.ts';
import { FIGURES, overviewFigures, placementsLink, warningFigures, warningsLink } from '../components/stats-links.ts';
import { FigureLink } from '../components/stats-figure-link.tsx';
import type { StatsPageState, StatsView } from '../components/stats-program.ts';
import { StatsReportDesktop } from './stats-report-desktop.tsx';
import '../stats.css';

const BarChart = lazy(() => import('../components/stats-charts.tsx'));

function ExportButton({ state, program, table }: { state: StatsPageState; program: StatsProgram; table: StatsTable }) {
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={state.exporting === table} onClick={() => void state.exportTable(program, table)}>
      导出
    </Button>
  );
}

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = `stats-${title}`;
  return (
    <section className="stats__section" aria-labelledby={id}>
      <div className="stats__section-head">
        <h2 id={id} className="stats__section-title">
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** A chart drawn once its code has come. */
const Chart = (props: Parameters<typeof BarChart>[0]) => (
  <Suspense fallback={<Spin />}>
    <BarChart {...props} />
  </Suspense>
);


function countColumns<T extends PlacementCounts>(program: StatsProgram, scope: (row: T) => { classId?: string | null; departId?: string | null; name: string }): TableColumnsType<T> {
  return FIGURES.map((figure) => ({
    key: figure.key,
    title: figure.label,
    dataIndex: figure.key,
    width: 100,
    align: 'right' as const,
    render: (value: number, row: T) => {
      const { classId, departId, name } = scope(row);
      return <FigureLink value={value} to={placementsLink(program.id, figure.key, { classId, departId })} label={`${name}${figure.label}`} />;
    },
  }));
}

function Figures({ state, program }: { state: StatsPageState; program: StatsProgram }) {
  const { placements, warnings } = state;
  const stats = placements.data;
  if (placements.isPending) return <Spin tip="加载中…"><div className="stats__section" style={{ minHeight: 120 }} /></Spin>;
  if (!stats) return <Empty description="统计加载失败，请稍后重试" />;

  const departColumns: TableColumnsType<DepartPlacementCounts> = [
    { key: 'depart', title: '院系', dataIndex: 'departName', width: 140, render: (name: string | null) => name ?? '未分班' },
    ...countColumns<DepartPlacementCounts>(program, (row) => ({ departId: row.departId, name: row.departName ?? '' })),
  ];
  const classColumns: TableColumnsType<ClassPlacementCounts> = [
    { key: 'depart', title: '院系', dataIndex: 'departName', width: 140 },
    { key: 'class', title: '班级', dataIndex: 'className', render: (name: string | null) => name ?? '未分班' },
    ...countColumns<ClassPlacementCounts>(program, (row) => ({ classId: row.classId, name: row.className ?? '' })),
    {
      key: 'warnings',
      title: '待处理预警',
      dataIndex: 'openWarnings',
      width: 110,
      align: 'right',
      render: (value: number, row) => <FigureLink value={value} to={warningsLink(program.id, { classId: row.classId })} label={`${row.className ?? ''}待处理预警`} />,
    },
  ];
  const weeks = state.weekly.data?.weeks ?? [];

  return (
    <>
      <StatFigures label="实习概况" figures={overviewFigures(program.id, stats, warnings.data?.open)} />
      <div className="stats__charts">
        <Section title="周记提交率与批阅率" extra={<ExportButton state={state} program={program} table="weekly" />}>
          {weeks.length === 0 ? (
            <Empty description="实习计划尚未开始" />
          ) : (
            <Chart
              label="周记提交率与批阅率"
              percent
              series={[
                { label: '提交率', tone: 'blue' },
                { label: '批阅率', tone: 'green' },
              ]}
              groups={weeks.map((w) => ({
                key: w.weekStart,
                label: `第${w.weekNo}周`,
                values: [w.submitRate, w.reviewRate],
                links: [warningsLink(program.id, { kind: 'no_weekly' }), warningsLink(program.id, { kind: 'review_overdue' })],
              }))}
            />
          )}
        </Section>
        <Section title="待处理预警">
          <Chart
            label="待处理预警"
            series={[{ label: '待处理', tone: 'red' }]}
            groups={warningFigures(program.id, warnings.data).map((figure) => ({ key: figure.key, label: figure.label, values: [figure.value ?? null], links: [figure.to ?? null] }))}
          />
        </Section>
        <Section title="各院系落实情况">
          <Chart
            label="各院系落实情况"
            series={[
              { label: '已落实单位', tone: 'green' },
              { label: '未落实单位', tone: 'orange' },
            ]}
            groups={stats.byDepart.map((d) => ({
              key: d.departId ?? 'none',
              label: d.departName ?? '未分班',
              values: [d.placed, d.unplaced],
              links: [placementsLink(program.id, 'placed', { departId: d.departId }), placementsLink(program.id, 'unplaced', { departId: d.departId })],
            }))}
          />
        </Section>
        <Section title="按院系统计" extra={<ExportButton state={state} program={program} table="depart" />}>
          <Table<DepartPlacementCounts> rowKey={(r) => r.departId ?? 'none'} size="small" columns={departColumns} dataSource={stats.byDepart} pagination={false} locale={{ emptyText: '暂无数据' }} />
        </Section>
      </div>
      <Section title="按班级统计" extra={<ExportButton state={state} program={program} table="class" />}>
        <Table<ClassPlacementCounts>
          rowKey={(r) => r.classId ?? 'none'}
          size="small"
          columns={classColumns}
          dataSource={stats.byClass}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 个班级` }}
          locale={{ emptyText: '暂无数据' }}
        />
      </Section>
      <AdviserTable state={state} program={program} />
    </>
  );
}

/** 按指导教师统计: each adviser's coverage of the program's contact minimum this month and their review rates. */
function AdviserTable({ state, program }: { state: StatsPageState; program: StatsProgram }) {
  const stats = state.advisers.data;
  const percentKeys: readonly string[] = ['coverage', 'reviewRate', 'timelyRate'];
  const columns: TableColumnsType<AdviserStatsRow> = ADVISER_STATS_COLUMNS.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.key === 'contacted' && stats ? `${stats.month}联系达标（每月 ${stats.required} 次）` : column.label,
    align: column.key === 'departName' || column.key === 'adviserName' ? undefined : ('right' as const),
    render: (value: string | number | null) => (value === null ? '—' : percentKeys.includes(column.key) ? `${value}%` : value),
  }));
  return (
    <Section title="按指导教师统计" extra={<ExportButton state={state} program={program} table="adviser" />}>
      <Table<AdviserStatsRow>
        rowKey="adviserUserId"
        size="small"
        loading={state.advisers.isPending}
        columns={columns}
        dataSource={stats?.advisers ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 位指导教师` }}
        locale={{ emptyText: state.advisers.isError ? '加载失败，请稍后重试' : '暂无数据' }}
      />
    </Section>
  );
}

/**
 * 实习统计 on desktop and tablet, in two tabs: 实习概况, a program's figures as cards, charts (loaded apart) and tables;
 * 统计报表, the tables across programs and years (stats-report-desktop.tsx). Each figure is a link to its list.
 */
export default function StatsDesktop({ state }: { state: StatsPageState }) {
  const { programs, program } = state;
  return (
    <AntdProvider>
      <Tabs
        className="stats-tabs"
        activeKey={state.view}
        onChange={(key) => state.setView(key as StatsView)}
        items={[
          {
            key: 'overview',
            label: '实习概况',
            children: (
              <div className="stats">
                <PageChoices className="stats__toolbar" choices={[state.programChoice]} />
                {program ? <Figures key={program.id} state={state} program={program} /> : !programs.isPending && <Empty description={programs.isError ? '加载失败，请稍后重试' : '暂无实习计划'} />}
              </div>
            ),
          },
          { key: 'report', label: '统计报表', children: <StatsReportDesktop report={state.report} /> },
        ]}
      />
    </AntdProvider>
  );
}
