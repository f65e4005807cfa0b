import Fastify, { type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { ensureFirstAdmin, seedDemo } from './db/seed.ts';
import { answerSerializer } from './lib/answers.ts';
import { openFileStore } from './lib/file-store.ts';
import accountRoutes from './modules/account/routes.ts';
import { AuthCache } from './modules/auth/auth-cache.ts';
import { listenForChanges } from './lib/change-feed.ts';
import { ReadCache } from './lib/read-cache.ts';
import addressBookRoutes from './modules/addressbook/routes.ts';
import announcementRoutes from './modules/announcement/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import phoneLoginRoutes from './modules/auth/phone-login.ts';
import basicRoutes from './modules/basic/routes.ts';
import categoryRoutes from './modules/category/routes.ts';
import dashboardRoutes from './modules/dashboard/routes.ts';
import departRoutes from './modules/depart/routes.ts';
import dictRoutes from './modules/dict/routes.ts';
import archiveRoutes from './modules/archive/routes.ts';
import documentRoutes from './modules/documents/routes.ts';
import fillRuleRoutes from './modules/fillrule/routes.ts';
import internshipRoutes from './modules/internship/routes.ts';
import workflowRoutes from './modules/workflow/routes.ts';
import interactionRoutes from './modules/interaction/routes.ts';
import internshipScoreRoutes from './modules/internship-score/routes.ts';
import placementRoutes from './modules/internship-placement/routes.ts';
import internshipWarningRoutes from './modules/internship-warning/routes.ts';
import internshipProgramRoutes from './modules/internship-program/routes.ts';
import internshipUnitRoutes from './modules/internship-unit/routes.ts';
import internshipReportRoutes from './modules/internship-report/routes.ts';
import practiceBookingRoutes from './modules/practice-booking/routes.ts';
import practiceEvaluationRoutes from './modules/practice-evaluation/routes.ts';
import jobRoutes from './modules/job/routes.ts';
import logRoutes from './modules/log/routes.ts';
import monitorRoutes from './modules/monitor/routes.ts';
import permissionRoutes from './modules/permission/routes.ts';
import practiceContractRoutes from './modules/practice-contract/routes.ts';
import positionRoutes from './modules/position/routes.ts';
import practiceScoreRoutes from './modules/practice-score/routes.ts';
import roleRoutes from './modules/role/routes.ts';
import ssoRoutes from './modules/sso/routes.ts';
import systemRoutes from './modules/system/routes.ts';
import userRoutes from './modules/user/routes.ts';
import apiDocs from './plugins/app/api-docs.ts';
import auth from './plugins/app/auth.ts';
import errors, { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors } from './plugins/app/errors.ts';
import idempotency from './plugins/app/idempotency.ts';
import imports from './plugins/app/imports.ts';
import loadShedding from './plugins/app/load-shedding.ts';
import monitoring from './plugins/app/monitoring.ts';
import operationLog from './plugins/app/operation-log.ts';
import { databaseRateLimitStore } from './plugins/app/rate-limit-store.ts';
import securityHeaders from './plugins/app/security-headers.ts';
import web from './plugins/app/web.ts';

// Messages of schemas without their own text (a missing field, a wrong type) in Chinese too.
z.config(z.locales.zhCN());

const MODULES = [
  authRoutes,
  phoneLoginRoutes,
  accountRoutes,
  permissionRoutes,
  roleRoutes,
  userRoutes,
  departRoutes,
  dictRoutes,
  systemRoutes,
  ssoRoutes,
  announcementRoutes,
  logRoutes,
  jobRoutes,
  positionRoutes,
  categoryRoutes,
  fillRuleRoutes,
  addressBookRoutes,
  internshipRoutes,
  practiceBookingRoutes,
  practiceEvaluationRoutes,
  workflowRoutes,
  interactionRoutes,
  internshipScoreRoutes,
  placementRoutes,
  internshipWarningRoutes,
  internshipProgramRoutes,
  internshipUnitRoutes,
  internshipReportRoutes,
  practiceContractRoutes,
  practiceScoreRoutes,
  dashboardRoutes,
  basicRoutes,
  documentRoutes,
  archiveRoutes,
];

export interface BuildOptions {
  config: ServerConfig;
  /** An open database (tests pass their own); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Sees every route as it is registered, with its config (the route matrix test reads them so). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({ config, database, logger = true, onRoute }: BuildOptions) {
  const handle = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await handle.exclusive(() => (config.demoData ? seedDemo(handle.db) : ensureFirstAdmin(handle.db, config.adminPassword)));

  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What Fastify refuses before a route (or Node before Fastify) answers in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.checkAnswers));
  app.decorate('db', handle.db);
  app.decorate('config', config);
  app.decorate('files', openFileStore(config.fileStore));
  const authCache = new AuthCache();
  const readCache = new ReadCache();
  const changes = await listenForChanges(handle, [authCache, readCache]);
  app.decorate('authCache', authCache);
  app.decorate('readCache', readCache);
  app.addHook('onClose', () => changes.stop());
  // A write answers only once what it changed has left this process's caches.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.shed && request.url.startsWith(`${config.apiPrefix}/`)) await changes.sync();
    return payload;
  });
  if (!database) app.addHook('onClose', () => handle.close());
  // A request still running when the server closes answers with Connection: close: its keep-alive socket, idle
  // only after the server has closed the idle ones, would otherwise hold the close up until the client lets go.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  await app.register(securityHeaders, {
    options: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...(config.apiBaseUrl?.startsWith('http') ? [new URL(config.apiBaseUrl).origin] : [])],
          frameSrc: ["'self'", 'https:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          // Schools often serve the intranet over plain HTTP: never rewrite requests to https.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(handle.db) });
  await app.register(errors);
  await app.register(monitoring, { database: handle });
  await app.register(loadShedding);
  await app.register(auth);
  await app.register(idempotency);
  await app.register(imports);
  await app.register(operationLog);
  await app.register(apiDocs);
  for (const module of MODULES) await app.register(module, { prefix: config.apiPrefix });
  await app.register(monitorRoutes, { prefix: config.apiPrefix, database: handle });
  await app.register(web);
  return app;
}
