import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { MENTOR_ITEMS, MENTOR_ITEM_MAX, SCORE_COMPONENTS, SCORE_COMPONENT_LABELS, SCORE_STATUS_LABELS, type MentorItems } from '@contract/internship-score.ts';
import { RECORD_KINDS } from '@contract/records.ts';
import type { Database } from '../../db/database.ts';
import { internshipProgram, internshipRecord, internshipUnitPost } from '../../db/schema.ts';
import { heading, signatureBoxes, table, type Cell, type Pdf } from '../../lib/pdf.ts';
import { issueDocument, type IssuedDocument } from '../documents/issue.ts';
import { scoreOf, weightsOf, type ScoreSelected } from './queries.ts';

/**
 * 实习鉴定表 (issue 36): one page per student, from the score list, for one student or a whole class in one file:
 * the placement, what the student handed in against what the program asks, the mentor's items and comment, the
 * adviser's score and comment, the components with their weights, the total and grade, and the boxes for the
 * signatures and stamps.
 */

/** The reviewed kinds counted on the form, with the program's minimum of each. */
const COUNTED = [RECORD_KINDS.weekly, RECORD_KINDS.monthly, RECORD_KINDS.daily] as const;
/** Records that count as handed in: waiting for review or reviewed (not a draft, not returned). */
const HANDED_IN = ['submitted', 'reviewed'];

type Program = typeof internshipProgram.$inferSelect;

export interface AppraisalFacts {
  programs: Map<string, Program>;
  posts: Map<string, string>;
  /** Handed-in records by placement and kind, and the days with a check-in by placement. */
  handedIn: Map<string, number>;
  checkinDays: Map<string, number>;
}

/** What the form counts beside the score rows: the programs, posts, handed-in records and check-in days (plain data: a worker thread may lay it out). */
export async function appraisalFacts(db: Database, rows: readonly ScoreSelected[]): Promise<AppraisalFacts> {
  const ids = rows.map((r) => r.enrolment.id);
  const postIds = rows.flatMap((r) => (r.enrolment.postId ? [r.enrolment.postId] : []));
  const [programs, posts, records, checkins] = await Promise.all([
    db.select().from(internshipProgram).where(inArray(internshipProgram.id, [...new Set(rows.map((r) => r.enrolment.programId))])),
    postIds.length ? db.select({ id: internshipUnitPost.id, name: internshipUnitPost.name }).from(internshipUnitPost).where(inArray(internshipUnitPost.id, postIds)) : [],
    db
      .select({ enrolmentId: internshipRecord.enrolmentId, kind: internshipRecord.kind, n: count() })
      .from(internshipRecord)
      .where(and(inArray(internshipRecord.enrolmentId, ids), inArray(internshipRecord.kind, COUNTED.map((k) => k.kind)), inArray(internshipRecord.status, HANDED_IN)))
      .groupBy(internshipRecord.enrolmentId, internshipRecord.kind),
    db
      .select({ enrolmentId: internshipRecord.enrolmentId, days: countDistinct(internshipRecord.periodStart) })
      .from(internshipRecord)
      .where(and(inArray(internshipRecord.enrolmentId, ids), eq(internshipRecord.kind, RECORD_KINDS.checkin.kind), eq(internshipRecord.status, 'recorded')))
      .groupBy(internshipRecord.enrolmentId),
  ]);
  return {
    programs: new Map(programs.map((p) => [p.id, p])),
    posts: new Map(posts.map((p) => [p.id, p.name])),
    handedIn: new Map(records.map((r) => [`${r.enrolmentId}/${r.kind}`, Number(r.n)])),
    checkinDays: new Map(checkins.map((r) => [r.enrolmentId, Number(r.days)])),
  };
}

const label = (text: string, span = 1): Cell => ({ text, label: true, span });
const value = (text: string | number | null | undefined, span = 1, minHeight?: number): Cell => ({ text: text === null || text === undefined || text === '' ? '—' : String(text), span, minHeight });

function appraisalPage(pdf: Pdf, row: ScoreSelected, facts: AppraisalFacts) {
  const { enrolment } = row;
  const program = facts.programs.get(enrolment.programId)!;
  const score = scoreOf(row);
  const weights = weightsOf(row);
  heading(pdf, '学生实习鉴定表', `${row.programName}${program.term ? ` · ${program.term}` : ''}`);
  const handedIn = COUNTED.filter((kind) => kind.offeredBy?.(program) ?? true).map((kind) => {
    const required = kind.requiredCount?.(program) ?? 0;
    const n = facts.handedIn.get(`${enrolment.id}/${kind.kind}`) ?? 0;
    return [label(kind.label), value(required > 0 ? `已交 ${n} / 应交 ${required}` : `已交 ${n}`)];
  });
  const items = (row.score?.mentorItems ?? null) as MentorItems | null;
  table(pdf, [
    [label('学生姓名'), value(row.studentName), label('学号'), value(row.studentNo)],
    [label('班级'), value(row.className), label('院系'), value(row.departName)],
    [label('实习单位'), value(row.unitName, 3)],
    [label('实习岗位'), value(enrolment.post ?? (enrolment.postId ? facts.posts.get(enrolment.postId) : null)), label('实习时间'), value(`${enrolment.startDate} 至 ${enrolment.endDate}`)],
    [label('指导教师'), value(row.adviserName), label('企业导师'), value(row.mentorName)],
    [label('实习记录', 4)],
    ...pairs([...handedIn, [label('签到'), value(`${facts.checkinDays.get(enrolment.id) ?? 0} 天`)]]),
    [label(`企业导师评价（每项满分 ${MENTOR_ITEM_MAX} 分）`, 4)],
    ...MENTOR_ITEMS.map((item) => [label(item.label), value(items?.[item.key].score ?? null), value(items?.[item.key].comment ?? '', 2)]),
    [label('企业导师评语'), value(row.score?.mentorComment, 3, 48)],
    [label('指导教师评分'), value(score.components.adviser), label('成绩状态'), value(SCORE_STATUS_LABELS[score.status])],
    [label('指导教师评语'), value(row.score?.adviserComment, 3, 48)],
    [label('成绩构成'), value(SCORE_COMPONENTS.filter((c) => weights[c] > 0).map((c) => `${SCORE_COMPONENT_LABELS[c]} ${score.components[c] ?? '—'}（${weights[c]}%）`).join('；'), 3)],
    [label('总评成绩'), value(score.total ?? `待评（缺${score.missing.map((c) => SCORE_COMPONENT_LABELS[c]).join('、')}）`), label('等级'), value(score.grade)],
  ]);
  pdf.doc.moveDown(0.8);
  signatureBoxes(pdf, ['企业导师（签字）', '实习单位（盖章）', '指导教师（签字）', '学校（盖章）']);
}

/** Two label–value pairs to a row of four cells. */
function pairs(cells: Cell[][]): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < cells.length; i += 2) rows.push([...cells[i]!, ...(cells[i + 1] ?? [label(''), { text: '' }])]);
  return rows;
}

/** The placements in the form's order: by class and 学号. */
export const appraisalOrder = (rows: readonly ScoreSelected[]) =>
  [...rows].sort((a, b) => (a.className ?? '').localeCompare(b.className ?? '', 'zh-CN') || (a.studentNo ?? '').localeCompare(b.studentNo ?? ''));

/** A page per placement (in appraisalOrder). */
export function appraisalPages(pdf: Pdf, ordered: readonly ScoreSelected[], facts: AppraisalFacts) {
  ordered.forEach((row, i) => {
    if (i > 0) pdf.doc.addPage();
    appraisalPage(pdf, row, facts);
  });
}

export const APPRAISAL_TITLE = '学生实习鉴定表';

/** The form of each placement, by class and 学号, in one PDF with its verification code. */
export async function appraisalDocument(db: Database, rows: readonly ScoreSelected[], issuedBy: string): Promise<IssuedDocument> {
  const ordered = appraisalOrder(rows);
  const facts = await appraisalFacts(db, ordered);
  return issueDocument(db, { kind: 'appraisal', title: APPRAISAL_TITLE, subjects: ordered.length, issuedBy }, (pdf) => appraisalPages(pdf, ordered, facts));
}

/** The file's name: the student's, or the class's with how many. */
export const appraisalFileName = (rows: readonly ScoreSelected[]) =>
  rows.length === 1 ? `实习鉴定表-${rows[0]!.studentName}-${rows[0]!.studentNo ?? ''}` : `实习鉴定表-${rows[0]?.className ?? ''}等${rows.length}人`;
