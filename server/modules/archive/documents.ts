import { ARCHIVE_RECORD_KINDS, ARCHIVE_SECTIONS, type ArchiveSectionKey } from '@contract/archive.ts';
import { ENROLMENT_STATUS_LABELS, REVIEW_LOG_ACTION_LABELS, type EnrolmentStatus } from '@contract/internship.ts';
import { flagTexts, RECORD_KINDS, RECORD_STATUS_TEXT, slotLabel, type RecordField, type RecordStatus, type RecordValues } from '@contract/records.ts';
import { visitModeLabel } from '@contract/visits.ts';
import { HISTORY_ACTION_LABELS } from '@contract/workflow.ts';
import { heading, schoolTime, table, type Cell, type Pdf } from '../../lib/pdf.ts';
import { slotOfRecord, valuesOfRow } from '../internship/queries.ts';
import type { ArchivedRecord, StudentContents } from './contents.ts';

/**
 * The two PDFs of a student's archive laid out here (the 实习鉴定表 is internship-score's): 实习过程记录, every filed
 * record in the archive's order with its review or its application's history and the paths of its files in the
 * zip; and the 目录, what the zip holds. Plain layout from plain data: they run in the archive's worker thread.
 */

/** A file of the zip as the 目录 lists it. */
export interface IndexEntry {
  path: string;
  description: string;
  size: number | null;
}

const label = (text: string, span = 1): Cell => ({ text, label: true, span });
const value = (text: string | number | null | undefined, span = 1): Cell => ({ text: text === null || text === undefined || text === '' ? '—' : String(text), span });
const time = (at: Date | string | null | undefined) => (at ? schoolTime(new Date(at)) : null);

/** Text that flows over pages (a record's content can be longer than a page, which a table's cell cannot). */
function paragraph(pdf: Pdf, text: string, { size = 10, bold = false, color = '#000', gap = 2 }: { size?: number; bold?: boolean; color?: string; gap?: number } = {}) {
  const { doc } = pdf;
  doc.font(bold ? 'bold' : 'regular').fontSize(size).fillColor(color).text(text, doc.page.margins.left, doc.y, { width: pdf.width, lineGap: 2, paragraphGap: gap });
}

/** Starts a part on a new page when little of this one is left. */
function keepRoom(pdf: Pdf, points: number) {
  const { doc } = pdf;
  if (doc.y + points > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Whose archive, and each placement of it: the head of both PDFs. */
function placementRows(contents: StudentContents): Cell[][] {
  const [first] = contents.placements;
  return [
    [label('学生姓名'), value(first?.studentName), label('学号'), value(first?.studentNo)],
    [label('班级'), value(first?.className), label('院系'), value(first?.departName)],
    [label('实习计划'), value(first?.programName, 3)],
    ...contents.placements.flatMap((p) => [
      [label('实习单位'), value(p.unitName), label('实习岗位'), value(p.enrolment.post)],
      [label('实习时间'), value(`${p.enrolment.startDate} 至 ${p.enrolment.endDate}`), label('状态'), value(ENROLMENT_STATUS_LABELS[p.enrolment.status as EnrolmentStatus])],
      [label('指导教师'), value(p.adviserName), label('企业导师'), value(p.mentorName)],
    ]),
  ];
}

function fieldText(field: RecordField, values: RecordValues, labels: Record<string, string>): string | null {
  const raw = values[field.name];
  if (!raw) return null;
  if (field.kind === 'select') return field.options?.find((o) => o.value === raw)?.label ?? raw;
  if (field.kind === 'datetime') return time(raw);
  if (field.kind === 'unit') return labels[field.name] ?? raw;
  return raw;
}

/** The period a record is of, as the screens name it (第3周（11-09 ~ 11-15）, 2026年11月, the day of a leave). */
export function periodOf(archived: ArchivedRecord): string {
  const declaration = RECORD_KINDS[archived.record.kind as (typeof ARCHIVE_RECORD_KINDS)[number]];
  return slotLabel(declaration, slotOfRecord(declaration, archived.record, archived.placement.enrolment));
}

function recordBlock(pdf: Pdf, archived: ArchivedRecord, no: number, pathOf: (attachmentId: string) => string | undefined) {
  const { record, labels } = archived;
  const declaration = RECORD_KINDS[record.kind as (typeof ARCHIVE_RECORD_KINDS)[number]];
  const values = valuesOfRow(declaration, record);
  keepRoom(pdf, 120);
  paragraph(pdf, `${no}. ${record.title}`, { size: 12, bold: true, gap: 4 });
  const fields = declaration.fields.filter((f) => !f.hidden && f.name !== 'title' && f.name !== 'content');
  const facts: Cell[] = [
    label('时段'),
    value(periodOf(archived)),
    label('状态'),
    value(RECORD_STATUS_TEXT[record.status as RecordStatus] ?? record.status),
    label('提交时间'),
    value(time(record.submittedAt)),
    label('实习单位'),
    value(archived.placement.unitName),
    ...fields.flatMap((f) => [label(f.label), value(fieldText(f, values, labels))]),
  ];
  const duration = declaration.durationOf?.(values);
  if (duration) facts.push(label('时长'), value(duration));
  const rows: Cell[][] = [];
  for (let i = 0; i < facts.length; i += 4) rows.push(facts.slice(i, i + 4).concat(i + 4 > facts.length ? [label(''), value('')] : []));
  table(pdf, rows, { size: 9, pad: 4 });
  const contentField = declaration.fields.find((f) => f.name === 'content');
  if (contentField && record.content) {
    pdf.doc.moveDown(0.3);
    paragraph(pdf, `${contentField.label}：`, { size: 10, bold: true });
    for (const line of record.content.split('\n')) paragraph(pdf, line, { size: 10.5 });
  }
  reviewLines(pdf, archived);
  const files = archived.files.map((f) => pathOf(f.id)).filter((p): p is string => Boolean(p));
  if (files.length > 0) paragraph(pdf, `附件（${files.length}）：${files.join('；')}`, { size: 9, color: '#333' });
  pdf.doc.moveDown(0.8);
}

/** A reviewed kind's 批阅 (the first and each correction); a kind with a process, its application's steps. */
function reviewLines(pdf: Pdf, archived: ArchivedRecord) {
  const { record, reviews, approvals } = archived;
  const lifecycle = RECORD_KINDS[record.kind as (typeof ARCHIVE_RECORD_KINDS)[number]].lifecycle.type;
  if (lifecycle === 'review') {
    pdf.doc.moveDown(0.3);
    table(
      pdf,
      [
        [label('批阅分数'), value(record.score), label('批阅人'), value(archived.reviewerName), label('批阅时间'), value(time(record.reviewedAt))],
        [label('批阅意见'), value(record.adviserComment, 5)],
      ],
      { size: 9, pad: 4 },
    );
    const history = reviews.map((r) => {
      const change = r.action === 'correct' ? `（原 ${r.previousScore ?? '—'} 分；原因：${r.reason ?? ''}）` : '';
      return `${time(r.createdAt)} ${r.reviewerName ?? ''} ${REVIEW_LOG_ACTION_LABELS[r.action]} ${r.score ?? '—'} 分${change}${r.comment ? `：${r.comment}` : ''}`;
    });
    if (history.length > 1 || reviews.some((r) => r.action !== 'approve')) paragraph(pdf, `批阅记录：${history.join('；')}`, { size: 9, color: '#333' });
  }
  if (lifecycle === 'approval' && approvals.length > 0) {
    paragraph(pdf, '审批记录：', { size: 10, bold: true });
    for (const step of approvals)
      paragraph(pdf, `${time(step.createdAt)} ${step.actorName ?? ''} ${HISTORY_ACTION_LABELS[step.action] ?? step.action}${step.stepName ? `（${step.stepName}）` : ''}${step.comment ? `：${step.comment}` : ''}`, { size: 9.5 });
  }
}

/** 签到: the days and flags in sum, then each check-in a row. */
function checkinSummary(pdf: Pdf, records: readonly ArchivedRecord[], pathOf: (attachmentId: string) => string | undefined) {
  const flagged = records.filter((r) => flagTexts(r.record.data as { flags?: unknown }).length > 0);
  table(pdf, [[label('签到天数'), value(`${new Set(records.map((r) => r.record.periodStart)).size} 天`), label('签到次数'), value(`${records.length} 次`), label('有提示的签到'), value(`${flagged.length} 次`)]], { size: 9, pad: 4 });
  if (records.length === 0) return;
  pdf.doc.moveDown(0.3);
  table(
    pdf,
    [
      [label('日期', 1), label('签到', 1.6), label('提示', 2.2), label('照片', 1.8)],
      ...records.map((r) => [
        value(r.record.periodStart, 1),
        value(r.record.title, 1.6),
        value(flagTexts(r.record.data as { flags?: unknown; distance?: unknown }).join('；'), 2.2),
        value(r.files.map((f) => pathOf(f.id)).filter(Boolean).join('；'), 1.8),
      ]),
    ],
    { size: 8, pad: 3 },
  );
}

function sectionHeading(pdf: Pdf, key: ArchiveSectionKey, count: number) {
  const section = ARCHIVE_SECTIONS.find((s) => s.key === key)!;
  const unit = key === 'interaction' ? '个话题' : key === 'visit' ? '次' : RECORD_KINDS[key].unit;
  keepRoom(pdf, 160);
  pdf.doc.moveDown(0.6);
  pdf.doc.outline.addItem(section.label);
  paragraph(pdf, `${section.folder}（共 ${count} ${unit}）`, { size: 14, bold: true, gap: 6 });
  // 签到's summary says 0 itself.
  if (count === 0 && key !== 'checkin') paragraph(pdf, '无', { color: '#555' });
}

/** Each section's records (threads, visits) and files, in the archive's order. */
function sectionCounts(contents: StudentContents): Cell[][] {
  const files = (list: readonly { files: readonly unknown[] }[]) => list.reduce((n, item) => n + item.files.length, 0);
  return ARCHIVE_SECTIONS.map((section) => {
    const items = section.key === 'interaction' ? contents.threads.map(() => ({ files: [] })) : section.key === 'visit' ? contents.visits : contents.records.filter((r) => r.record.kind === section.key);
    return [value(section.folder, 2), value(items.length), value(files(items))];
  });
}

export const RECORDS_TITLE = '实习过程记录';
export const INDEX_TITLE = '学生实习档案目录';

/** 实习过程记录: every section in the archive's order, an empty one saying 无; paths: each file's place in the zip, by attachment. */
export function renderRecords(pdf: Pdf, contents: StudentContents, paths: ReadonlyMap<string, string>) {
  const pathOf = (id: string) => paths.get(id);
  const [first] = contents.placements;
  heading(pdf, RECORDS_TITLE, `${first?.programName ?? ''} · ${first?.studentName ?? ''}`);
  table(pdf, placementRows(contents), { size: 9, pad: 4 });
  for (const kind of ARCHIVE_RECORD_KINDS) {
    const records = contents.records.filter((r) => r.record.kind === kind);
    sectionHeading(pdf, kind, records.length);
    if (kind === 'checkin') checkinSummary(pdf, records, pathOf);
    else records.forEach((archived, i) => recordBlock(pdf, archived, i + 1, pathOf));
  }
  sectionHeading(pdf, 'interaction', contents.threads.length);
  contents.threads.forEach((thread, i) => {
    keepRoom(pdf, 80);
    paragraph(pdf, `${i + 1}. ${thread.title}${thread.recordTitle ? `（关于：${thread.recordTitle}）` : ''}`, { size: 11, bold: true, gap: 3 });
    for (const m of thread.messages) paragraph(pdf, `${time(m.createdAt)} ${m.authorName ?? ''}：${m.content}`, { size: 9.5 });
    pdf.doc.moveDown(0.5);
  });
  sectionHeading(pdf, 'visit', contents.visits.length);
  contents.visits.forEach((visit, i) => {
    keepRoom(pdf, 80);
    paragraph(pdf, `${i + 1}. ${visit.visitDate} ${visitModeLabel(visit.mode)} · ${visit.adviserName ?? ''}`, { size: 11, bold: true, gap: 3 });
    paragraph(pdf, visit.notes, { size: 10 });
    const files = visit.files.map((f) => pathOf(f.id)).filter(Boolean);
    if (files.length > 0) paragraph(pdf, `照片（${files.length}）：${files.join('；')}`, { size: 9, color: '#333' });
    pdf.doc.moveDown(0.5);
  });
}

/** 目录: whose archive, what each section holds, then each file of the zip with what it is and its size. */
export function renderIndex(pdf: Pdf, contents: StudentContents, entries: readonly IndexEntry[]) {
  const [first] = contents.placements;
  heading(pdf, INDEX_TITLE, `${first?.programName ?? ''} · ${first?.studentName ?? ''}`);
  table(pdf, placementRows(contents), { size: 9, pad: 4 });
  pdf.doc.moveDown(0.6);
  table(pdf, [[label('档案内容', 2), label('记录'), label('附件')], ...sectionCounts(contents)], { size: 9, pad: 3 });
  pdf.doc.moveDown(0.6);
  table(
    pdf,
    [
      [label('序号', 0.5), label('内容', 2.2), label('文件', 2.8), label('大小', 0.8)],
      ...entries.map((e, i) => [value(i + 1, 0.5), value(e.description, 2.2), value(e.path, 2.8), value(e.size === null ? '文件缺失' : sizeText(e.size), 0.8)]),
    ],
    { size: 8, pad: 3 },
  );
  pdf.doc.moveDown(0.6);
  paragraph(pdf, `本档案共 ${entries.length + 2} 个文件（含本目录与 manifest.json）。manifest.json 列出每个文件的大小与 SHA-256 校验值，文件有任何改动，其校验值即不相同。本目录与实习过程记录、实习鉴定表的核验码可在平台“文件核验”中查询。`, { size: 9, color: '#333' });
}
