import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The browser tests run in E2E_WORKERS workers (npm test asks for two on 2 cores), and each worker has a lane of its
 * own: a server on its own port with its own demo school and its own copy of the build, so no spec
 * sees another worker's changes and the PWA spec can deploy a second build into its copy. A worker's
 * lane is its Playwright parallel index. E2E_PORT is the first lane's port; E2E_DATA_DIR holds the
 * lanes; DIST_DIR is the build they copy.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
const LANES_DIR = path.resolve(PROJECT_ROOT, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
export const BUILD_DIR = path.resolve(PROJECT_ROOT, process.env.DIST_DIR ?? 'dist');

export function lane(index: number) {
  const dir = path.join(LANES_DIR, `lane-${index}`);
  return { port: FIRST_PORT + index, dir, dataDir: path.join(dir, 'data'), distDir: path.join(dir, 'dist') };
}

const current = lane(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const SERVER_ORIGIN = `http://127.0.0.1:${current.port}`;
export const API_URL = `${SERVER_ORIGIN}/api`;
export const LANE_DIR = current.dir;
export const E2E_DATA_DIR = current.dataDir;
export const DIST_DIR = current.distDir;
