import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@contract/messages.ts';
import { HttpError, badRequest } from './http.ts';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** .xlsx is a zip; .xls (BIFF) is an OLE compound file. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

export interface SheetColumn {
  header: string;
  width?: number;
}

/** One sheet with a bold header row; values as given (strings, numbers, dates). */
export async function buildWorkbook(sheetName: string, columns: readonly SheetColumn[], rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sendWorkbook(reply: FastifyReply, fileName: string, content: Buffer) {
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .send(content);
}

/** The uploaded Excel file (multipart field files[]), checked by its first bytes, not its name. */
export async function readUploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(MSG.importFileRequired);
  let content: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest(MSG.importFileRequired);
    if (!/\.xlsx?$/i.test(file.filename)) throw badRequest(MSG.importFileType);
    content = await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, '文件不能超过5MB');
    throw badRequest(MSG.importFileRequired);
  }
  if (content.subarray(0, 4).equals(OLE_MAGIC)) throw badRequest(MSG.importOldExcel);
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(MSG.importFileType);
  return content;
}

/** The first sheet as records keyed by the header row's text; empty rows are skipped. Row numbers are Excel's. */
export async function readSheetRecords(content: Buffer): Promise<{ row: number; values: Record<string, string> }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('无法读取该Excel文件，请确认文件未损坏');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('Excel文件中没有工作表');
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column] = cellText(cell.value).trim();
  });
  const records: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, column) => {
      const header = headers[column];
      if (header) values[header] = cellText(cell.value).trim();
    });
    if (Object.values(values).some((v) => v !== '')) records.push({ row: rowNumber, values });
  });
  return records;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}
