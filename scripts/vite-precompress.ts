import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser fetches; images and fonts are compressed already. Not the build's own reports (.vite/). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost (@fastify/compress's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (brotli at its best) and a `.gz` beside each compressible file of `dir`, for the server
 * to send as they are (server/plugins/app/web.ts). Returns how many files got them.
 */
export async function precompressFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.split(path.sep).includes('.vite'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const done = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      if (source.length < MIN_BYTES) return false;
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return true;
    }),
  );
  return done.filter(Boolean).length;
}

/**
 * The built app compressed once at build time instead of at every request: the server then spends
 * no time compressing what it serves, and a phone downloads about a tenth less than with the quick
 * brotli the server would use on the fly. Runs after every other plugin has written its files (the
 * service worker included).
 */
export function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'isps-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await precompressFiles(outDir);
      },
    },
  };
}
