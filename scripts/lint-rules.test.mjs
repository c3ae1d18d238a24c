// The import rules of eslint.config.js, proved on small snippets linted at virtual paths of the
// repository with the real configuration (ESLint's Node API; nothing is written to disk). The
// imported modules are the real ones, so a cycle is a snippet that imports a module importing it back.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import-x rules reported for `code` placed at `filePath` (relative to the repository root). */
async function importProblems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId?.startsWith('import-x/') || message.fatal).map((message) => message.ruleId ?? message.message);
}

describe('web layers (import-x/no-restricted-paths)', () => {
  it('refuses a feature importing another feature, whatever the spelling', async () => {
    for (const source of ['../catalogue', '../catalogue/index', '../catalogue/select-collection-page', '../../features/catalogue']) {
      expect(await importProblems('apps/web/src/features/projects/probe.ts', `import * as other from '${source}';\nexport const x = other;\n`)).toEqual(['import-x/no-restricted-paths']);
    }
  });

  it('refuses a feature importing app/', async () => {
    expect(await importProblems('apps/web/src/features/home/probe.tsx', "import { RequireAuth } from '../../app/guards';\nexport const x = RequireAuth;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses shared/ importing a feature or app/', async () => {
    expect(await importProblems('apps/web/src/shared/probe.ts', "import { loadProjectsPage } from '../features/projects';\nexport const x = loadProjectsPage;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems('apps/web/src/shared/probe.ts', "import { Layout } from '../app/layout';\nexport const x = Layout;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses api/ and i18n/ importing the layers above them', async () => {
    expect(await importProblems('apps/web/src/i18n/probe.ts', "import { useAppSelector } from '../shared/store';\nexport const x = useAppSelector;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems('apps/web/src/api/probe.ts', "import { createRoutes } from '../app/routes';\nexport const x = createRoutes;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets imports point down: app → features, a feature → its own files and shared/, shared/ → api/ and i18n/', async () => {
    expect(await importProblems('apps/web/src/app/probe.tsx', "import { loadProjectsPage } from '../features/projects';\nimport { loadSelectCollectionPage } from '../features/catalogue';\nexport const x = [loadProjectsPage, loadSelectCollectionPage];\n")).toEqual([]);
    expect(await importProblems('apps/web/src/features/projects/probe.ts', "import { selectProjects } from './projects-slice';\nimport { useAppSelector } from '../../shared/store';\nexport const x = [selectProjects, useAppSelector];\n")).toEqual([]);
    expect(await importProblems('apps/web/src/shared/probe.ts', "import { createApiClient } from '../api';\nimport { formatMoney } from '../i18n/format';\nexport const x = [createApiClient, formatMoney];\n")).toEqual([]);
  });
});

describe('imports resolve as TypeScript resolves them (import-x/no-unresolved)', () => {
  it('resolves workspace packages and relative TypeScript modules, and reports what resolves nowhere', async () => {
    expect(await importProblems('apps/web/src/features/projects/probe.ts', "import { tryParseReference } from '@lumen/domain';\nimport { Button } from '@lumen/ui';\nexport const x = [tryParseReference, Button];\n")).toEqual([]);
    expect(await importProblems('apps/web/src/features/projects/probe.ts', "import { nothing } from '@lumen/nowhere';\nexport const x = nothing;\n")).toEqual(['import-x/no-unresolved']);
    expect(await importProblems('apps/web/src/features/projects/probe.ts', "import { nothing } from './nowhere';\nexport const x = nothing;\n")).toEqual(['import-x/no-unresolved']);
  });
});

describe('no import cycles anywhere (import-x/no-cycle)', () => {
  it('reports a cycle in the web app: shared/async-action.ts importing session.ts, which imports it', async () => {
    expect(await importProblems('apps/web/src/shared/async-action.ts', "import { logout } from './session';\nexport const x = logout;\n")).toEqual(['import-x/no-cycle']);
  });

  it('reports a cycle in the api and in a package', async () => {
    expect(await importProblems('apps/api/src/http/health.ts', "import { buildApp } from '../app';\nexport const x = buildApp;\n")).toEqual(['import-x/no-cycle']);
    expect(await importProblems('packages/domain/src/access/access.ts', "import { tryParseReference } from '../index';\nexport const x = tryParseReference;\n")).toEqual(['import-x/no-cycle']);
  });

  it('does not count a type-only import, which the build erases', async () => {
    expect(await importProblems('apps/web/src/shared/async-action.ts', "import type { SessionState } from './session';\nexport type X = SessionState;\n")).toEqual([]);
  });
});

describe("the web's contract values come from '@lumen/contracts/constants' (no-restricted-imports)", () => {
  /** The rule's findings for `code` at `filePath`. */
  async function restricted(filePath, code) {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.ruleId);
  }

  it('refuses a plain value from the index, which would build every schema where the value is used', async () => {
    expect(await restricted('apps/web/src/features/projects/probe.ts', "import { PROJECT_STATUS } from '@lumen/contracts';\nexport const x = PROJECT_STATUS;\n")).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('lets a value come from constants, a schema or a type from the index', async () => {
    expect(await restricted('apps/web/src/features/projects/probe.ts', "import { PROJECT_STATUS } from '@lumen/contracts/constants';\nimport { Email, type Project } from '@lumen/contracts';\nexport const x: [typeof PROJECT_STATUS, typeof Email, Project?] = [PROJECT_STATUS, Email];\n")).toEqual([]);
  });
});

describe("the api's rooms (import-x/no-restricted-paths)", () => {
  it("refuses a module importing another module's repository or routes, whatever the spelling", async () => {
    const probe = 'apps/api/src/modules/auth/probe.ts';
    expect(await importProblems(probe, "import { findUserByEmail } from '../users/users.repository';\nexport const x = findUserByEmail;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems(probe, "import * as users from '../../modules/users/users.repository';\nexport const x = users;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems('apps/api/src/modules/platform/probe.ts', "import { SOCIAL_COOKIE } from '../auth/social/social.routes';\nexport const x = SOCIAL_COOKIE;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it("lets a module use its own repository and another module's service", async () => {
    expect(await importProblems('apps/api/src/modules/users/probe.ts', "import { findUserByEmail } from './users.repository';\nexport const x = findUserByEmail;\n")).toEqual([]);
    expect(await importProblems('apps/api/src/modules/auth/probe.ts', "import { buildAccount } from '../users/users.service';\nimport { findUserByEmail } from '../users/users.accounts';\nexport const x = [buildAccount, findUserByEmail];\n")).toEqual([]);
  });

  it('refuses lib/, http/ and db/ importing a module, and app.ts reading a repository', async () => {
    expect(await importProblems('apps/api/src/lib/probe.ts', "import { createUsersService } from '../modules/users/users.service';\nexport const x = createUsersService;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems('apps/api/src/http/probe.ts', "import { buildAccount } from '../modules/users/users.service';\nexport const x = buildAccount;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems('apps/api/src/db/seed/probe.ts', "import { seedDemoOrders } from '../../modules/orders/orders.seed';\nexport const x = seedDemoOrders;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await importProblems('apps/api/src/app.ts', "import { findUserByEmail } from './modules/users/users.repository';\nexport const x = findUserByEmail;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a package importing an app by a relative path', async () => {
    expect(await importProblems('packages/domain/src/probe.ts', "import { buildApp } from '../../../apps/api/src/app';\nexport const x = buildApp;\n")).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('the domain does no I/O, also where a static import cannot show it', () => {
  async function problems(code) {
    const [result] = await eslint.lintText(code, { filePath: 'packages/domain/src/probe.ts' });
    return result.messages.map((message) => message.ruleId);
  }

  it('refuses a dynamic import and the environment', async () => {
    expect(await problems("export const load = () => import('node:fs');\n")).toEqual(['no-restricted-syntax']);
    expect(await problems('export const mode = process.env.NODE_ENV;\n')).toEqual(['no-restricted-globals']);
  });

  it('lets plain code through', async () => {
    expect(await problems('export const twice = (n: number): number => n * 2;\n')).toEqual([]);
  });
});
