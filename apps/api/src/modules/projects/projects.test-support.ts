import type { Project, ProjectListPage } from '@lumen/contracts';
import type { Agent, TestApp } from '../../../test/test-app';

/** Helpers shared by the projects test files (not a test file itself). */

export const P1 = '/api/projects/v1/projects';
export const V2 = '/api/apiv2';

export const DEMO_ROLES = ['webuser', 'specifier', 'distributor', 'distributor2', 'sales', 'importer', 'admin', 'apiuser'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export interface ErrorAnswer {
  ErrorCode: number;
  code: string;
  ErrorDescription: string;
  fields?: Array<{ path: string; message: string }>;
}

/** References of the demo catalogue that tests add. */
export const REF16 = ['552010/02_10', '746005/M3_31', '577010/02_10', '235505/03_10'] as const;
export const REF21 = '5520-10/03_10';

export async function loginAll(t: TestApp): Promise<Record<DemoRole, Agent>> {
  const entries = await Promise.all(
    DEMO_ROLES.map(async (role) => {
      const agent = t.agent();
      await agent.login(`${role}@demo.example`);
      return [role, agent] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DemoRole, Agent>;
}

export async function createProject(agent: Agent, body: Record<string, unknown> = {}): Promise<Project> {
  const response = await agent.post(P1, { name: 'Test project', catalogId: 16, products: [], ...body });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<Project>();
}

export async function listAll(agent: Agent, query = ''): Promise<ProjectListPage> {
  const response = await agent.get(`${P1}/filter?itemsPerPage=100${query}`);
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json<ProjectListPage>();
}

/** The demo project of an owner by name (seeded). */
export async function demoProjectId(agent: Agent, name: string): Promise<number> {
  const page = await listAll(agent, `&search=${encodeURIComponent(name)}`);
  const found = page.items.find((item) => item.name === name);
  if (!found) throw new Error(`no demo project ${name}`);
  return found.id;
}
