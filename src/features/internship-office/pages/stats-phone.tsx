import { List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { WARNING_KIND_LABELS, type StatsProgram } from '@contract/internship-warning.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { formatCount } from '@/lib/chart-scale.ts';
import { usePlacementStats, useWarningStats, useWeeklyStats } from '../api/stats-api.ts';
import { FIGURES, placementsLink, warningsLink } from '../components/stats-links.ts';
import { useChosenProgram } from '../components/stats-program.ts';
import '../stats.css';

const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

function Figures({ program }: { program: StatsProgram }) {
  const navigate = useNavigate();
  const placements = usePlacementStats(program.id);
  const weekly = useWeeklyStats(program.id);
  const warnings = useWarningStats(program.id);
  const stats = placements.data;
  return (
    <PhoneListState pending={placements.isPending} failed={placements.isError} empty={!stats} emptyTitle="暂无数据" emptyDescription="">
      {stats && (
        <>
          <List header="实习概况">
            {FIGURES.map((f) => (
              <List.Item key={f.key} onClick={() => navigate(placementsLink(program.id, f.key))} extra={<span className="stats-phone__value">{formatCount(stats.total[f.key])}</span>}>
                {f.label}
              </List.Item>
            ))}
            <List.Item onClick={() => navigate(warningsLink(program.id))} extra={<span className="stats-phone__value">{formatCount(warnings.data?.open)}</span>}>
              待处理预警
            </List.Item>
          </List>
          <List header="待处理预警">
            {(warnings.data?.byKind ?? []).map((k) => (
              <List.Item key={k.kind} onClick={() => navigate(warningsLink(program.id, { kind: k.kind }))} extra={<span className="stats-phone__value">{formatCount(k.open)}</span>}>
                {WARNING_KIND_LABELS[k.kind]}
              </List.Item>
            ))}
          </List>
          <List header="周记提交与批阅">
            {(weekly.data?.weeks ?? []).map((w) => (
              <List.Item
                key={w.weekStart}
                onClick={() => navigate(warningsLink(program.id, { kind: 'no_weekly' }))}
                description={`应交 ${w.expected} · 已交 ${w.submitted} · 已批阅 ${w.reviewed}`}
                extra={<span className="stats-phone__value">{`提交率 ${rate(w.submitRate)} · 批阅率 ${rate(w.reviewRate)}`}</span>}
              >
                第{w.weekNo}周
              </List.Item>
            ))}
          </List>
          <List header="按院系">
            {stats.byDepart.map((d) => (
              <List.Item
                key={d.departId ?? 'none'}
                onClick={() => navigate(placementsLink(program.id, 'total', { departId: d.departId }))}
                description={`已落实 ${d.placed} · 未落实 ${d.unplaced} · 实习中 ${d.active} · 已结束 ${d.ended}`}
                extra={<span className="stats-phone__value">{d.total} 人</span>}
              >
                {d.departName ?? '未分班'}
              </List.Item>
            ))}
          </List>
          <List header="按班级">
            {stats.byClass.map((c) => (
              <List.Item
                key={c.classId ?? 'none'}
                onClick={() => navigate(placementsLink(program.id, c.unplaced > 0 ? 'unplaced' : 'total', { classId: c.classId }))}
                description={`已落实 ${c.placed} · 未落实 ${c.unplaced} · 实习中 ${c.active} · 已结束 ${c.ended} · 预警 ${c.openWarnings}`}
                extra={<span className="stats-phone__value">{c.total} 人</span>}
              >
                {c.className ?? '未分班'}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </PhoneListState>
  );
}

/** 实习统计 on the phone: the same figures as a plain list (no charts), each leading to its list. */
export default function StatsPhone() {
  const { programs, program, choose } = useChosenProgram();
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
        <Figures key={program.id} program={program} />
      ) : (
        <PhoneListState pending={programs.isPending} failed={programs.isError} empty emptyTitle="暂无实习计划" emptyDescription="">
          {null}
        </PhoneListState>
      )}
    </div>
  );
}
