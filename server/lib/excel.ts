import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { CFB, SSF, read, set_cptable, utils, write, type CellObject, type WorkBook, type WorkSheet } from '@e965/xlsx';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { MSG } from '@contract/messages.ts';
import { excelHeader, type ResourceField } from '@contract/resource.ts';
import { HttpError, badRequest } from './http.ts';

/*
 * Excel in and out. One reader (SheetJS, @e965/xlsx) takes both the .xlsx workbook (a zip) and the old binary
 * .xls (Excel 97–2003, WPS), and writes the import templates as .xls; exceljs writes the list export, the one
 * place a styled (bold header) .xlsx is wanted.
 */

// Old .xls files written in a Chinese Excel (BIFF5 and earlier) keep their text in GBK: the code pages read it.
set_cptable(cptable);

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** What an import file may hold once inflated (workbook-check.ts): its parts' bytes, its sheets, a sheet's data rows. */
export const IMPORT_LIMITS = { inflatedBytes: 50 * 1024 * 1024, sheets: 20, rows: 20_000 };
export const IMPORT_REFUSALS = {
  unreadable: '无法读取该Excel文件，请确认文件未损坏',
  inflated: `文件解压后超过${IMPORT_LIMITS.inflatedBytes / 1024 / 1024}MB，请删除无关内容后重试`,
  sheets: `工作表超过${IMPORT_LIMITS.sheets}个，请删除无关的工作表后重试`,
  rows: `数据行超过${IMPORT_LIMITS.rows}行，请分批导入`,
};
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_MIME = 'application/vnd.ms-excel';
/** .xlsx is a zip; .xls (BIFF) is an OLE compound file. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A workbook's kind by its first bytes, whatever its name says. */
export function workbookKind(content: Buffer): 'xlsx' | 'xls' | null {
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (content.subarray(0, 4).equals(OLE_MAGIC)) return 'xls';
  return null;
}

/**
 * How a column's cells are read:
 * - text: trimmed; a number cell as its digits (20230101, never 2.0230101E7); a cell of full-width letters and
 *   digits only (２０２３０１０１) in half-width;
 * - code: as text, and full-width letters, digits and signs in half-width wherever they stand (学号, 工号, 账号);
 * - number: half-width, without the padding of 1.0 or 007, thousands separators dropped;
 * - date: YYYY-MM-DD from an Excel date (a serial) or from text such as 2005/3/7 or 2005年3月7日.
 * Text that does not read as its kind is given as it stands, for the row check to name.
 */
export type ExcelKind = 'text' | 'code' | 'number' | 'date';

export interface ExcelColumn {
  /** The header as the template writes it (without the * that marks it required). */
  label: string;
  kind: ExcelKind;
  /** The template marks it with *; a sheet without this column is refused (缺少列：学号). */
  required?: boolean;
  width?: number;
}

export interface SheetRecord {
  /** Excel's row number. */
  row: number;
  /** Every column's text by its label ('' for an empty cell). */
  values: Record<string, string>;
}

/** What a field's cells are: identifiers (unique fields) are codes, numbers and dates their kinds, the rest text. */
export function excelKind(field: ResourceField): ExcelKind {
  if (field.kind === 'number') return 'number';
  if (field.kind === 'date') return 'date';
  return field.kind === 'text' && field.unique ? 'code' : 'text';
}

/**
 * A blank cell is refused by the create schema: the import gives a blank text cell as '' and a blank number
 * as undefined, so a field is required when its schema refuses both.
 */
export function isRequiredField(schema: z.ZodMiniObject, name: string): boolean {
  const field = (schema.shape as Record<string, z.ZodMiniType | undefined>)[name];
  return field !== undefined && !field.safeParse(undefined).success && !field.safeParse('').success;
}

/** The Excel columns of a resource's fields, headed as they declare (excelHeader), required as the schema says. */
export function excelColumns(fields: readonly ResourceField[], schema: z.ZodMiniObject): ExcelColumn[] {
  return fields.map((f) => ({ label: excelHeader(f), kind: excelKind(f), required: isRequiredField(schema, f.name) }));
}

export interface SheetColumn {
  header: string;
  width?: number;
}

const columnWidth = (label: string, width?: number) => width ?? Math.max(12, label.length * 2 + 4);

/** Text a spreadsheet would take for a formula (=, +, -, @; tab and carriage return as OWASP lists them). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What marks such text as text: kept in the cell's value, so it stays text in a CSV saved from the sheet too. */
const TEXT_MARK = "'";

/**
 * A cell's text that no spreadsheet turns into a formula (=HYPERLINK(...) in a student's name): an apostrophe
 * before it, as Excel writes text typed with one, in the value itself rather than as a style, which a CSV
 * round trip would drop. The import reads it back without the apostrophe (cellText).
 */
export const safeCell = (value: unknown): unknown => (typeof value === 'string' && FORMULA_START.test(value) ? `${TEXT_MARK}${value}` : value);

/** One sheet with a bold header row; values as given (strings, numbers, dates), text never as a formula. The list export, as .xlsx. */
export async function buildWorkbook(sheetName: string, columns: readonly SheetColumn[], rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  // Loaded when first needed: the import worker loads this module to read workbooks and never writes one.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: columnWidth(c.header, c.width) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(safeCell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const TEMPLATE_NOTE = '带*的列为必填';

/**
 * The import template as an old binary .xls (BIFF8), which every Excel and WPS opens: a note row saying
 * which columns are required (merged over the columns), then the headers, required ones as *学号.
 * readSheetRecords takes it back. rows (examples, tests) follow the headers.
 */
export function buildTemplate(sheetName: string, columns: readonly ExcelColumn[], rows: readonly (readonly (string | number)[])[] = []): Buffer {
  const headers = columns.map((c) => (c.required ? `*${c.label}` : c.label));
  const note = columns.some((c) => c.required) ? TEMPLATE_NOTE : '';
  const sheet = utils.aoa_to_sheet([[note], headers, ...rows.map((r) => [...r])]);
  if (columns.length > 1) sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: columns.length - 1 } }];
  sheet['!cols'] = columns.map((c) => ({ wch: columnWidth(c.label, c.width) }));
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, sheet, sheetName.slice(0, 31));
  return write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** Sends a workbook named fileName with the extension and type its content is (.xls or .xlsx). */
export function sendWorkbook(reply: FastifyReply, fileName: string, content: Buffer) {
  const xls = workbookKind(content) === 'xls';
  return reply
    .header('Content-Type', xls ? XLS_MIME : XLSX_MIME)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}${xls ? '.xls' : '.xlsx'}`)
    .send(content);
}

/** The uploaded Excel file (multipart field files[]): named .xls or .xlsx, and one of them by its first bytes. */
export async function readUploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(MSG.importFileRequired);
  let content: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest(MSG.importFileRequired);
    if (!/\.xlsx?$/i.test(file.filename.trim())) throw badRequest(MSG.importFileType);
    content = await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MSG.importTooLarge);
    throw badRequest(MSG.importFileRequired);
  }
  if (!workbookKind(content)) throw badRequest(MSG.importFileType);
  return content;
}

/** Rows searched for the header: title rows and notes stand above it. */
export const HEADER_SEARCH_ROWS = 30;
/** Spaces Excel users leave in cells: full-width (U+3000), non-breaking, zero-width, the byte-order mark. */
const ODD_SPACES = /[\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g;
const FULL_WIDTH_ASCII = /[\uff01-\uff5e]/g;
const halfWidth = (text: string) => text.replace(FULL_WIDTH_ASCII, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
const clean = (text: string) => text.replace(ODD_SPACES, ' ').trim();

/** A header as compared: no spaces, half-width, without the required marks (*学号, 学号*, 学号（必填）). */
function headerKey(text: string): string {
  return halfWidth(text.replace(ODD_SPACES, ''))
    .replace(/\s+/g, '')
    .replace(/\((必填|必须|选填|可选|非必填)\)$/, '')
    .replace(/^\*+|\*+$/g, '');
}
/** A header with a trailing explanation, 出生日期(格式:2005-03-07), matches its label too. */
const headerKeyShort = (key: string) => key.replace(/\([^()]*\)$/, '');

/**
 * The first sheet's rows under its header, each column's text read as its kind. The header is the row, among
 * the first thirty, that names most of the columns (title rows above it and merged header cells are fine);
 * columns the sheet has but the import does not know are left out; empty rows are skipped. A missing
 * required column refuses the file, naming it: 缺少列：学号.
 */
export function readSheetRecords(content: Buffer, columns: readonly ExcelColumn[]): SheetRecord[] {
  const sheet = firstSheet(content);
  const data = sheet.grid;
  const header = findHeader(data, columns);
  const missing = columns.filter((c, i) => c.required && header.at[i] === undefined).map((c) => c.label);
  if (missing.length > 0) throw badRequest(`缺少列：${missing.join('、')}`);
  if (header.row < 0) throw badRequest(`未找到表头，请使用导入模板（应有列：${columns.map((c) => c.label).join('、')}）`);
  const records: SheetRecord[] = [];
  for (let r = Math.max(header.row, sheet.headerEnd(header.row)) + 1; r < data.length; r++) {
    const cells = data[r] ?? [];
    const values: Record<string, string> = {};
    columns.forEach((column, i) => {
      const at = header.at[i];
      values[column.label] = at === undefined ? '' : cellValue(cells[at], column.kind, sheet.date1904);
    });
    if (Object.values(values).some((v) => v !== '')) records.push({ row: sheet.firstRow + r + 1, values });
  }
  if (records.length > IMPORT_LIMITS.rows) throw badRequest(IMPORT_REFUSALS.rows);
  return records;
}

interface Sheet {
  /** The used range's cells, row by row, merged cells filled with their text. */
  grid: (CellObject | undefined)[][];
  /** The sheet's first row index (0-based) of the grid's row 0. */
  firstRow: number;
  date1904: boolean;
  /** The last grid row a merged cell of this row reaches down to (a header merged over two rows). */
  headerEnd: (row: number) => number;
}

function firstSheet(content: Buffer): Sheet {
  const kind = workbookKind(content);
  if (!kind) throw badRequest(MSG.importFileType);
  let workbook: WorkBook;
  try {
    // SheetJS reads what it cannot place as plain text: a broken OLE file must fail here, not become a sheet of noise.
    if (kind === 'xls') (CFB as { read: (data: Buffer, options: { type: 'buffer' }) => unknown }).read(content, { type: 'buffer' });
    workbook = read(content, { type: 'buffer', dense: true, cellNF: true, cellDates: false, cellFormula: false, cellHTML: false, cellStyles: false, sheets: 0 });
  } catch {
    throw badRequest(IMPORT_REFUSALS.unreadable);
  }
  const name = workbook.SheetNames[0];
  const sheet: WorkSheet | undefined = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) throw badRequest('Excel文件中没有工作表');
  const range = sheet['!ref'] ? utils.decode_range(sheet['!ref']) : null;
  if (!range) return { grid: [], firstRow: 0, date1904: false, headerEnd: (row) => row };
  const dense = (sheet['!data'] ?? []) as (CellObject | undefined)[][];
  const grid: (CellObject | undefined)[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) grid.push(dense[r] ? [...dense[r]] : []);
  const merges = sheet['!merges'] ?? [];
  // A merged cell's text is in its top-left cell only: give it to every cell it covers (a header over two rows, a class over its students).
  for (const merge of merges) {
    const first = dense[merge.s.r]?.[merge.s.c];
    for (let r = merge.s.r; r <= merge.e.r; r++) {
      for (let c = merge.s.c; c <= merge.e.c; c++) {
        const row = grid[r - range.s.r];
        if (row && (r !== merge.s.r || c !== merge.s.c)) row[c] = first;
      }
    }
  }
  return {
    grid,
    firstRow: range.s.r,
    date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
    headerEnd: (row) => Math.max(row, ...merges.filter((m) => m.s.r - range.s.r <= row && m.e.r - range.s.r >= row).map((m) => m.e.r - range.s.r)),
  };
}

/** The header row (-1 when none names a column) and the sheet column of each import column. */
function findHeader(grid: readonly (readonly (CellObject | undefined)[])[], columns: readonly ExcelColumn[]): { row: number; at: (number | undefined)[] } {
  const keys = columns.map((c) => headerKey(c.label));
  let best: { row: number; at: (number | undefined)[]; found: number } = { row: -1, at: [], found: 0 };
  for (let r = 0; r < Math.min(grid.length, HEADER_SEARCH_ROWS); r++) {
    const cells = (grid[r] ?? []).map((cell) => (cell ? headerKey(cellText(cell)) : ''));
    const at = keys.map((key) => {
      const exact = cells.indexOf(key);
      return exact >= 0 ? exact : cells.findIndex((text) => text !== '' && headerKeyShort(text) === key);
    });
    const positions = at.map((i) => (i < 0 ? undefined : i));
    const found = positions.filter((i) => i !== undefined).length;
    if (found > best.found) best = { row: r, at: positions, found };
  }
  return best;
}

/** A cell's plain text (a header, a text cell). */
function cellText(cell: CellObject): string {
  if (cell.v === undefined || cell.v === null || cell.t === 'e' || cell.t === 'z') return '';
  if (cell.t === 'n') return numberText(cell.v as number);
  if (cell.t === 'b') return cell.v ? '是' : '否';
  // The export's mark of text that looked like a formula (safeCell) is not part of the value.
  return clean(String(cell.v)).replace(/^'(?=[=+\-@])/, '');
}

function cellValue(cell: CellObject | undefined, kind: ExcelKind, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === 'e' || cell.t === 'z') return '';
  if (cell.t === 'd' && cell.v instanceof Date) return isoDate(cell.v.getFullYear(), cell.v.getMonth() + 1, cell.v.getDate()) ?? '';
  if (cell.t === 'n') {
    const value = cell.v as number;
    const format = typeof cell.z === 'string' ? cell.z : '';
    if (kind === 'date') return serialDate(value, date1904) ?? numberText(value);
    if (format && (SSF as { is_date: (f: string) => boolean }).is_date(format)) return serialDate(value, date1904) ?? numberText(value);
    // 学号 00123 kept as a number shown with leading zeros (format 00000).
    if (kind !== 'number' && /^0+$/.test(format) && Number.isInteger(value)) return numberText(value).padStart(format.length, '0');
    return numberText(value);
  }
  const text = cellText(cell);
  switch (kind) {
    case 'code':
      return halfWidth(text);
    case 'number':
      return numberFromText(halfWidth(text));
    case 'date':
      return dateFromText(halfWidth(text));
    case 'text':
      return /^[\x21-\x7e\uff01-\uff5e ]+$/.test(text) ? halfWidth(text) : text;
  }
}

/** A number as a person would write it: all digits of an integer, no exponent, no binary noise (0.1+0.2). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  const rounded = Number(value.toPrecision(15));
  const text = String(rounded);
  return /e/i.test(text) ? rounded.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** 1.0 → 1, 007 → 7, 1,234 → 1234; anything else as it stands. Digits are not passed through floating point. */
function numberFromText(text: string): string {
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(plain);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const digits = whole!.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const number = decimals ? `${digits}.${decimals}` : digits;
  return sign === '-' && /[1-9]/.test(number) ? `-${number}` : number;
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An Excel date serial (days since 1900, or 1904 in old Mac workbooks) as YYYY-MM-DD; also 20050307 typed as a number. */
function serialDate(value: number, date1904: boolean): string | null {
  if (Number.isInteger(value) && value >= 19000101 && value <= 21001231) {
    const typed = isoDate(Math.floor(value / 10000), Math.floor(value / 100) % 100, value % 100);
    if (typed) return typed;
  }
  if (value < 1 || value > 2958465) return null;
  const parts = (SSF as { parse_date_code: (v: number, o: { date1904: boolean }) => { y: number; m: number; d: number } | null }).parse_date_code(value, { date1904 });
  return parts ? isoDate(parts.y, parts.m, parts.d) : null;
}

/** 2005-03-07, 2005/3/7, 2005.3.7, 2005年3月7日 (a time after it is dropped), 20050307 → 2005-03-07. */
function dateFromText(text: string): string {
  const match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return text;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3])) ?? text;
}
