import type { FastifyReply } from 'fastify';
import type { GradeCount, RegisterFormat } from '@contract/documents.ts';
import type { Database } from '../../db/database.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { heading, signatureBoxes, table, type Cell } from '../../lib/pdf.ts';
import { issueDocument, sendPdf, type IssuedDocument } from './issue.ts';

/**
 * 成绩登记表 (issue 36): a class's marks as the school files them, from a 成绩录入 sheet or a program's 实习成绩:
 * what the sheet is (course or program, class, department, term, teacher), the students two to a row by 学号,
 * the count per grade with the marks (缺考, 缓考, 免修) and blanks, and the signature lines. The same table is
 * offered as .xlsx.
 */
export interface GradeRegister {
  /** Under the title: 《Java程序设计》 · 2026-2027学年 第一学期. */
  subtitle: string;
  /** Label and value pairs of the sheet's head. */
  facts: readonly (readonly [string, string])[];
  /** In 学号 order; value as printed (a score, a level, a mark, or the blank's word). */
  students: readonly { no: string; name: string; value: string }[];
  counts: readonly GradeCount[];
  signatures: readonly string[];
}

const label = (text: string, span = 1): Cell => ({ text, label: true, span });
const value = (text: string, span = 1): Cell => ({ text, span });

/** Pairs of cells per row, `perRow` pairs (a label `labelSpan` times its value's width); the last row filled with empty pairs. */
function pairRows(pairs: readonly (readonly [string, string])[], perRow: number, labelSpan = 1): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < pairs.length; i += perRow) {
    const row = pairs.slice(i, i + perRow);
    while (row.length < perRow) row.push(['', '']);
    rows.push(row.flatMap(([l, v]) => [label(l, labelSpan), value(v)]));
  }
  return rows;
}

export function gradeRegisterDocument(db: Database, register: GradeRegister, issuedBy: string): Promise<IssuedDocument> {
  return issueDocument(db, { kind: 'gradeRegister', title: '成绩登记表', subjects: register.students.length, issuedBy }, (pdf) => {
    heading(pdf, '成绩登记表', register.subtitle);
    table(pdf, pairRows(register.facts, 2));
    pdf.doc.moveDown(0.6);
    // Two students to a row: the first half down the left, the rest down the right, as a paper register reads.
    const half = Math.ceil(register.students.length / 2);
    const student = (i: number): Cell[] => {
      const s = register.students[i];
      return s ? [value(String(i + 1), 0.6), value(s.no, 1.4), value(s.name), value(s.value)] : [value('', 0.6), value('', 1.4), value(''), value('')];
    };
    const head = [label('序号', 0.6), label('学号', 1.4), label('姓名'), label('成绩')];
    table(pdf, [[...head, ...head], ...Array.from({ length: half }, (_, i) => [...student(i), ...student(i + half)])], { size: 9, pad: 3 });
    pdf.doc.moveDown(0.6);
    table(pdf, [[label('成绩统计')], ...pairRows([...register.counts.map((c) => [c.label, `${c.n} 人`] as const), ['合计', `${register.students.length} 人`]], 3, 1.6)]);
    pdf.doc.moveDown(0.8);
    signatureBoxes(pdf, register.signatures, 60);
  });
}

/** The same register as one sheet: the students, then the counts and the head's facts beneath. */
export function gradeRegisterWorkbook(register: GradeRegister): Promise<Buffer> {
  const rows = [
    ...register.students.map((s, i) => [i + 1, s.no, s.name, s.value]),
    [],
    ...register.counts.map((c) => ['', c.label, c.n]),
    ['', '合计', register.students.length],
    [],
    ...register.facts.map(([l, v]) => ['', l, v]),
    [],
    ...register.signatures.map((s) => ['', s, '']),
  ];
  return buildWorkbook('成绩登记表', ['序号', '学号', '姓名', '成绩'].map((header) => ({ header })), rows);
}

/** Answers with the register as asked: the printable PDF (with its code on record) or the workbook. */
export async function sendGradeRegister(reply: FastifyReply, db: Database, register: GradeRegister, what: { fileName: string; format: RegisterFormat; issuedBy: string }) {
  if (what.format === 'xlsx') return sendWorkbook(reply, what.fileName, await gradeRegisterWorkbook(register));
  return sendPdf(reply, what.fileName, await gradeRegisterDocument(db, register, what.issuedBy));
}
