import type { PreconfigDetail, PreconfigSummary, Project } from '@lumen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type DemoRole, type ErrorAnswer, loginAll, P1, V2 } from './projects.test-support';

/**
 * Issue 10 §2: adding a preconfiguration adds every line it holds, with its quantities and pendant
 * heights, as the catalogue defines them (the client names the preconfiguration, nothing else).
 */
describeWithDb('projects: a whole preconfiguration', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;

  async function preconfig(agent: Agent, query: string, fits: (detail: PreconfigDetail) => boolean = () => true): Promise<PreconfigDetail> {
    const list = (await agent.get(`/api/products/v1/preconfigs/list?${query}`)).json<PreconfigSummary[]>();
    const several = [];
    for (const item of list) {
      const detail = (await agent.get(`/api/products/v1/preconfigs/creation/${item.id}`)).json<PreconfigDetail>();
      if (detail.lines.length > 1 && fits(detail)) several.push(detail);
    }
    const [first] = several;
    if (!first) throw new Error(`no preconfiguration with several lines for ${query}`);
    return first;
  }

  /** The project's lines as reference → quantity and pendant height (cm). */
  async function linesOf(agent: Agent, projectId: number) {
    const detail = await agent.get(`${P1}/${projectId}`);
    expect(detail.statusCode).toBe(200);
    return detail.json<Project>().products.map((product) => ({
      reference: product.referenceCode,
      quantity: product.quantity,
      preconfigId: product.preconfigId,
      pendantHeight: product.attributes?.pendantHeight === undefined ? undefined : Number(product.attributes.pendantHeight.code),
    }));
  }

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('adds every line', () => {
    it('to a project: each reference with its quantity, times the sets asked for', async () => {
      const skan = await preconfig(as.distributor, 'catalogId=16&subFamilyId=301');
      const project = await createProject(as.distributor);
      const added = await as.distributor.post(`${P1}/${project.id}/products`, [{ type: 'REGULAR', addedBy: 'PRECONFIG', preconfigId: skan.id, quantity: 2 }]);
      expect(added.statusCode).toBe(201);
      const lines = await linesOf(as.distributor, project.id);
      expect(lines.map(({ reference, quantity, preconfigId }) => ({ reference, quantity, preconfigId }))).toEqual(
        skan.lines.map((line) => ({ reference: line.reference, quantity: line.quantity * 2, preconfigId: skan.id })),
      );
    });

    it('of a pendant set, with each line’s pendant height', async () => {
      const pendants = await preconfig(as.distributor, 'catalogId=16&subFamilyId=225');
      expect(pendants.lines.every((line) => line.pendantHeight !== undefined)).toBe(true);
      const project = await createProject(as.distributor);
      expect((await as.distributor.post(`${P1}/${project.id}/products`, [{ addedBy: 'PRECONFIG', preconfigId: pendants.id }])).statusCode).toBe(201);
      const lines = await linesOf(as.distributor, project.id);
      expect(lines).toEqual(pendants.lines.map((line) => ({ reference: line.reference, quantity: line.quantity, preconfigId: pendants.id, pendantHeight: line.pendantHeight })));
    });

    it('into a new project, and through the apiv2 call, in the United States catalogue too', async () => {
      const usa = await preconfig(as.importer, 'catalogId=21&subFamilyId=301');
      const created = await as.importer.post(P1, { name: 'Preconfigured loft', catalogId: 21, products: [{ addedBy: 'PRECONFIG', preconfigId: usa.id }] });
      expect(created.statusCode).toBe(201);
      const id = created.json<Project>().id;
      expect((await linesOf(as.importer, id)).map((line) => line.reference)).toEqual(usa.lines.map((line) => line.reference));
      const again = await as.importer.post(`${V2}/project`, { projectId: id, products: [{ addedBy: 'PRECONFIG', preconfigId: usa.id }] });
      expect(again.statusCode, again.body).toBeLessThan(300);
      expect(await linesOf(as.importer, id)).toHaveLength(usa.lines.length * 2);
    });
  });

  describe('refuses, adding nothing', () => {
    it('an unknown preconfiguration, one of the other catalogue, or sets that make a line too large: 400 on the field', async () => {
      const usa = await preconfig(as.importer, 'catalogId=21&subFamilyId=301');
      const several = await preconfig(as.distributor, 'catalogId=16&subFamilyId=225', (detail) => detail.lines.some((line) => line.quantity > 1));
      const project = await createProject(as.distributor);
      const cases: Array<[unknown[], string]> = [
        [[{ referenceCode: '552010/02_10' }, { addedBy: 'PRECONFIG', preconfigId: 987654 }], '1.preconfigId'],
        [[{ addedBy: 'PRECONFIG', preconfigId: usa.id }], '0.preconfigId'],
        [[{ addedBy: 'PRECONFIG', preconfigId: several.id, quantity: 100_000 }], '0.quantity'],
      ];
      for (const [body, field] of cases) {
        const answer = await as.distributor.post(`${P1}/${project.id}/products`, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json<ErrorAnswer>().fields?.some((item) => item.path.includes(`body.${field}`)), answer.body).toBe(true);
      }
      expect(await linesOf(as.distributor, project.id)).toEqual([]);
    });

    it('a user who may not edit the project', async () => {
      const skan = await preconfig(as.distributor, 'catalogId=16&subFamilyId=301');
      const project = await createProject(as.distributor);
      const answer = await as.specifier.post(`${P1}/${project.id}/products`, [{ addedBy: 'PRECONFIG', preconfigId: skan.id }]);
      expect([403, 404]).toContain(answer.statusCode);
      expect(await linesOf(as.distributor, project.id)).toEqual([]);
    });
  });
});
