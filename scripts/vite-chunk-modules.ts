import { readdirSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/chunk-modules.json: for each emitted JavaScript chunk, the packages it holds, and
 * for each script of the public directory (copied as written, e.g. first-paint.js) none but 'app'.
 * bench:bundle reads it to prove which libraries a route loads (no antd on the phone's login).
 */
export function chunkModulesReport(): Plugin {
  let publicDir = '';
  return {
    name: 'isps-chunk-modules',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const packages = new Set<string>();
        for (const id of output.moduleIds) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replace(/\\/g, '/'));
          packages.add(match ? match[1]! : 'app');
        }
        report[fileName] = [...packages].sort();
      }
      const publicScripts = publicDir ? readdirSync(publicDir).filter((name) => name.endsWith('.js')) : [];
      for (const name of publicScripts) report[name] = ['app'];
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(report, null, 2) });
    },
  };
}
