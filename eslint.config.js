import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: app → features → shared (components, hooks, layouts, lib, config, assets,
 * styles) → contract. No feature imports another; the server never imports the browser app.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['./src/components', './src/hooks', './src/layouts', './src/lib', './src/offline', './src/config', './src/assets', './src/styles'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', '.tmp', 'data', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver': { typescript: { project: './tsconfig.json' } },
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move the shared part to src/components, src/lib or src/hooks.',
            })),
            { target: SHARED, from: ['./src/features', './src/app'], message: 'Shared building blocks never import features or the app.' },
            { target: './src/features', from: './src/app', message: 'Features never import the app layer.' },
            { target: './contract', from: ['./src', './server'], message: 'The contract is imported by both sides and imports neither.' },
            { target: './server', from: './src', message: 'The server never imports the browser app.' },
            { target: './src', from: './server', message: 'The browser app never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // A phone sheet or dialog is one history entry (back closes it): every one goes through the shared wrappers.
    files: ['src/**/*.tsx'],
    ignores: ['src/components/sheet/popup.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'antd-mobile', importNames: ['Popup'], message: 'Use Popup from @/components/sheet/popup.tsx: back closes it.' }] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Dialog'][property.name=/^(confirm|alert)$/]",
          message: 'Use confirmDialog / alertDialog from @/components/sheet/dialog.ts: back closes them.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '*.config.ts', 'eslint.config.js'],
    rules: { 'no-console': 'off' },
  },
);
