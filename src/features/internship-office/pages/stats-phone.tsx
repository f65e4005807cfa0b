import type { StatsProgram } from '@contract/internship-warning.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { StatFiguresPhone } from '@/components/stat-figures/stat-figures-phone.tsx';
import { phoneSections } from '../components/stats-links.ts';
import type { StatsPageState } from '../components/stats-program.ts';
import '../stats.css';

function Figures({ state, program }: { state: StatsPageState; program: StatsProgram }) {
  const { placements, warnings } = state;
  const stats = placements.data;
  return (
    <PhoneListState pending={placements.isPending} failed={placements.isError} empty={!stats} emptyTitle="暂无数据" emptyDescription="">
      {stats && phoneSections(program.id, stats, warnings.data, state.weekly.data).map((section) => <StatFiguresPhone key={section.header} {...section} />)}
    </PhoneListState>
  );
}

/** 实习统计 on the phone: the same figures as a plain list (no charts), each leading to its list. */
export default function StatsPhone({ state }: { state: StatsPageState }) {
  const { programs, program, choose } = state;
  return (
    <div className="stats-phone">
      <div className="stats-phone__program">
        <label>
          实习计划{' '}
          <select value={program?.id ?? ''} onChange={(event) => choose(event.target.value)} disabled={!programs.data?.length}>
            {(programs.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {program ? (
        <Figures key={program.id} state={state} program={program} />
      ) : (
        <PhoneListState pending={programs.isPending} failed={programs.isError} empty emptyTitle="暂无实习计划" emptyDescription="">
          {null}
        </PhoneListState>
      )}
    </div>
  );
}
