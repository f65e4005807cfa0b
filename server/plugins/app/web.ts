import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../types.ts';
import { builtAssets } from './built-assets.ts';

const NO_CACHE = new Set(['index.html', 'sw.js', 'config.json', 'manifest.webmanifest']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  // The hashed bundles, by name, from memory once read (built-assets.ts). Not through @fastify/static's
  // catch-all route: it reads the folder's listing at every request (to refuse another spelling of a
  // path), which for the bundles' folder of some 800 files was most of what serving one cost. A name
  // with no folder in it needs no such check; what is not a bundle kept here goes to sendFile.
  const assetsDir = path.join(distDir, 'assets');
  const findAsset = builtAssets(assetsDir);
  app.get('/teacher/assets/:file', async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const asset = await findAsset(request.params.file, request.headers['accept-encoding']);
    if (!asset) return reply.sendFile(request.params.file, assetsDir);
    reply.header('content-type', asset.contentType).header('cache-control', IMMUTABLE);
    if (asset.varies) reply.header('vary', 'accept-encoding');
    if (asset.coding) reply.header('content-encoding', asset.coding);
    return reply.send(asset.body);
  });
}
