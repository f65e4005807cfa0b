import { notify } from '@/components/notification/notification-store.ts';
import { ApiError, api } from '@/lib/api-client.ts';
import {
  ERROR_LOG_NAME,
  HEAD_BYTES,
  IMPORT_MESSAGES,
  IMPORT_SUCCESS_MS,
  dispositionFileName,
  fileNameWith,
  importError,
  readImportResponse,
  workbookFileName,
  workbookKind,
  type ImportOutcome,
  type ImportResponse,
} from './import-rules.ts';
import { saveFile, saveText } from './save-file.ts';

/** The multipart field the import endpoints read (SPEC.md section 7). */
export const IMPORT_FIELD = 'files[]';

/**
 * Posts the file as multipart (field files[]) and reads the answer. Returns null when the client has
 * already told the user (the session ended, an invalid licence); otherwise the outcome to show.
 * onProgress gets the percentage sent; at 100 the server is checking and saving the rows.
 */
export async function uploadImportFile(url: string, file: File, onProgress?: (percent: number) => void): Promise<ImportOutcome | null> {
  const data = new FormData();
  data.append(IMPORT_FIELD, file, file.name);
  try {
    const response = await api.post<ImportResponse>(url, data, {
      silent: true,
      onUploadProgress: (event) => onProgress?.(event.total ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : 0),
    });
    return readImportResponse(response.data);
  } catch (error) {
    if (error instanceof ApiError && error.notified) return null;
    // An HTTP error carries the server's (or the catalogue's) message; no answer at all has none.
    return importError(error instanceof ApiError && error.status !== undefined ? error.message : null);
  }
}

/** A file's first bytes, which tell what it is whatever its name says. */
export async function fileHead(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
}

/** SPEC.md section 8: an error stays open (truncated, with 下载错误日志); a success shows for 3 s. */
export function showImportOutcome(outcome: ImportOutcome) {
  if (outcome.kind === 'success') {
    notify.success(outcome.message, { title: IMPORT_MESSAGES.title, duration: IMPORT_SUCCESS_MS });
    return;
  }
  const { log } = outcome;
  notify.error(outcome.shown, {
    title: IMPORT_MESSAGES.title,
    duration: null,
    action: log ? { label: IMPORT_MESSAGES.downloadLog, run: () => saveText(log, fileNameWith(ERROR_LOG_NAME, '.txt')) } : undefined,
  });
}

/**
 * The empty import template: GET exportUrl?exportType=empty as a blob, saved under the name the server gives
 * (Content-Disposition; fileName when it gives none) with the extension its content calls for (.xls for
 * the templates the server writes), never a name that lies.
 * Any failure (including a JSON error answer or anything else that is no workbook) shows 文件下载失败.
 */
export async function downloadTemplate(exportUrl: string, fileName: string): Promise<boolean> {
  try {
    const response = await api.get<Blob>(exportUrl, { params: { exportType: 'empty' }, responseType: 'blob', silent: true });
    const blob = response.data;
    const kind = blob instanceof Blob ? workbookKind(await fileHead(blob)) : null;
    if (!kind) throw new Error(IMPORT_MESSAGES.templateFailed);
    const disposition = response.headers['content-disposition'] as unknown;
    saveFile(blob, workbookFileName(dispositionFileName(typeof disposition === 'string' ? disposition : null), fileName, kind));
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.notified)) notify.error(IMPORT_MESSAGES.templateFailed);
    return false;
  }
}
