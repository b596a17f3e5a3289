import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { builtinModules } from 'node:module'

// web/core is environment-free: it runs unchanged in a Web Worker and in Node. These imports and
// globals would tie it to one host (DESIGN.md section 1).
const hostModules = [
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
  'dexie',
  'fake-indexeddb',
  'msw',
  'koa',
  'koa-body',
  'koa-send',
  'better-sqlite3',
  'solid-js',
  'comlink',
]
const hostPatterns = [
  'node:*',
  'msw/*',
  'koa-*',
  '@koa/*',
  'dexie/*',
  'solid-js/*',
  'workbox-*',
  '**/browser/**',
  '**/app/**',
  '**/sync-server/**',
]
// Core's tests and test helpers run in Node and may use it (files, servers), but no host: a test that
// needs a browser or server adapter is that host's test (web/browser/test, sync-server/test/core).
const hostOnlyModules = hostModules.filter((name) => !builtinModules.includes(name.replace(/^node:/u, '')))
const hostOnlyPatterns = hostPatterns.filter((pattern) => pattern !== 'node:*')
const hostMessage = 'web/core tests and test helpers must not import a host; test it in that host instead.'
const domGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'location',
  'process',
  'Buffer',
  '__dirname',
  'require',
]

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-plugins/',
      'dev-dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'e2e/output/',
      'scratch/',
      'web/app/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.worker, ...globals.serviceworker },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Specs take `test` from e2e/support/test.ts, which fails a test that violates the app's CSP.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import from './support/test': it watches every page for violations of the app's CSP.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/core/**/*.test.ts', 'web/core/testing/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: hostOnlyModules.map((name) => ({ name, message: hostMessage })),
          patterns: [{ group: hostOnlyPatterns, message: hostMessage }],
        },
      ],
    },
  },
  {
    files: ['web/core/**/*.ts'],
    // Tests run in Node (Vitest) and may read fixtures from disk or start servers (with the helpers in
    // testing/node); the code they test may not.
    ignores: ['web/core/**/*.test.ts', 'web/core/testing/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: hostModules.map((name) => ({
            name,
            message: 'web/core must stay environment-free (no DOM, Node, Dexie, Koa or msw).',
          })),
          patterns: [
            {
              group: hostPatterns,
              message: 'web/core must stay environment-free (no DOM, Node, Dexie, Koa or msw).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...domGlobals.map((name) => ({
          name,
          message: 'web/core must not touch host globals; take a port instead.',
        })),
      ],
      // Both hosts run this code on every answer: a log line left from debugging prints in every browser.
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
)
