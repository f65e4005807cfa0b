import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readUploadedWorkbook, type ExcelColumn, type SheetRecord } from '../../lib/excel.ts';
import { HttpError } from '../../lib/http.ts';
import type { ImportOutcome } from '../../lib/metrics.ts';
import { SheetReaders } from '../../lib/sheet-readers.ts';
import { checkWorkbook } from '../../lib/workbook-check.ts';
import { requireAuth, type App } from '../../types.ts';
import { holdKey } from './rate-limit-store.ts';

const IMPORT_BUSY = '上一个导入仍在处理中，请稍候';
/** The key an account's running import holds in the shared store. */
export const importHoldKey = (userId: string) => `import ${userId}`;
/** An account's import whose process died (killed) stops blocking its next import after this. */
const IMPORT_HOLD_MS = 5 * 60_000;

export interface Imports {
  /**
   * The handler of an Excel import route (multipart field files[]): one import per account at a time (429 while
   * its last one runs, whichever process runs it); the workbook is checked against the import limits before it is
   * parsed, its rows read in a worker thread, then handed to handle. The account may import again once handle is done.
   */
  route<T>(columns: readonly ExcelColumn[], handle: (request: FastifyRequest, records: SheetRecord[]) => Promise<T>): (request: FastifyRequest) => Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    imports: Imports;
  }
}

export default fp(
  async (app: App) => {
    const readers = new SheetReaders({ size: app.config.importWorkers, timeoutMs: app.config.importTimeoutMs });
    // Before the server waits for the requests in progress: a workbook being read is given up now, not when it is read.
    app.addHook('preClose', () => readers.close());
    const imports: Imports = {
      route: (columns, handle) => async (request) => {
        const started = performance.now();
        let outcome: ImportOutcome = 'failed';
        try {
          const release = await holdKey(app.db, importHoldKey(requireAuth(request.auth).userId), IMPORT_HOLD_MS);
          if (!release) throw new HttpError(429, IMPORT_BUSY);
          try {
            const content = await readUploadedWorkbook(request);
            await checkWorkbook(content);
            request.log.debug('import: workbook checked, reading it in a worker');
            const result = await handle(request, await readers.read(content, columns));
            outcome = 'ok';
            return result;
          } finally {
            await release().catch((error: unknown) => request.log.warn({ err: error }, 'import: releasing the account failed'));
          }
        } catch (error) {
          if (error instanceof HttpError && error.statusCode < 500) outcome = 'refused';
          throw error;
        } finally {
          app.metrics.importFinished(outcome, (performance.now() - started) / 1000);
        }
      },
    };
    app.decorate('imports', imports);
  },
  { name: 'imports' },
);
