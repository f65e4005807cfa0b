import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = 'src/first-paint.js';

/**
 * index.html's first-paint script (a classic script: it must run before the page paints, and the CSP
 * allows no inline script) as an asset named by its hash, so it is cached for good like the bundles
 * (server/plugins/app/web.ts) and a new build is never served the old one. Vite leaves classic
 * scripts as written, so the build emits it here; `vite` (dev) serves src/first-paint.js itself.
 *
 * The page names it twice (in head, and again in body where the kept home is placed); the one in head
 * moves to the end of head, after the entry script Vite adds there: the script checks the kept home
 * was made by this build.
 */
export function firstPaintScript(): Plugin[] {
  let fileName = '';
  let base = '/';
  const tag = () => `<script vite-ignore src="${base}${fileName}"></script>`;
  return [
    {
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
        handler: (html) => html.replaceAll(`<script src="/${SOURCE}"></script>`, tag()),
      },
    },
    {
      name: 'isps-first-paint-last-in-head',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler: (html) => {
          const written = new RegExp(`<script\\s+src="${base}${fileName}"></script>`);
          const head = html.slice(0, html.indexOf('</head>'));
          const inHead = head.match(written)?.[0];
          if (!inHead) return html;
          return html.replace(inHead, '').replace('</head>', `  <script src="${base}${fileName}"></script>\n  </head>`);
        },
      },
    },
  ];
}
