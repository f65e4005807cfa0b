import { Worker } from 'node:worker_threads';
import type { ExcelColumn, SheetRecord } from './excel.ts';
import type { SheetAnswer, SheetJob } from './excel-worker.ts';
import { HttpError, badRequest } from './http.ts';

// Bundled (npm run build:server) the worker is plain JavaScript beside the server; from source it registers tsx first.
const ENTRY = import.meta.url.endsWith('.ts') ? new URL('./excel-worker-entry.mjs', import.meta.url) : new URL('./excel-worker.mjs', import.meta.url);
/** A worker's heap: a sheet at the import limits takes about 300 MB in SheetJS; more is refused, not swapped. */
const WORKER_HEAP_MB = 512;

export interface SheetReadersOptions {
  /** Workers reading at once; more imports wait for one. */
  size: number;
  /** How long one workbook may take; then its worker is ended and the import refused. */
  timeoutMs: number;
}

const readTimeout = (timeoutMs: number) => `导入文件处理超时（超过${timeoutMs / 1000}秒），请删除无关内容或分批导入`;
const OUT_OF_MEMORY = '导入文件内容过多，无法处理，请删除无关内容或分批导入';
const STOPPING = '服务正在停止，请稍后重试导入';

/**
 * SheetJS's parse (readSheetRecords) in worker threads, off the event loop: a few workers kept between imports,
 * each reading one workbook at a time under a time limit and a heap limit. A worker that passes either is ended
 * (worker.terminate stops even a loop that never yields) and the import refused; the next import gets a new one.
 */
export class SheetReaders {
  private readonly idle: Worker[] = [];
  private readonly workers = new Set<Worker>();
  private readonly waiting: { take: (worker: Worker) => void; refuse: (error: Error) => void }[] = [];
  private starting = 0;
  private closed = false;

  constructor(private readonly options: SheetReadersOptions) {}

  async read(content: Buffer, columns: readonly ExcelColumn[]): Promise<SheetRecord[]> {
    const worker = await this.acquire();
    // A copy of its own, handed over to the worker without another copy.
    const bytes = new Uint8Array(content);
    return new Promise<SheetRecord[]>((resolve, reject) => {
      const settle = (answer: SheetAnswer | Error, keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep) this.release(worker);
        else this.discard(worker);
        if (answer instanceof Error) reject(answer);
        else if (answer.kind === 'records') resolve(answer.records);
        else if (answer.kind === 'refusal') reject(new HttpError(answer.status, answer.message));
        else reject(new Error(`reading a workbook failed in its worker: ${answer.kind === 'failure' ? answer.message : answer.kind}`));
      };
      const onMessage = (answer: SheetAnswer) => settle(answer, answer.kind !== 'failure');
      const onError = (error: Error & { code?: string }) => settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(OUT_OF_MEMORY) : error, false);
      const onExit = () => settle(this.closed ? new HttpError(503, STOPPING) : new Error('the workbook worker ended'), false);
      const timer = setTimeout(() => settle(badRequest(readTimeout(this.options.timeoutMs)), false), this.options.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ content: bytes, columns } satisfies SheetJob, [bytes.buffer]);
    });
  }

  /** Ends every worker, whatever it is reading: its import is refused (503), as are those still waiting. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new HttpError(503, STOPPING));
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private acquire(): Promise<Worker> {
    if (this.closed) return Promise.reject(new HttpError(503, STOPPING));
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    return new Promise((take, refuse) => {
      this.waiting.push({ take, refuse });
      if (this.workers.size + this.starting < this.options.size) this.start();
    });
  }

  /** A new worker for the first import waiting, once it has loaded SheetJS (not counted in the time limit). */
  private start() {
    this.starting++;
    const worker = new Worker(ENTRY, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // Idle workers never keep the process alive; an import in progress is kept by its request.
    worker.unref();
    // An error of an idle worker (there should be none) ends it, never the server: an unheard 'error' would throw.
    worker.on('error', () => undefined);
    worker.once('exit', () => this.forget(worker));
    const started = (ready: boolean, error?: Error) => {
      worker.off('message', onReady);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      this.starting--;
      if (ready && !this.closed) {
        this.workers.add(worker);
        this.release(worker);
        return;
      }
      void worker.terminate();
      this.waiting.shift()?.refuse(this.closed ? new HttpError(503, STOPPING) : (error ?? new Error('the workbook worker did not start')));
    };
    const onReady = (answer: SheetAnswer) => started(answer.kind === 'ready');
    const onFailure = (error?: unknown) => started(false, error instanceof Error ? error : undefined);
    worker.on('message', onReady);
    worker.on('error', onFailure);
    worker.on('exit', onFailure);
  }

  private release(worker: Worker) {
    if (this.closed || !this.workers.has(worker)) return;
    const next = this.waiting.shift();
    if (next) next.take(worker);
    else this.idle.push(worker);
  }

  private discard(worker: Worker) {
    this.forget(worker);
    void worker.terminate();
  }

  /** A worker ended or to be ended: a new one starts for the imports still waiting. */
  private forget(worker: Worker) {
    if (!this.workers.delete(worker)) return;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    if (this.waiting.length > 0 && !this.closed && this.workers.size + this.starting < this.options.size) this.start();
  }
}
