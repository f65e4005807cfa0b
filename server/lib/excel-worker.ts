import { parentPort } from 'node:worker_threads';
import { readSheetRecords, type ExcelColumn, type SheetRecord } from './excel.ts';
import { HttpError } from './http.ts';

/** What a sheet-reading worker is given: one workbook's bytes and the import's columns. */
export interface SheetJob {
  content: Uint8Array;
  columns: readonly ExcelColumn[];
}

/** What it answers: ready once loaded, then for each job its rows, the refusal to show, or a failure to log. */
export type SheetAnswer =
  | { kind: 'ready' }
  | { kind: 'records'; records: SheetRecord[] }
  | { kind: 'refusal'; status: number; message: string }
  | { kind: 'failure'; message: string };

const port = parentPort;
if (!port) throw new Error('excel-worker.ts runs as a worker thread (sheet-readers.ts starts it)');

port.on('message', ({ content, columns }: SheetJob) => {
  let answer: SheetAnswer;
  try {
    answer = { kind: 'records', records: readSheetRecords(Buffer.from(content.buffer, content.byteOffset, content.byteLength), columns) };
  } catch (error) {
    answer = error instanceof HttpError ? { kind: 'refusal', status: error.statusCode, message: error.message } : { kind: 'failure', message: String((error as Error).stack ?? error) };
  }
  port.postMessage(answer);
});
port.postMessage({ kind: 'ready' } satisfies SheetAnswer);
