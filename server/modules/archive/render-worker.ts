import { parentPort } from 'node:worker_threads';
import { HttpError } from '../../lib/http.ts';
import { openPdf, type Pdf, type PdfMeta } from '../../lib/pdf.ts';
import { appraisalPages, type AppraisalFacts } from '../internship-score/appraisal.ts';
import type { ScoreSelected } from '../internship-score/queries.ts';
import type { StudentContents } from './contents.ts';
import { renderIndex, renderRecords, type IndexEntry } from './documents.ts';

/**
 * The archive's documents laid out in a worker thread (renderer.ts starts it): a class's archive is a few hundred
 * pages of Chinese text, whose layout would hold the API's event loop for seconds and leave its heap full of the
 * layout's garbage. Given the footer's facts and plain data, it answers each PDF's bytes.
 */

/** What a document is laid out from. */
export type RenderPayload =
  | { doc: 'records'; contents: StudentContents; paths: Map<string, string> }
  | { doc: 'index'; contents: StudentContents; entries: IndexEntry[] }
  | { doc: 'appraisal'; rows: ScoreSelected[]; facts: AppraisalFacts };

export type RenderJob = RenderPayload & { id: number; meta: PdfMeta; title: string };

export type RenderAnswer =
  | { id: number; kind: 'pdf'; bytes: Uint8Array; pages: number }
  | { id: number; kind: 'refusal'; status: number; message: string }
  | { id: number; kind: 'failure'; message: string };

function draw(pdf: Pdf, job: RenderPayload) {
  if (job.doc === 'records') renderRecords(pdf, job.contents, job.paths);
  else if (job.doc === 'index') renderIndex(pdf, job.contents, job.entries);
  else appraisalPages(pdf, job.rows, job.facts);
}

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (renderer.ts starts it)');

port.on('message', (job: RenderJob) => {
  const answer = async (): Promise<RenderAnswer> => {
    try {
      const pdf = openPdf(job.meta, job.title);
      draw(pdf, job);
      const { bytes, pages } = await pdf.finish();
      return { id: job.id, kind: 'pdf', bytes, pages };
    } catch (error) {
      return error instanceof HttpError ? { id: job.id, kind: 'refusal', status: error.statusCode, message: error.message } : { id: job.id, kind: 'failure', message: String((error as Error).stack ?? error) };
    }
  };
  void answer().then((a) => port.postMessage(a));
});
