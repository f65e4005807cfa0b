import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const app = await buildApp({ config });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(`实习实训管理服务平台: http://${config.host}:${config.port}/teacher/ (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
