import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default leaves one core idle; on the 2-core machines here that is half of them.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: { name: 'unit', environment: 'node', include: ['contract/**/*.test.ts', 'src/**/*.test.ts'] },
        },
        {
          extends: true,
          // antd under jsdom is slow on 2 busy cores: a first render may take seconds.
          test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx'], setupFiles: ['tests/dom-setup.ts'], testTimeout: 20_000 },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            globalSetup: ['tests/server/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            pool: 'forks',
            // Each file builds its own app on its own database; loading the server's modules once per
            // worker instead of once per file halves the stage (nothing in them holds per-app state).
            isolate: false,
          },
        },
        {
          extends: true,
          // Needs PostgreSQL and nginx: run with the PostgreSQL stage of npm test.
          test: { name: 'cluster', environment: 'node', include: ['tests/cluster/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 240_000 },
        },
      ],
    },
  }),
);
