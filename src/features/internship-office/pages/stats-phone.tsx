import { Tabs } from 'antd-mobile';
import type { StatsProgram } from '@contract/internship-warning.ts';
import { PageChoicesPhone } from '@/components/page-choices/page-choices-phone.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { StatFiguresPhone } from '@/components/stat-figures/stat-figures-phone.tsx';
import { phoneSections } from '../components/stats-links.ts';
import type { StatsPageState, StatsView } from '../components/stats-program.ts';
import { StatsReportPhone } from './stats-report-phone.tsx';
import '../stats.css';

function Figures({ state, program }: { state: StatsPageState; program: StatsProgram }) {
  const { placements, warnings } = state;
  const stats = placements.data;
  return (
    <PhoneListState pending={placements.isPending} failed={placements.isError} empty={!stats} emptyTitle="暂无数据" emptyDescription="">
      {stats && phoneSections(program.id, stats, warnings.data, state.weekly.data, state.advisers.data).map((section) => <StatFiguresPhone key={section.header} {...section} />)}
    </PhoneListState>
  );
}

/** 实习统计 on the phone: the same figures as a plain list (no charts), each leading to its list; 统计报表 in the second tab. */
export default function StatsPhone({ state }: { state: StatsPageState }) {
  const { programs, program } = state;
  return (
    <Tabs activeKey={state.view} onChange={(key) => state.setView(key as StatsView)}>
      <Tabs.Tab title="实习概况" key="overview">
        <div className="stats-phone">
          <PageChoicesPhone className="stats-phone__program" choices={[state.programChoice]} />
          {program ? (
            <Figures key={program.id} state={state} program={program} />
          ) : (
            <PhoneListState pending={programs.isPending} failed={programs.isError} empty emptyTitle="暂无实习计划" emptyDescription="">
              {null}
            </PhoneListState>
          )}
        </div>
      </Tabs.Tab>
      <Tabs.Tab title="统计报表" key="report">
        <StatsReportPhone report={state.report} />
      </Tabs.Tab>
    </Tabs>
  );
}
