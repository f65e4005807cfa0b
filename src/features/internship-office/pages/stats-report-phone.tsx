import { Button, List, Selector } from 'antd-mobile';
import { PageChoicesPhone } from '@/components/page-choices/page-choices-phone.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';
import { StatFiguresPhone } from '@/components/stat-figures/stat-figures-phone.tsx';
import { rateSection, reportSection } from '../components/stats-links.ts';
import type { StatsReportState } from '../components/stats-report.ts';

/** 统计报表 on the phone: the years, the programs and the table chosen, the table as a list of figures (each a tap to its placements), and 导出. */
export function StatsReportPhone({ report }: { report: StatsReportState }) {
  const rates = report.table === 'rates';
  const query = rates ? report.rates : report.placements;
  const section = rates ? report.rates.data && rateSection(report.rates.data) : report.placements.data && reportSection(report.placements.data);
  return (
    <div className="stats-report-phone">
      <PageChoicesPhone className="stats-report-phone__years" choices={report.yearChoices} />
      {report.programOptions.length > 1 && (
        <List header="实习计划（不选为全部）">
          <List.Item>
            <Selector columns={1} multiple options={report.programOptions} value={report.chosenPrograms} onChange={report.choosePrograms} />
          </List.Item>
        </List>
      )}
      <List header="报表">
        <List.Item>
          <SingleChoice columns={2} options={report.tables} value={report.table} onChange={(table) => table && report.setTable(table)} />
        </List.Item>
      </List>
      <p className="stats-report-phone__scope">{report.scope}</p>
      <PhoneListState pending={query.isPending} failed={query.isError} empty={!section?.figures.length} emptyTitle="所选范围内暂无实习安排" emptyDescription="">
        {section && <StatFiguresPhone {...section} />}
      </PhoneListState>
      <div className="stats-report-phone__export">
        <Button block loading={report.exporting} onClick={() => void report.exportTable()}>
          导出Excel
        </Button>
      </div>
    </div>
  );
}
