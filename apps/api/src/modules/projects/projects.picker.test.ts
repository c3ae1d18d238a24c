import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { type DemoRole, type ErrorAnswer, loginAll, P1, REF16 } from './projects.test-support';

type Pick = Array<{ id: number; name: string; catalogId: number }>;

/** "Add to project" offers only projects the user may add to (issue 10 §1): the picker's editable=true. */
describeWithDb('projects: the picker of "Add to project"', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const names = async (agent: Agent, query: string) => {
    const response = await agent.get(`${P1}?type=LIST${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Pick>().map((project) => project.name);
  };

  it('lists every visible project by default, and with editable=true only those the caller may add to', async () => {
    // The distributor sees the specifier's "Casa Prieto (salón)" (assigned to them) but does not own it.
    const visible = await names(as.distributor, '&catalogId=16');
    expect(visible).toEqual(expect.arrayContaining(['Hotel Ritz lobby', 'Casa Prieto (salón)']));
    const editable = await names(as.distributor, '&catalogId=16&editable=true');
    expect(editable).toContain('Hotel Ritz lobby');
    expect(editable).not.toContain('Casa Prieto (salón)');
  });

  it('every project it offers takes the product; one it leaves out refuses it', async () => {
    const offered = (await as.distributor.get(`${P1}?type=LIST&catalogId=16&editable=1`)).json<Pick>();
    const first = offered[0];
    if (!first) throw new Error('no project offered');
    const added = await as.distributor.post(`${P1}/${first.id}/products`, [{ referenceCode: REF16[0] }]);
    expect(added.statusCode, added.body).toBe(201);
    const all = (await as.distributor.get(`${P1}?type=LIST&catalogId=16`)).json<Pick>();
    const left = all.find((project) => !offered.some((item) => item.id === project.id));
    if (!left) throw new Error('every project offered');
    const refused = await as.distributor.post(`${P1}/${left.id}/products`, [{ referenceCode: REF16[0] }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorAnswer>().ErrorCode).toBe(403);
  });

  it('offers a backoffice user every project in edition, and a user without project.edit none', async () => {
    expect(await names(as.admin, '&catalogId=16&editable=true')).toEqual(expect.arrayContaining(['Hotel Ritz lobby', 'Casa Prieto (salón)']));
    const apiUser = await as.apiuser.get(`${P1}?type=LIST&editable=true`);
    if (apiUser.statusCode === 200) expect(apiUser.json<Pick>()).toEqual([]);
    else expect(apiUser.statusCode).toBe(403);
  });

  it('refuses an editable flag it cannot read with a 400 naming it', async () => {
    const response = await as.distributor.get(`${P1}?type=LIST&editable=maybe`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json<ErrorAnswer>())).toContain('editable');
  });
});
