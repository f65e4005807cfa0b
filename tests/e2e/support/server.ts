import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Where playwright.config.ts starts the server and keeps its data (DATA_DIR is relative to the project). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;
export const API_URL = `${SERVER_ORIGIN}/api`;
export const E2E_DATA_DIR = path.join(PROJECT_ROOT, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
export const DIST_DIR = path.join(PROJECT_ROOT, process.env.DIST_DIR ?? 'dist');
