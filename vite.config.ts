import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModulesReport } from './scripts/vite-chunk-modules.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const { version } = JSON.parse(readFileSync(r('./package.json'), 'utf8')) as { version: string };

export default defineConfig({
  base: '/teacher/',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [react(), chunkModulesReport()],
  resolve: {
    alias: { '@': r('./src'), '@contract': r('./contract') },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
});
