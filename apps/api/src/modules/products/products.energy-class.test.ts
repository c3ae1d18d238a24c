/**
 * The energy class is computed, never stored (issue 14 §1, EU 2019/2015): every model the catalogue
 * answers carries the class packages/domain computes from its photometry and watts.
 */
import type { ModelSummary, TechnicalInfo } from '@lumen/contracts';
import { baseControlOf, modelEnergyRating } from '@lumen/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import catalogue from '../../db/seed/catalogue/data/catalogue.json';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('energy class of the catalogue (EU 2019/2015)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores none and answers the computed class on technical info and model lists', async () => {
    expect(catalogue.models.some((model) => 'energyClass' in model.technical)).toBe(false);
    const agent = t.agent();
    // 7460 (remote driver only, a non-mains light source): 1,340 lm / 20.7 W × 0.926 = 59.9 lm/W, class G.
    const sticks = (await agent.get('/api/products/v2/articles/technicalInfoByModel?model=7460&catalog=16')).json<TechnicalInfo>();
    expect(sticks.technicalData.energyClass).toBe('G');
    // 4520 (wall light, driver built in, a mains light source): 1,350 lm / 7.2 W = 187.5 lm/W, class B (it was A on Pon 6.4 W).
    const wall = (await agent.get('/api/products/v2/articles/technicalInfoByModel?model=4520&catalog=16')).json<TechnicalInfo>();
    expect(wall.technicalData.energyClass).toBe('B');
    let checked = 0;
    for (const model of catalogue.models.filter((candidate) => !candidate.virtual)) {
      const answer = await agent.get(`/api/products/v1/articles/models?catalog=16&subFamilyId=${model.subFamilyId}`);
      const summary = answer.json<ModelSummary[]>().find((candidate) => candidate.model === model.model);
      if (!summary) continue;
      expect(summary.technicalData.energyClass, model.model).toBe(modelEnergyRating({ model: model.model, ...model.technical, categoryId: model.categoryId, control: baseControlOf(model.options) }).energyClass);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
