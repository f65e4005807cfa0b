import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = 'src/first-paint.js';

/**
 * index.html's first-paint script (a classic script: it must run before the page paints, and the CSP
 * allows no inline script) as an asset named by its hash, so it is cached for good like the bundles
 * (server/plugins/app/web.ts) and a new build is never served the old one. Vite leaves classic
 * scripts as written, so the build emits it here; `vite` (dev) serves src/first-paint.js itself.
 */
export function firstPaintScript(): Plugin {
  let fileName = '';
  let base = '/';
  return {
    name: 'isps-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      const source = readFileSync(SOURCE);
      fileName = `assets/first-paint-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'pre',
      // vite-ignore: Vite keeps it as written (and drops the attribute) instead of warning.
      handler: (html) => html.replace(`<script src="/${SOURCE}"></script>`, `<script vite-ignore src="${base}${fileName}"></script>`),
    },
  };
}
