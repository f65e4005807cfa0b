import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { StatsProgram } from '@contract/internship-warning.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { formatCount } from '@/lib/chart-scale.ts';
import { overviewFigures, placementsLink, warningFigures, warningsLink, type FigureLink } from '../components/stats-links.ts';
import type { StatsPageState } from '../components/stats-program.ts';
import '../stats.css';

const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A row of the phone's figures: what it counts, the figure at the right, a tap to the list behind it. */
function FigureItem({ to, value, description, children }: { to: string; value: ReactNode; description?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <List.Item onClick={() => navigate(to)} description={description} extra={<span className="stats-phone__value">{value}</span>}>
      {children}
    </List.Item>
  );
}

const figureItems = (figures: FigureLink[]) =>
  figures.map((f) => (
    <FigureItem key={f.key} to={f.to} value={formatCount(f.value)}>
      {f.label}
    </FigureItem>
  ));

function Figures({ state, program }: { state: StatsPageState; program: StatsProgram }) {
  const { placements, warnings } = state;
  const stats = placements.data;
  return (
    <PhoneListState pending={placements.isPending} failed={placements.isError} empty={!stats} emptyTitle="暂无数据" emptyDescription="">
      {stats && (
        <>
          <List header="实习概况">{figureItems(overviewFigures(program.id, stats, warnings.data?.open))}</List>
          <List header="待处理预警">{figureItems(warningFigures(program.id, warnings.data))}</List>
          <List header="周记提交与批阅">
            {(state.weekly.data?.weeks ?? []).map((w) => (
              <FigureItem
                key={w.weekStart}
                to={warningsLink(program.id, { kind: 'no_weekly' })}
                description={`应交 ${w.expected} · 已交 ${w.submitted} · 已批阅 ${w.reviewed}`}
                value={`提交率 ${rate(w.submitRate)} · 批阅率 ${rate(w.reviewRate)}`}
              >
                第{w.weekNo}周
              </FigureItem>
            ))}
          </List>
          <List header="按院系">
            {stats.byDepart.map((d) => (
              <FigureItem
                key={d.departId ?? 'none'}
                to={placementsLink(program.id, 'total', { departId: d.departId })}
                description={`已落实 ${d.placed} · 未落实 ${d.unplaced} · 实习中 ${d.active} · 已结束 ${d.ended}`}
                value={`${d.total} 人`}
              >
                {d.departName ?? '未分班'}
              </FigureItem>
            ))}
          </List>
          <List header="按班级">
            {stats.byClass.map((c) => (
              <FigureItem
                key={c.classId ?? 'none'}
                to={placementsLink(program.id, c.unplaced > 0 ? 'unplaced' : 'total', { classId: c.classId })}
                description={`已落实 ${c.placed} · 未落实 ${c.unplaced} · 实习中 ${c.active} · 已结束 ${c.ended} · 预警 ${c.openWarnings}`}
                value={`${c.total} 人`}
              >
                {c.className ?? '未分班'}
              </FigureItem>
            ))}
          </List>
        </>
      )}
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
