import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/chunk-modules.json: for each emitted JavaScript chunk, the packages it holds, and
 * for each script emitted as written (scripts/vite-first-paint.ts) none but 'app'. bench:bundle reads
 * it to prove which libraries a route loads (no antd on the phone's login).
 */
export function chunkModulesReport(): Plugin {
  return {
    name: 'isps-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'asset' && fileName.endsWith('.js')) report[fileName] = ['app'];
        if (output.type !== 'chunk') continue;
        const packages = new Set<string>();
        for (const id of output.moduleIds) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replace(/\\/g, '/'));
          packages.add(match ? match[1]! : 'app');
        }
        report[fileName] = [...packages].sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(report, null, 2) });
    },
  };
}
