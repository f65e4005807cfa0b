import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../types.ts';

const NO_CACHE = new Set(['index.html', 'sw.js', 'config.json', 'manifest.webmanifest']);

/**
 * Serves the built app under /teacher/ with headers right for a service worker: the entry files are
 * revalidated every time, hashed assets are cached for good. config.json takes this server's overrides,
 * so one build serves every school. The build's own .br and .gz copies (scripts/vite-precompress.ts) are
 * sent to browsers that take them, so no request waits on compression.
 */
export default async function web(app: App) {
  const { distDir, deployment, apiBaseUrl, cas } = app.config;
  app.get('/', (_request, reply) => reply.redirect('/teacher/'));
  app.get('/teacher', (_request, reply) => reply.redirect('/teacher/'));
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn(`No built app in ${distDir}: run "npm run build" to serve /teacher/`);
    return;
  }
  app.get('/teacher/config.json', async (_request, reply) => {
    const built = JSON.parse(await readFile(path.join(distDir, 'config.json'), 'utf8')) as Record<string, unknown>;
    const overrides = {
      ...(deployment ? { deployment } : {}),
      ...(apiBaseUrl ? { apiBaseUrl } : {}),
      ...(cas.enableCas === '1' ? { enableCas: true, casType: cas.casType, casServiceUrl: cas.casServiceUrl, casPrefixUrl: cas.casPrefixUrl } : {}),
    };
    return reply.header('cache-control', 'no-cache').send({ ...built, ...overrides });
  });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/teacher/',
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, sentPath) {
      const filePath = sentPath.replace(/\.(br|gz)$/, '');
      const name = path.basename(filePath);
      if (NO_CACHE.has(name)) reply.header('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  // The hashed bundles, by name: @fastify/static's catch-all route reads the folder's listing at every
  // request (to refuse another spelling of a path), which for the bundles' folder of some 800 files
  // was most of what serving one cost. A name with no folder in it needs no such check.
  const assetsDir = path.join(distDir, 'assets');
  app.get('/teacher/assets/:file', (request: FastifyRequest<{ Params: { file: string } }>, reply) => reply.sendFile(request.params.file, assetsDir));
}
