import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStoreConfig } from './lib/file-store.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite keeps its files here when DATABASE_URL is not set. */
  dataDir: string;
  databaseUrl: string | null;
  apiPrefix: string;
  distDir: string;
  demoData: boolean;
  adminPassword: string | null;
  sessionIdleMinutes: number;
  /** Login, registration and retrieval attempts per address per minute. */
  authRateLimit: number;
  /** Registrations naming one account or one phone per hour (each sends that phone an SMS). */
  registerRateLimit: number;
  /** Duplicate checks per account per minute; an address may make ten times as many (a school's offices behind one NAT). */
  duplicateCheckRateLimit: number;
  lockThreshold: number;
  lockMinutes: number;
  deployment: string | null;
  apiBaseUrl: string | null;
  /**
   * Single sign-on (server/modules/sso): the CAS server (casPrefixUrl) validates tickets issued to this system's
   * service (casServiceUrl, the app's address the CAS server sends the browser back to); casUserAttribute names the
   * attribute holding the 学号/工号 an account is found by (empty: by the CAS user name); oauthUserInfoUrl is the
   * OAuth provider's user-info endpoint for /cas/client2/validateLogin.
   */
  cas: { enableCas: string; casType: string; casServiceUrl: string; casPrefixUrl: string; casUserAttribute: string; oauthUserInfoUrl: string };
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (e.g. 'loopback'); none by default. */
  trustProxy: string | false;
  logLevel: string;
  /** Where the development SMS sender writes its messages (no SMS gateway runs here). */
  smsOutboxFile: string;
  /** Whether scheduled jobs run on their cron (JOBS_ENABLED; off in the server tests, which run them on demand). */
  jobsEnabled: boolean;
  /** Whether lists' pages are held in memory between changes (READ_CACHE; bench:lists turns it off to time the database). */
  readCache: boolean;
  /** How long reading one import workbook may take (IMPORT_TIMEOUT_SECONDS, 10 s) before it is ended and the import refused. */
  importTimeoutMs: number;
  /** Workbooks read at once, each in a worker thread (IMPORT_WORKERS; one core is left to the requests). */
  importWorkers: number;
  /** Uploaded files: a directory (FILES_DIR, DATA_DIR/files by default) or, with S3_BUCKET set, an S3-compatible store. */
  fileStore: FileStoreConfig;
  /** API requests one process runs at once (MAX_IN_FLIGHT); past it a new one is answered 503 with Retry-After. */
  maxInFlight: number;
  /** Whether GET /metrics answers in Prometheus text (METRICS_ENABLED); off, it is a 404 like any unknown path. */
  metricsEnabled: boolean;
  /** With it set (METRICS_TOKEN), /metrics answers only a request carrying Authorization: Bearer <token>. */
  metricsToken: string | null;
  /** Whether every answer is checked against its route's answer schema (CHECK_ANSWERS; on in the tests, server/lib/answers.ts). */
  checkAnswers: boolean;
}

function fileStoreOf(env: NodeJS.ProcessEnv, dataDir: string): FileStoreConfig {
  if (!env.S3_BUCKET) return { kind: 'directory', dir: path.resolve(PROJECT_ROOT, env.FILES_DIR ?? path.join(dataDir, 'files')) };
  if (!env.S3_ENDPOINT) throw new Error('S3_BUCKET is set but S3_ENDPOINT is not (the object store’s address, e.g. http://minio:9000)');
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

function casOf(env: NodeJS.ProcessEnv): ServerConfig['cas'] {
  const enableCas = env.ENABLE_CAS === 'true' || env.ENABLE_CAS === '1' ? '1' : '0';
  // Without both addresses no ticket could be validated, nor its service checked: better not to start.
  if (enableCas === '1' && (!env.CAS_PREFIX_URL || !env.CAS_SERVICE_URL)) {
    throw new Error('ENABLE_CAS is set but CAS_PREFIX_URL (the CAS server, e.g. https://cas.example.edu.cn/cas) or CAS_SERVICE_URL (this app, e.g. https://sx.example.edu.cn/teacher/) is not');
  }
  return {
    enableCas,
    casType: env.CAS_TYPE ?? '',
    casServiceUrl: env.CAS_SERVICE_URL ?? '',
    casPrefixUrl: env.CAS_PREFIX_URL ?? '',
    casUserAttribute: env.CAS_USER_ATTRIBUTE ?? '',
    oauthUserInfoUrl: env.OAUTH_USERINFO_URL ?? '',
  };
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = path.resolve(PROJECT_ROOT, env.DATA_DIR ?? 'data');
  const prefix = env.API_PREFIX ?? '/api';
  return {
    host: env.HOST ?? '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    apiPrefix: prefix.startsWith('/') ? prefix.replace(/\/$/, '') : `/${prefix}`,
    distDir: path.resolve(PROJECT_ROOT, env.DIST_DIR ?? 'dist'),
    demoData: env.DEMO_DATA === 'true' || env.DEMO_DATA === '1',
    adminPassword: env.ADMIN_PASSWORD || null,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    authRateLimit: int(env.AUTH_RATE_LIMIT, 30),
    registerRateLimit: int(env.REGISTER_RATE_LIMIT, 5),
    duplicateCheckRateLimit: int(env.DUPLICATE_CHECK_RATE_LIMIT, 60),
    lockThreshold: 5,
    lockMinutes: 15,
    deployment: env.DEPLOYMENT || null,
    apiBaseUrl: env.API_BASE_URL || null,
    cas: casOf(env),
    trustProxy: env.TRUST_PROXY || false,
    logLevel: env.LOG_LEVEL ?? 'info',
    smsOutboxFile: path.join(dataDir, 'sms-outbox.log'),
    jobsEnabled: env.JOBS_ENABLED !== 'false' && env.JOBS_ENABLED !== '0',
    readCache: env.READ_CACHE !== 'false' && env.READ_CACHE !== '0',
    importTimeoutMs: int(env.IMPORT_TIMEOUT_SECONDS, 10) * 1000,
    importWorkers: int(env.IMPORT_WORKERS, Math.max(1, availableParallelism() - 1)),
    fileStore: fileStoreOf(env, dataDir),
    maxInFlight: int(env.MAX_IN_FLIGHT, 64),
    metricsEnabled: env.METRICS_ENABLED === 'true' || env.METRICS_ENABLED === '1',
    checkAnswers: env.CHECK_ANSWERS === 'true' || env.CHECK_ANSWERS === '1',
    metricsToken: env.METRICS_TOKEN || null,
    ...overrides,
  };
}
