import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/http.ts';
import type { PdfMeta } from '../../lib/pdf.ts';
import type { RenderAnswer, RenderJob, RenderPayload } from './render-worker.ts';

/** The TypeScript entry under tsx (tests, development); the built one beside dist-server/server.mjs. */
const ENTRY = import.meta.url.endsWith('.ts') ? new URL('./render-worker-entry.mjs', import.meta.url) : new URL('./archive-worker.mjs', import.meta.url);
/**
 * Its heap: the parsed fonts (about 20 MB) and one document's pages at a time. Bounded, so the layout's garbage is
 * collected as it goes instead of swelling the process (bench:archive's memory).
 */
const RENDER_HEAP_MB = 128;

/**
 * One worker thread laying out an archive's documents (render-worker.ts), for the length of one archive: the fonts
 * it parses are let go with it.
 */
export class DocumentRenderer {
  private readonly worker = new Worker(ENTRY, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB } });
  private readonly pending = new Map<number, { resolve: (made: { bytes: Buffer; pages: number }) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor() {
    this.worker.on('message', (answer: RenderAnswer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.kind === 'pdf') waiting?.resolve({ bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength), pages: answer.pages });
      else waiting?.reject(answer.kind === 'refusal' ? new HttpError(answer.status, answer.message) : new Error(answer.message));
    });
    // A worker that fails (out of its heap) or ends fails what it was doing; an unheard 'error' would end the server.
    const fail = (error: unknown) => {
      for (const waiting of this.pending.values()) waiting.reject(error instanceof Error ? error : new Error('the archive’s document worker stopped'));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  /** Lays out one document with the footer's facts (documents/issue.ts issueMade gives them). */
  render(meta: PdfMeta, title: string, payload: RenderPayload): Promise<{ bytes: Buffer; pages: number }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...payload, id, meta, title } satisfies RenderJob);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
