import { MSG } from '@contract/messages.ts';

/** The import modal's pure parts: file rule, messages, result reading, and the state machine (SPEC.md sections 4, 5, 8). */

export const IMPORT_MESSAGES = {
  noFile: MSG.importFileRequired,
  notExcel: MSG.importFileType,
  tooLarge: MSG.importTooLarge,
  title: '导入提示',
  uploadFailed: '文件上传失败!',
  uploaded: '文件上传成功.',
  downloadLog: '下载错误日志',
  templateFailed: '文件下载失败',
} as const;

/** The error log's file name (saved with .txt). */
export const ERROR_LOG_NAME = '错误日志信息';
/** Success messages close themselves after 3 s; the error notification stays until closed. */
export const IMPORT_SUCCESS_MS = 3000;
/** The error notification shows the lines before the sixth, then "...". */
export const SHOWN_ERROR_LINES = 5;
export const EXCEL_EXTENSIONS = ['.xls', '.xlsx'] as const;
/** The largest file the server takes (it refuses more with the same message). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Enough of a file's start to tell a workbook's kind (see workbookKind). */
export const HEAD_BYTES = 4;

/** .xls or .xlsx, in any letter case. */
export function isExcelFile(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return EXCEL_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (head: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => head[i] === byte);

/** A workbook's kind by its first bytes, not its name: .xlsx is a zip, the old .xls an OLE compound file. */
export function workbookKind(head: Uint8Array): '.xlsx' | '.xls' | null {
  if (startsWith(head, ZIP_MAGIC)) return '.xlsx';
  if (startsWith(head, OLE_MAGIC)) return '.xls';
  return null;
}

/**
 * What the server would refuse in a chosen file, said before uploading (null: it is taken): a name other
 * than .xls/.xlsx (any letter case), content that is neither workbook kind by its first bytes (an .xlsx
 * named .xls and the other way round are read all the same), more than 5 MB.
 */
export function importFileProblem(name: string, head: Uint8Array, size = 0): string | null {
  if (!isExcelFile(name) || !workbookKind(head)) return IMPORT_MESSAGES.notExcel;
  return size > IMPORT_MAX_BYTES ? IMPORT_MESSAGES.tooLarge : null;
}

/** The server separates lines with @; empty pieces (a trailing @) are dropped. */
export function splitMessageLines(message: string | null | undefined): string[] {
  if (!message) return [];
  return message
    .split('@')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Lines up to the sixth-row marker: the first five, then "..." when there were more. */
export function truncateLines(lines: readonly string[], shown: number = SHOWN_ERROR_LINES): string {
  return lines.length > shown ? [...lines.slice(0, shown), '...'].join('\n') : lines.join('\n');
}

/** What the import call answered: code '0' (or success false) is an error, message has @-separated lines. */
export interface ImportResponse {
  success?: boolean;
  code?: string | number | null;
  message?: string | null;
}

export type ImportOutcome =
  | { kind: 'success'; message: string }
  /** shown: the notification's text; log: the whole message, one line per row, for 下载错误日志 (absent when there is nothing to download). */
  | { kind: 'error'; shown: string; log: string | null };

export function readImportResponse(body: ImportResponse | null | undefined): ImportOutcome {
  const failed = !body || String(body.code) === '0' || body.success === false;
  if (!failed) return { kind: 'success', message: body.message?.trim() || IMPORT_MESSAGES.uploaded };
  return importError(body?.message);
}

/** An error with the server's message, or 文件上传失败! when there is none. */
export function importError(message: string | null | undefined): ImportOutcome {
  const lines = splitMessageLines(message);
  if (lines.length === 0) return { kind: 'error', shown: IMPORT_MESSAGES.uploadFailed, log: null };
  return { kind: 'error', shown: truncateLines(lines), log: lines.join('\n') };
}

/** closed → open (no file yet) → file chosen → uploading → result; a success result closes. */
/** A chosen file: its name, and its size when known. */
export interface ChosenFile {
  name: string;
  size?: number;
}

export type ImportState<F extends ChosenFile = File> =
  | { phase: 'closed' }
  | { phase: 'open'; error: string | null }
  | { phase: 'chosen'; file: F }
  | { phase: 'uploading'; file: F }
  | { phase: 'result'; file: F; outcome: ImportOutcome };

export type ImportAction<F extends ChosenFile = File> =
  | { type: 'open' }
  | { type: 'close' }
  /** head: the file's first bytes (HEAD_BYTES), which tell what it really is. */
  | { type: 'choose'; file: F; head: Uint8Array }
  | { type: 'remove' }
  | { type: 'submit' }
  | { type: 'finished'; outcome: ImportOutcome };

export const initialImportState: ImportState<never> = { phase: 'closed' };

/** The file the modal keeps (one at most). */
export function keptFile<F extends ChosenFile>(state: ImportState<F>): F | null {
  return 'file' in state ? state.file : null;
}

/** The message under the drop area (a refused file, or a submit without one). */
export function importFieldError<F extends ChosenFile>(state: ImportState<F>): string | null {
  return state.phase === 'open' ? state.error : null;
}

export function importReducer<F extends ChosenFile>(state: ImportState<F>, action: ImportAction<F>): ImportState<F> {
  switch (action.type) {
    case 'open':
      return state.phase === 'closed' ? { phase: 'open', error: null } : state;
    case 'close':
      return { phase: 'closed' };
    case 'choose': {
      if (state.phase === 'closed' || state.phase === 'uploading') return state;
      // A refused file leaves nothing chosen: the old one is dropped too, so what is listed is what would be sent.
      const problem = importFileProblem(action.file.name, action.head, action.file.size);
      if (problem) return { phase: 'open', error: problem };
      return { phase: 'chosen', file: action.file };
    }
    case 'remove':
      return state.phase === 'chosen' || state.phase === 'result' ? { phase: 'open', error: null } : state;
    case 'submit':
      if (state.phase === 'open') return { phase: 'open', error: IMPORT_MESSAGES.noFile };
      if (state.phase === 'chosen' || state.phase === 'result') return { phase: 'uploading', file: state.file };
      return state;
    case 'finished':
      if (state.phase !== 'uploading') return state;
      return action.outcome.kind === 'success' ? { phase: 'closed' } : { phase: 'result', file: state.file, outcome: action.outcome };
  }
}

/** What the dialog says while uploading: the percentage sent, then (all sent) that the server is importing. */
export function uploadProgressText(percent: number): string {
  return percent < 100 ? `正在上传 ${percent}%` : '正在导入，请稍候…';
}

/** A download's file name with the extension added once ('课程模板' → '课程模板.xlsx'; '课程模板.XLSX' stays). */
export function fileNameWith(name: string, extension: string): string {
  const trimmed = name.trim();
  return trimmed.toLowerCase().endsWith(extension.toLowerCase()) ? trimmed : `${trimmed}${extension}`;
}

/** The file name a download's Content-Disposition gives (filename*=UTF-8''… before filename="…"), or null. */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim()).trim() || null;
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/**
 * A workbook download's name: the server's (or the fallback) without any Excel extension, then the one its
 * content calls for, so the name never says .xlsx on an .xls file or the other way round.
 */
export function workbookFileName(serverName: string | null, fallback: string, kind: '.xls' | '.xlsx'): string {
  const base = (serverName ?? fallback).trim().replace(/\.xlsx?$/i, '');
  return `${base || fallback.trim()}${kind}`;
}
