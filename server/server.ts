import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';

/** How long a stop waits for the requests in progress (an import's database writes) before it cuts them off. */
const SHUTDOWN_GRACE_MS = 3000;
/** How long closing the database may take after that: the process ends regardless. */
const DATABASE_CLOSE_MS = 1500;

const config = loadConfig();
// Opened here, not by the app, so that a stop closes it even when the app's own close has not finished.
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database }).catch(async (error: unknown) => {
  await database.close();
  throw error;
});

let stopping = false;
/** Closes the database (PGlite's data directory claim, PostgreSQL's connections and start-up lock) and ends the process. */
function exit(code: number) {
  if (stopping) return;
  stopping = true;
  const closeTimer = setTimeout(() => process.exit(code), DATABASE_CLOSE_MS);
  database.close().then(
    () => process.exit(code),
    (error: unknown) => {
      app.log.error({ err: error }, 'closing the database failed');
      clearTimeout(closeTimer);
      process.exit(1);
    },
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    setTimeout(() => {
      app.log.warn(`requests still running ${SHUTDOWN_GRACE_MS} ms after ${signal}: stopping without them`);
      exit(1);
    }, SHUTDOWN_GRACE_MS);
    app.close().then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'closing the server failed');
        exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(`实习实训管理服务平台: http://${config.host}:${config.port}/teacher/ (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
