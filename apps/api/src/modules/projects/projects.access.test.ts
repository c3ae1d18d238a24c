import type { Project, ProjectListPage, ProjectVersion } from '@lumen/contracts';
import { type Privilege, privilegesOfRoles, type RoleName, ROLES } from '@lumen/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, userRoles, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp, DEMO_PASSWORD } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { VIEW_PRIVILEGES } from './projects.access';
import { createProject, DEMO_ROLES, type DemoRole, loginAll, P1, REF16, V2 } from './projects.test-support';

/**
 * The authorization matrix: every project call × every demo role × own / company / assigned / other
 * company project. Expected: the guard's 403 when the role lacks the call's privilege; 404 when the
 * project is outside the caller's scope (ids are not confirmed); 403 for a change of a project the
 * caller may only read; success otherwise.
 */

const ROLE_OF: Record<DemoRole, RoleName> = {
  webuser: 'webUser',
  specifier: 'specifier',
  distributor: 'distributor',
  distributor2: 'distributor',
  sales: 'sales',
  importer: 'importer',
  admin: 'admin',
  apiuser: 'apiUser',
};

/** Demo company (CRM id) of each demo user, for the colleague who owns the "company" project. */
const COMPANY_OF: Partial<Record<DemoRole, string>> = { specifier: 'CRM-ACC-0003', distributor: 'CRM-ACC-0001', distributor2: 'CRM-ACC-0002', importer: 'CRM-ACC-0004' };

type Target = 'own' | 'company' | 'assigned' | 'other';
type Relation = 'write' | 'read' | 'none';

function relation(role: DemoRole, target: Target): Relation {
  if (target === 'own' || role === 'admin') return 'write';
  const privileges = privilegesOfRoles([ROLE_OF[role]]);
  if (target === 'company') return privileges.includes('project.view.company') ? 'read' : 'none';
  if (target === 'assigned') return privileges.includes('project.view.assigned.company') ? 'read' : 'none';
  return 'none';
}

interface Call {
  name: string;
  privileges: readonly Privilege[];
  /** read: any visible project; write: the caller's to change; copy: read, then a new project. */
  kind: 'read' | 'write' | 'copy' | 'import';
  ok: number;
  run: (agent: Agent, project: Project, productId: string, otherEmail: string) => Promise<LightMyRequestResponse>;
}

const edit: readonly Privilege[] = ['project.edit'];
const CALLS: readonly Call[] = [
  { name: 'detail v1', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${P1}/${p.id}?prices=true`) },
  { name: 'detail apiv2', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${V2}/project/${p.id}`) },
  { name: 'get name', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${V2}/project/${p.id}/projectName`) },
  { name: 'versions', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${V2}/project/${p.id}/versions`) },
  { name: 'products', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${P1}/${p.id}/products?isPersonalized=1`) },
  { name: 'tech-info-actions', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${P1}/${p.id}/tech-info-actions`) },
  { name: 'tooltip-info', privileges: VIEW_PRIVILEGES, kind: 'read', ok: 200, run: (a, p) => a.get(`${P1}/${p.id}/tooltip-info`) },
  { name: 'rename v1', privileges: edit, kind: 'write', ok: 200, run: (a, p) => a.put(`${P1}/${p.id}`, { name: 'Renamed' }) },
  { name: 'rename apiv2', privileges: edit, kind: 'write', ok: 200, run: (a, p) => a.put(`${V2}/project/${p.id}/projectName`, { name: 'Renamed v2' }) },
  { name: 'add products', privileges: edit, kind: 'write', ok: 201, run: (a, p) => a.post(`${P1}/${p.id}/products`, [{ referenceCode: REF16[1] }]) },
  { name: 'add products apiv2', privileges: edit, kind: 'write', ok: 201, run: (a, p) => a.post(`${V2}/project`, { projectId: p.id, products: [{ referenceCode: REF16[2] }] }) },
  { name: 'update product', privileges: edit, kind: 'write', ok: 200, run: (a, p, id) => a.put(`${P1}/${p.id}/products/${id}`, { quantity: 9 }) },
  { name: 'validate product', privileges: edit, kind: 'write', ok: 200, run: (a, p, id) => a.put(`${V2}/project/${p.id}/product/${id}/validate`) },
  { name: 'clone product', privileges: edit, kind: 'write', ok: 201, run: (a, p, id) => a.post(`${V2}/projects/${p.id}/products/${id}/clone`) },
  { name: 'version', privileges: edit, kind: 'write', ok: 201, run: (a, p) => a.post(`${V2}/project/${p.id}/version`, { title: 'V' }) },
  { name: 'version update', privileges: edit, kind: 'write', ok: 200, run: (a, p) => a.post(`${V2}/project/${p.id}/version/update`, { title: 'V' }) },
  { name: 'assign third party', privileges: ['project.asigment.thirdparty'], kind: 'write', ok: 200, run: (a, p, _id, email) => a.post(`${P1}/${p.id}/assign-thirdparty`, { email }) },
  { name: 'duplicate', privileges: ['project.clone'], kind: 'copy', ok: 201, run: (a, p) => a.post(`${P1}/${p.id}/clone`) },
  { name: 'import', privileges: ['project.add'], kind: 'import', ok: 200, run: (a, p) => a.put(`${P1}/${p.id}/import`) },
  { name: 'delete product', privileges: edit, kind: 'write', ok: 200, run: (a, p, id) => a.request('DELETE', `${P1}/${p.id}/products/${id}`) },
  {
    // The version the 'version' call made (the project itself when there is none), so that 'delete project' still finds the project.
    name: 'delete version',
    privileges: ['project.delete'],
    kind: 'write',
    ok: 200,
    run: async (a, p) => {
      const versions = await a.get(`${V2}/project/${p.id}/versions`);
      const other = versions.statusCode === 200 ? versions.json<ProjectVersion[]>().find((version) => version.id !== p.id) : undefined;
      return a.request('DELETE', `${V2}/project/${other?.id ?? p.id}/version`);
    },
  },
  { name: 'delete project', privileges: ['project.delete'], kind: 'write', ok: 200, run: (a, p) => a.request('DELETE', `${P1}/${p.id}`) },
];

function expected(role: DemoRole, target: Target, call: Call): number {
  const privileges = privilegesOfRoles([ROLE_OF[role]]);
  if (!call.privileges.some((privilege) => privileges.includes(privilege))) return 403;
  if (call.kind === 'import') return 200;
  const rel = relation(role, target);
  if (rel === 'none') return 404;
  if (call.kind === 'write' && rel === 'read') return 403;
  return call.ok;
}

describeWithDb('projects: authorization matrix', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  /** A colleague (web user) in each demo company, who owns the "company" projects. */
  const colleagues = new Map<string, Agent>();

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const crmId of new Set(Object.values(COMPANY_OF))) {
      const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.crmId, crmId));
      const email = `colleague-${crmId.toLowerCase()}@test.example`;
      const [user] = await t.database.db
        .insert(users)
        .values({ email, passwordHash, name: `Colleague ${crmId}`, status: 4, userType: 2, companyId: company?.id ?? null })
        .returning({ id: users.id });
      if (!user) throw new Error('no colleague');
      await t.database.db.insert(userRoles).values({ userId: user.id, roleId: ROLES.webUser });
      const agent = t.agent();
      await agent.login(email);
      colleagues.set(crmId, agent);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  function ownerOf(role: DemoRole, target: Target): Agent | undefined {
    switch (target) {
      case 'own':
        return as[role];
      case 'company': {
        const crmId = COMPANY_OF[role];
        return crmId ? colleagues.get(crmId) : undefined;
      }
      case 'assigned':
        // sales@ looks after company A (demo seed); every role meets a company-A colleague project
        return role === 'distributor' ? undefined : colleagues.get('CRM-ACC-0001');
      case 'other':
        return role === 'distributor2' ? colleagues.get('CRM-ACC-0001') : colleagues.get('CRM-ACC-0002');
    }
  }

  let executed = 0;
  let checkedCalls = 0;
  for (const role of DEMO_ROLES) {
    for (const target of ['own', 'company', 'assigned', 'other'] as const) {
      it(`${role} × ${target} project: every call`, async () => {
        const owner = ownerOf(role, target);
        if (!owner) return;
        const project = await createProject(owner, { name: `${role} ${target}`, products: [{ referenceCode: REF16[0] }] });
        const productId = project.products[0]?._id ?? '';
        const otherEmail = role === 'distributor2' ? 'distributor@demo.example' : 'distributor2@demo.example';
        // the list shows exactly what the detail may read
        const listed = (await as[role].get(`${P1}/filter?itemsPerPage=100&search=${encodeURIComponent(`${role} ${target}`)}`)).json<ProjectListPage>();
        expect(listed.items.some((item) => item.id === project.id), `${role} × ${target}: list`).toBe(relation(role, target) !== 'none');
        executed += 1;
        const failures: string[] = [];
        for (const call of CALLS) {
          checkedCalls += 1;
          const response = await call.run(as[role], project, productId, otherEmail);
          const want = expected(role, target, call);
          if (response.statusCode !== want) failures.push(`${call.name}: ${response.statusCode} (want ${want}) ${response.body.slice(0, 120)}`);
          if (call.kind === 'import' && response.statusCode === 200) expect(response.json()).toEqual({ success: false, status: 404 });
        }
        expect(failures, `${role} × ${target}`).toEqual([]);
        // nothing another caller did may have changed a project it could not change
        const after = (await owner.get(`${P1}/${project.id}`)).json<Project>();
        if (relation(role, target) !== 'write') {
          expect(after).toMatchObject({ name: `${role} ${target}`, status: 1, productsCount: 1, revision: project.revision });
        }
      });
    }
  }

  it('ran every combination that exists (roles without a company have no company target)', () => {
    expect(executed).toBe(DEMO_ROLES.length * 4 - 5);
    expect(checkedCalls).toBe(executed * CALLS.length);
  });

  describe('guessing ids', () => {
    it('another company’s ids answer exactly like missing ids', async () => {
      const theirs = await createProject(as.distributor2, { name: 'Secret B' });
      const mine = as.distributor;
      for (const id of [theirs.id, 987654]) {
        const response = await mine.get(`${P1}/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ ErrorCode: 404, ErrorDescription: `No project ${id}`, code: 'NOT_FOUND' });
      }
    });

    it('not logged in: 401 on every call', async () => {
      const anonymous = t.agent();
      for (const call of CALLS) {
        const response = await call.run(anonymous, { id: 1 } as Project, '00000000-0000-4000-8000-000000000000', 'x@example.com');
        expect(response.statusCode, call.name).toBe(401);
      }
      expect((await anonymous.get(`${P1}/filter`)).statusCode).toBe(401);
      expect((await anonymous.post(P1, { name: 'x' })).statusCode).toBe(401);
      expect((await anonymous.post(`${P1}/products/generate-creation-code`)).statusCode).toBe(401);
    });
  });
});
