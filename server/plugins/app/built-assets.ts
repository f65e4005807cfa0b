import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The kinds of file the build puts in assets/, by extension; anything else is left to @fastify/static. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** The build's copies (scripts/vite-precompress.ts), in the order a browser that takes both is given them. */
const CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** A hashed bundle's name: no folder, no dot-dot, nothing to decode. */
const BUNDLE_NAME = /^[\w-]+(\.[\w-]+)*$/;

/** Past this, further bundles are read at each request rather than kept (several builds served in turn). */
const KEPT_AT_MOST_BYTES = 64 * 1024 * 1024;
/**
 * A file changed more recently than this may still be being written (a new build copied over the served
 * one, its compressed copies after it): it is sent as read, and kept only once it has settled.
 */
const SETTLED_AFTER_MS = 10_000;

export interface BuiltAsset {
  body: Buffer;
  contentType: string;
  /** The content-encoding of `body`, or none for the file as it is. */
  coding?: string;
  /** Whether the file has compressed copies: the answer then depends on accept-encoding. */
  varies: boolean;
}

interface KeptAsset {
  plain: Buffer;
  copies: Partial<Record<(typeof CODINGS)[number]['coding'], Buffer>>;
  contentType: string;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const readIfThere = (file: string) => readFile(file).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));

/** Which codings a request's accept-encoding takes (a q of 0 refuses one). */
function acceptedCodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name === '*' ? 'gzip' : name);
  }
  return accepted;
}

/**
 * The hashed bundles of the built app, kept in memory once read. A bundle's name changes with its
 * content, so what is kept under a name stays right for good, even when a new build is copied over the
 * served one. Serving a bundle from a file cost the server a stat, an open, reads and a close (and, for
 * files too small to have compressed copies, a compression) at every request: most of what a phone's
 * start cost it, some fifty files each.
 */
export function builtAssets(assetsDir: string) {
  const kept = new Map<string, KeptAsset>();
  let keptBytes = 0;

  async function load(name: string): Promise<KeptAsset | undefined> {
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (!contentType) return undefined;
    const file = path.join(assetsDir, name);
    const changedAt = await stat(file).then(
      (stats) => (stats.isFile() ? stats.mtimeMs : undefined),
      (error: unknown) => (missing(error) ? undefined : Promise.reject(error)),
    );
    if (changedAt === undefined) return undefined;
    const plain = await readIfThere(file);
    if (!plain) return undefined;
    const asset: KeptAsset = { plain, copies: {}, contentType };
    for (const { coding, suffix } of CODINGS) {
      const copy = await readIfThere(file + suffix);
      if (copy) asset.copies[coding] = copy;
    }
    const size = plain.length + Object.values(asset.copies).reduce((sum, copy) => sum + copy.length, 0);
    const settled = Date.now() - changedAt > SETTLED_AFTER_MS;
    // Two first requests at once read it twice; it is kept (and counted) once.
    if (settled && !kept.has(name) && keptBytes + size <= KEPT_AT_MOST_BYTES) {
      kept.set(name, asset);
      keptBytes += size;
    }
    return asset;
  }

  /** The answer for `name` to a request with this accept-encoding, or undefined when it is not a bundle here. */
  return async function find(name: string, acceptEncoding: string | undefined): Promise<BuiltAsset | undefined> {
    if (!BUNDLE_NAME.test(name)) return undefined;
    const asset = kept.get(name) ?? (await load(name));
    if (!asset) return undefined;
    const varies = Object.keys(asset.copies).length > 0;
    const accepted = acceptedCodings(acceptEncoding);
    for (const { coding } of CODINGS) {
      const copy = asset.copies[coding];
      if (copy && accepted.has(coding)) return { body: copy, contentType: asset.contentType, coding, varies };
    }
    return { body: asset.plain, contentType: asset.contentType, varies };
  };
}
