// Lint rules of the house. The import boundaries of DESIGN.md are enforced here, not by goodwill.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;
const web = 'apps/web/src';
// Every folder under features/ is a feature: a new one is fenced in without touching this file.
const features = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Every folder under the api's modules/ is a module (DESIGN.md, "A room knows what it may touch").
const api = 'apps/api/src';
const apiModules = readdirSync(path.join(root, api, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The plain values of '@lumen/contracts/constants': the web imports them from there, since the
// package's index builds every zod schema of every contract when it loads (issue 9 §4).
const contractConstants = [...readFileSync(path.join(root, 'packages/contracts/src/constants.ts'), 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]);

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
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: '@lumen/contracts', importNames: contractConstants, allowTypeImports: true, message: "Import plain values from '@lumen/contracts/constants': the package's index builds every contract's schemas when it loads." }],
      }],
    },
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
      // The same rules hold for what a static import cannot show: a module loaded at run time, the environment.
      'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: 'packages/domain loads no module at run time (import()): its rules take what they need as arguments.' }],
      'no-restricted-globals': ['error',
        { name: 'process', message: 'packages/domain reads no environment: configuration comes in as arguments.' },
        { name: 'require', message: 'packages/domain loads no module at run time.' },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm*'], message: 'Shared packages stay free of runtime platforms.' }] }],
    },
  },
  {
    // Imports are resolved as TypeScript resolves them (workspace packages included), so that the
    // rules below see every import whatever its spelling, and an import that resolves nowhere fails.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too (no-cycle follows them), as import-x's typescript preset does.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      // No import cycles anywhere (a type-only import is erased at build time and is no cycle).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The api's rooms (DESIGN.md): a module asks another module's service, never its repository (SQL)
    // or its routes (transport); lib/, http/ and db/ are below every module and import none. What wires
    // modules together (app.ts, main.ts, the demo seed's entry) sits above them. A package never
    // reaches into an app by a relative path.
    files: [`${api}/**/*.ts`],
    ignores: ['**/*.test.ts', `${api}/**/*.test-support.ts`],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [
          ...apiModules.map((module) => ({
            target: `${api}/modules/${module}/**`,
            from: apiModules.filter((other) => other !== module).flatMap((other) => [`${api}/modules/${other}/**/*.repository.ts`, `${api}/modules/${other}/**/*.routes.ts`]),
            message: "A module asks another module's service, never its repository or its routes (DESIGN.md).",
          })),
          ...['lib', 'http', 'db'].map((layer) => ({
            target: `${api}/${layer}/**`,
            from: `${api}/modules`,
            message: `${layer}/ is below every module: it imports none (a seed of a module's data lives in the module).`,
          })),
          { target: `${api}/app.ts`, from: `${api}/modules/*/**/*.repository.ts`, message: "app.ts wires services: it reads no module's repository." },
        ],
      }],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [{ target: 'packages', from: 'apps', message: 'A package never imports an app.' }] }],
    },
  },
  {
    // The web app's layers (DESIGN.md, apps/web/README.md): an import only points down
    // app → features → shared → api, i18n; a feature never imports another feature.
    files: [`${web}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [
          ...features.map((feature) => ({
            target: `${web}/features/${feature}`,
            from: `${web}/features`,
            except: [`./${feature}`],
            message: 'A feature imports no other feature: join features in a page of app/pages/ (apps/web/README.md).',
          })),
          { target: `${web}/features`, from: `${web}/app`, message: 'A feature does not import app/: what features share lives in shared/.' },
          { target: `${web}/shared`, from: [`${web}/features`, `${web}/app`], message: 'shared/ imports no feature and not app/: a feature registers itself (slice injection, render slots).' },
          { target: [`${web}/api`, `${web}/i18n`], from: [`${web}/features`, `${web}/shared`, `${web}/app`], message: 'api/ and i18n/ are the bottom layer: they import nothing above them.' },
        ],
      }],
    },
  },
);
