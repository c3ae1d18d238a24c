// Lint rules of the house. The import boundaries of DESIGN.md are enforced here, not by goodwill.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'home', 'profile', 'errors', 'sandbox', 'catalogue', 'projects', 'configurator'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The domain is pure: no React, no Node built-ins, no database, no HTTP.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*'], message: 'packages/domain does no I/O: no Node built-ins.' },
          { group: ['react', 'react-*', 'react/*', '@lumen/ui', '@lumen/web', '@lumen/api'], message: 'packages/domain imports no React and no app.' },
          { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'packages/domain talks to no database.' },
          { group: ['fastify', 'fastify-*', '@fastify/*', 'axios', 'undici', 'socket.io*'], message: 'packages/domain makes no HTTP.' },
          { group: ['fs', 'path', 'http', 'https', 'crypto', 'os', 'child_process'], message: 'packages/domain does no I/O.' },
        ],
      }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm*'], message: 'Shared packages stay free of runtime platforms.' }] }],
    },
  },
  // A web feature never imports another feature: shared things go to app/, api/, i18n/ or packages/.
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`]),
          message: 'Features do not import each other (DESIGN.md).',
        }],
      }],
    },
  })),
);
