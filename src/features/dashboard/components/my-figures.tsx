import type { ReactNode } from 'react';
import type { MyDashboard, PlacementFigures } from '@contract/dashboard.ts';
import { ENROLMENT_STATUS_LABELS, RECORD_PERMISSIONS } from '@contract/internship.ts';
import { VISIT_STATS_PERMISSION } from '@contract/log.ts';
import { PageLink } from '@/components/page-link.tsx';
import { paths } from '@/config/paths.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { formatDate, formatDateField } from '@/lib/format.ts';
import { useSession } from '@/lib/session-store.ts';
import { useMyDashboard } from '../api/get-my-dashboard.ts';
import './dashboard.css';

/** Rows of a student table before "还有 n 人". */
const SHOWN = 10;

interface Figure {
  label: string;
  value: ReactNode;
  hint?: string;
  warn?: boolean;
}

/** A row of small figures (plain markup: the phone shows them too). */
function Figures({ label, items }: { label: string; items: Figure[] }) {
  return (
    <ul className="my-figures" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className={item.warn ? 'my-figure my-figure--warn' : 'my-figure'}>
          <span className="my-figure__label">{item.label}</span>
          <strong className="my-figure__value">{item.value}</strong>
          {item.hint && <span className="my-figure__hint">{item.hint}</span>}
        </li>
      ))}
    </ul>
  );
}

const score = (value: number | null) => (value === null ? '—' : String(value));
const sum = (rows: readonly PlacementFigures[], key: 'written' | 'waiting' | 'returned' | 'missed') => rows.reduce((total, row) => total + row[key], 0);
const period = (p: PlacementFigures) => `${formatDateField(p.startDate)} 至 ${formatDateField(p.endDate)}`;
const weekText = (p: PlacementFigures) => (p.currentWeek ? `第${p.currentWeek}周 / 共${p.totalWeeks}周` : `共${p.totalWeeks}周`);

function Section({ id, title, link, children }: { id: string; title: string; link?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="dashboard-card" aria-labelledby={id}>
      <div className="dashboard-card__head">
        <h2 id={id} className="dashboard-card__title">
          {title}
        </h2>
        {link && (
          <PageLink to={link.to} className="home-box__more">
            {link.label}
          </PageLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** A student's placement: where, with whom, and how the weekly summaries stand. */
function MyPlacement({ placement: p }: { placement: PlacementFigures }) {
  return (
    <article className="my-placement" aria-label={p.programName}>
      <h3 className="my-placement__title">
        {p.programName}
        <span className={`my-placement__status my-placement__status--${p.status}`}>{ENROLMENT_STATUS_LABELS[p.status]}</span>
      </h3>
      <dl className="my-placement__facts">
        <div>
          <dt>实习单位</dt>
          <dd>{[p.unitName, p.post].filter(Boolean).join(' · ') || '—'}</dd>
        </div>
        <div>
          <dt>指导教师</dt>
          <dd>{p.adviserName ?? '—'}</dd>
        </div>
        <div>
          <dt>企业导师</dt>
          <dd>{p.mentorName ?? '—'}</dd>
        </div>
        <div>
          <dt>实习时间</dt>
          <dd>
            {period(p)}（{weekText(p)}）
          </dd>
        </div>
      </dl>
      <Figures
        label={`${p.programName}的周记`}
        items={[
          { label: '已交周记', value: `${p.written}篇`, hint: p.requiredCount ? `至少${p.requiredCount}篇` : undefined },
          { label: '剩余周数', value: `${p.weeksLeft}周` },
          { label: '已退回', value: `${p.returned}篇`, hint: p.returned ? '修改后请重新提交' : undefined, warn: p.returned > 0 },
          { label: '往周未交', value: `${p.missed}篇`, warn: p.missed > 0 },
          { label: '平均分', value: score(p.averageScore), hint: p.latestScore === null ? '尚无批阅成绩' : `最近一次 ${p.latestScore}分` },
        ]}
      />
    </article>
  );
}

function StudentPart({ placements }: { placements: PlacementFigures[] }) {
  return (
    <Section id="my-internship" title="我的实习" link={{ to: paths.myWeekly, label: '去写周记' }}>
      {placements.length === 0 ? <p className="dashboard-card__empty">暂无实习安排</p> : placements.map((p) => <MyPlacement key={p.enrolmentId} placement={p} />)}
    </Section>
  );
}

/** Students of an adviser or a mentor, those needing attention first (the server's order). */
function StudentTable({ label, rows, unitColumn }: { label: string; rows: PlacementFigures[]; unitColumn: 'unit' | 'post' }) {
  const shown = rows.slice(0, SHOWN);
  return (
    <>
      <table className="dashboard-table my-students" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">学生</th>
            <th scope="col" className="my-students__wide">
              {unitColumn === 'unit' ? '实习单位' : '岗位'}
            </th>
            <th scope="col" className="my-students__wide">
              周次
            </th>
            <th scope="col">已交</th>
            <th scope="col">待批阅</th>
            <th scope="col">未交</th>
            <th scope="col">平均分</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={p.enrolmentId}>
              <th scope="row">{p.studentName}</th>
              <td className="my-students__wide">{(unitColumn === 'unit' ? p.unitName : p.post) ?? '—'}</td>
              <td className="my-students__wide">{p.status === 'active' ? weekText(p) : ENROLMENT_STATUS_LABELS[p.status]}</td>
              <td>{p.written}</td>
              <td>{p.waiting}</td>
              <td className={p.missed ? 'my-students__warn' : undefined}>{p.missed}</td>
              <td>{score(p.averageScore)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length && <p className="my-students__more">还有 {rows.length - shown.length} 名学生未列出</p>}
    </>
  );
}

function AdviserPart({ placements }: { placements: PlacementFigures[] }) {
  const waiting = sum(placements, 'waiting');
  const oldest = placements.map((p) => p.oldestWaitingAt).filter((at): at is string => at !== null).sort()[0];
  return (
    <Section id="my-advisees" title="我指导的学生" link={{ to: paths.recordReview, label: '去批阅' }}>
      {placements.length === 0 ? (
        <p className="dashboard-card__empty">暂无指导的学生</p>
      ) : (
        <>
          <Figures
            label="我指导的学生概况"
            items={[
              { label: '学生', value: `${placements.length}人`, hint: `实习中 ${placements.filter((p) => p.status === 'active').length}人` },
              { label: '待批阅', value: `${waiting}篇`, hint: oldest ? `最早提交于 ${formatDate(oldest, 'MM-DD HH:mm')}` : undefined, warn: waiting > 0 },
              { label: '待学生修改', value: `${sum(placements, 'returned')}篇` },
              { label: '往周未交', value: `${sum(placements, 'missed')}篇`, warn: sum(placements, 'missed') > 0 },
            ]}
          />
          <StudentTable label="我指导的学生" rows={placements} unitColumn="unit" />
        </>
      )}
    </Section>
  );
}

function MentorPart({ placements }: { placements: PlacementFigures[] }) {
  return (
    <Section id="my-mentees" title="我带的实习生">
      {placements.length === 0 ? (
        <p className="dashboard-card__empty">暂无在本单位实习的学生</p>
      ) : (
        <>
          <Figures
            label="我带的实习生概况"
            items={[
              { label: '实习生', value: `${placements.length}人`, hint: `实习中 ${placements.filter((p) => p.status === 'active').length}人` },
              { label: '已交周记', value: `${sum(placements, 'written')}篇` },
              { label: '往周未交', value: `${sum(placements, 'missed')}篇`, warn: sum(placements, 'missed') > 0 },
            ]}
          />
          <StudentTable label="我带的实习生" rows={placements} unitColumn="post" />
        </>
      )}
    </Section>
  );
}

/** Which parts a person plays: a student or mentor by account type, an adviser by advisees or the review button rule. */
function partsOf(data: MyDashboard | undefined, yhlx: string | undefined, reviews: boolean, seesSchool: boolean) {
  return {
    student: yhlx === '1' || Boolean(data?.mine.length),
    adviser: Boolean(data?.advised.length) || (reviews && !seesSchool),
    mentor: yhlx === '2' || Boolean(data?.mentored.length),
  };
}

/**
 * 我的实习概况 on 工作台, the person's home: their own work — a student their placement and weeks, an
 * adviser their students and the reviews waiting, a mentor the students placed with them. Staff who
 * see the school-wide statistics get this only when they take part in a placement.
 */
export function MyFigures() {
  const { userInfo } = useSession();
  const seesSchool = usePermission(VISIT_STATS_PERMISSION);
  const reviews = usePermission(RECORD_PERMISSIONS.review);
  const { data, isError } = useMyDashboard();
  const parts = partsOf(data, userInfo?.yhlx, reviews, seesSchool);
  const expected = parts.student || parts.adviser || parts.mentor;

  if (!data) {
    if (!expected && seesSchool) return null;
    return (
      <section className="dashboard-card" aria-label="我的实习概况">
        {isError ? <p className="dashboard-card__error">实习概况加载失败</p> : <p className="dashboard-card__empty">正在加载…</p>}
      </section>
    );
  }
  if (!expected) {
    return seesSchool ? null : (
      <section className="dashboard-card" aria-label="我的实习概况">
        <p className="dashboard-card__empty">暂无与你相关的实习</p>
      </section>
    );
  }
  return (
    <>
      {parts.student && <StudentPart placements={data.mine} />}
      {parts.adviser && <AdviserPart placements={data.advised} />}
      {parts.mentor && <MentorPart placements={data.mentored} />}
    </>
  );
}
