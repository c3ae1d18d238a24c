/**
 * Issue 10 §3 over the whole demo catalogue, as the express and attributes configurators see it
 * (the calls they make, the domain's light configurator): every option a model offers can be
 * reached from some valid combination, and from the model's default configuration every offered
 * option can be chosen (a conflicting one moves the other attributes, it is never refused). And the
 * data agrees with its own rules: every combination the rules allow has an active article.
 */
import type { Collection, ModelSummary, VariationsResponse } from '@lumen/contracts';
import {
  articleCollectionOf,
  type ArticleCollection,
  type CatalogId,
  chooseLightOption,
  combinationOf,
  evaluateCombination,
  formatReference,
  LIGHT_CONFIGURATOR_IDS,
  LISTED_ATTRIBUTE_KEYS,
  lightOptionStates,
  parseRuleBook,
  type RuleSet,
  startLightConfiguration,
} from '@lumen/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogueArticles } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

const LIGHT = LIGHT_CONFIGURATOR_IDS.light;

interface ModelCase {
  catalogId: CatalogId;
  subFamilyId: number;
  model: string;
  collection: ArticleCollection;
  rules: RuleSet[];
}

describeWithDb('the demo catalogue in the configurators (issue 10 §3)', () => {
  let t: TestApp;
  let agent: Agent;
  const cases: ModelCase[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    agent = t.agent();
    await agent.login('admin@demo.example');
    for (const catalogId of [16, 21] as const) {
      const collections = (await agent.get(`/api/products/v1/categories/collections?catalogId=${catalogId}&images=false`)).json<Collection[]>();
      for (const { subFamilyId } of collections) {
        const rules = [...parseRuleBook((await agent.get(`/api/products/v1/static/rules/${subFamilyId}_${catalogId}.json`)).json()).ruleSets];
        const listed = await agent.get(`/api/products/v1/articles/models?catalog=${catalogId}&subFamilyId=${subFamilyId}`);
        expect(listed.statusCode, listed.body).toBe(200);
        const models = listed.json<ModelSummary[]>();
        for (const { model } of models) {
          const answer = await agent.get(`/api/apiv2/articles/variations?model=${model}&catalog=${catalogId}&subfamily=${subFamilyId}`);
          expect(answer.statusCode, model).toBe(200);
          cases.push({ catalogId, subFamilyId, model, collection: articleCollectionOf(answer.json<VariationsResponse>()), rules });
        }
      }
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('offers only options some valid combination holds, and from the default configuration every offered option can be chosen', () => {
    expect(cases.length).toBeGreaterThan(40);
    const unreachable: string[] = [];
    const refused: string[] = [];
    let offered = 0;
    for (const { catalogId, model, collection, rules } of cases) {
      for (const remoteDriverCP of [false, true]) {
        const ctx = { articles: collection, rules, catalogId, flags: { remoteDriverCP } };
        const { tree, reachability } = startLightConfiguration(model, ctx);
        const start = combinationOf(tree, LIGHT, collection);
        expect(evaluateCombination(tree, LIGHT, start, ctx).conflict, `${catalogId} ${model} default`).toBeNull();
        const states = lightOptionStates(tree, LIGHT, ctx, reachability);
        for (const key of LISTED_ATTRIBUTE_KEYS) {
          for (const option of states[key]) {
            const where = `${catalogId} ${model} ${key}=${option.code}${remoteDriverCP ? ' (RemoteDriverCP)' : ''}`;
            if (option.state === 'unreachable') unreachable.push(where);
            if (option.state === 'unreachable' || option.state === 'unavailable') continue;
            offered += 1;
            const result = chooseLightOption(tree, LIGHT, key, option.code, ctx, reachability);
            const after = combinationOf(result.tree, LIGHT, collection);
            if (result.status === 'refused' || after[key] !== option.code || evaluateCombination(result.tree, LIGHT, after, ctx).conflict !== null) refused.push(where);
          }
        }
      }
    }
    expect(unreachable).toEqual([]);
    expect(refused).toEqual([]);
    expect(offered).toBeGreaterThan(900);
  });

  it('has an active article for every combination its rules allow', async () => {
    const missing: string[] = [];
    for (const { catalogId, model, collection, rules } of cases) {
      const ctx = { articles: collection, rules, catalogId };
      const { reachability } = startLightConfiguration(model, ctx);
      const rows = await t.database.db
        .select({ reference: catalogueArticles.reference })
        .from(catalogueArticles)
        .where(and(eq(catalogueArticles.catalogId, catalogId), eq(catalogueArticles.model, model), eq(catalogueArticles.active, true)));
      const made = new Set(rows.map((row) => row.reference));
      for (const c of reachability.valid) {
        const reference = formatReference({ model, catalogId, colour: c.finish, control: c.control, temperature: c.ledColourTemp, installation: c.installation });
        if (!made.has(reference)) missing.push(reference);
      }
    }
    expect(missing).toEqual([]);
  });
});
