import type { VariationsResponse } from '@lumen/contracts';
import { articleCollectionOf, parseRuleBook } from '@lumen/domain';
import { describe, expect, it } from 'vitest';
import {
  attributesOf,
  chooseAttribute,
  configuratorContextOf,
  forgetWarmStart,
  optionsOf,
  pendantHeights,
  resultOf,
  startConfiguration,
  warmConfiguratorStart,
  type ConfiguratorContext,
} from './configuration';
import { articleCollection, baseArticle, remoteDriverCollection, REMOTE_DRIVER_RULES as PLUSMINUS_RULES, RULES } from './configurator.fixtures';

/** A pendant with a remote-driver-only control, like the demo catalogue's sticks (subfamily 219). */
function pendantCollection(): VariationsResponse {
  const model = '7460';
  const base = baseArticle(16, model);
  const pendantHeight = { code: '150', description: { en: 'Pendant height' }, bov: 'O' as const, value: 150, min: 60, standard: 150, max: 350, delta: 50 };
  return {
    catalogId: 16,
    articles: [{ ...base, reference: '746005/M3_10', referenceBase: '746005/M3_10', attributes: { ...base.attributes, finish: { ...base.attributes.finish, code: '05' }, control: { ...base.attributes.control, code: 'M' }, pendantHeight } }],
    variations: [
      { type: 'control', model, modifier: 'M', description: { en: 'No driver (remote driver)' } },
      { type: 'installation', model, modifier: '10', description: { en: 'Surface canopy' } },
      { type: 'installation', model, modifier: '31', description: { en: 'Micro canopy' }, priceIncrement: '22.00' },
      { type: 'pendantHeight', model, modifier: 'PH', priceIncrement: '8.00', priceIncrementPercent: '2', value: 150, min: 60, standard: 150, max: 350, delta: 50 },
    ],
    pricing: { currency: 'EUR', rateId: 1, basePrices: { [model]: '400.00' }, discounts: {} },
  };
}

const REMOTE_DRIVER_RULES = parseRuleBook({
  version: 1,
  subFamilyId: 219,
  ruleSets: [
    {
      id: 'sticks',
      appliesTo: { elementType: ['Light'] },
      rules: [{ kind: 'exclusion', id: 'remote-driver', reason: 'A remote driver needs a recessed canopy', combinations: [{ Dim: 'M', Instalacion1: ['0', '1', '2', '5', '6'] }] }],
    },
  ],
}).ruleSets;

function context(data: VariationsResponse, model: string, rules = parseRuleBook(RULES).ruleSets): ConfiguratorContext {
  return { model, catalogId: data.catalogId, collection: articleCollectionOf(data), rules };
}

describe('the configuration', () => {
  it('is one context per answers, rules, model and flags, and its renders take the start computed ahead until one is on screen (issue 35 §5)', () => {
    const data = articleCollection(16);
    const rules = parseRuleBook(RULES).ruleSets;
    const context = configuratorContextOf('0270', data, rules, { remoteDriverCP: false });
    expect(configuratorContextOf('0270', data, rules, { remoteDriverCP: false })).toBe(context);
    expect(configuratorContextOf('0270', data, rules, { remoteDriverCP: true })).not.toBe(context);
    expect(configuratorContextOf('0270', articleCollection(16), rules, { remoteDriverCP: false })).not.toBe(context);
    const warmed = warmConfiguratorStart(context);
    // With initial values or a fixed time, the start is computed for them.
    expect(startConfiguration(context, { finish: '01' })).not.toBe(warmed);
    // Taken by every render until the configurator that took it is on screen (a render React throws away takes it too).
    expect(startConfiguration(context)).toBe(warmed);
    expect(startConfiguration(context)).toBe(warmed);
    forgetWarmStart(context);
    // Then a later start (the configurator opened again) counts afresh, to the same configuration.
    const again = startConfiguration(context);
    expect(again).not.toBe(warmed);
    expect(attributesOf(again)).toEqual(attributesOf(warmed));
  });

  it('starts from the base article, with single options set by the domain', () => {
    const ctx = context(articleCollection(16), '0270');
    const tree = startConfiguration(ctx);
    expect(attributesOf(tree)).toEqual({ finish: '01', ledColourTemp: '3', control: '0', installation: '10' });
    expect(resultOf(tree, ctx, 1, null).reference).toBe('027001/03_10');
  });

  it('starts from a preconfiguration, skipping what does not fit', () => {
    const ctx = context(articleCollection(21), '0270');
    const tree = startConfiguration(ctx, { finish: '05', control: '2', ledColourTemp: '9' });
    // Black with DALI is excluded by the rules: DALI is skipped, as is the unknown temperature.
    expect(resultOf(tree, ctx, 1, null).reference).toBe('0270-05/03_10');
  });

  it('prices, merges lead times and takes the largest MOQ of the chosen variations', () => {
    const data = articleCollection(16);
    const ctx = context(data, '0270');
    let tree = startConfiguration(ctx);
    tree = chooseAttribute(tree, 'finish', '05', ctx).tree;
    tree = chooseAttribute(tree, 'ledColourTemp', '4', ctx).tree;
    const pricing = { basePrice: data.pricing?.basePrices['0270'], rateId: 1, discounts: { '60': 25 } };
    const result = resultOf(tree, ctx, 60, pricing);
    expect(result.reference).toBe('027005/04_10');
    expect(result.moq).toBe(10);
    expect(result.leadTimeWeeks).toBe(6);
    expect(result.prices).toMatchObject({ unitGross: 110, unitNet: 82.5, totalNet: 4950 });
    expect(result.drivers.reduce((sum, line) => sum + line.count, 0)).toBeGreaterThan(0);
  });

  it('prices catalogue 21 as the api does for the user: changePricesCalculation lifts the 1.2 × base cap', () => {
    const data = articleCollection(21);
    data.variations.push({ type: 'control', model: '0270', modifier: '3', description: { en: 'Phase-cut' }, priceIncrementDollars: '40' });
    const ctx = context(data, '0270');
    const tree = chooseAttribute(startConfiguration(ctx), 'control', '3', ctx).tree;
    const pricing = { basePrice: '120', rateId: 12, discounts: {} };
    // $120 + $40: the old path caps the price at 1.2 × 120.
    expect(resultOf(tree, ctx, 1, pricing).prices?.unitGross).toBe(144);
    expect(resultOf(tree, ctx, 1, { ...pricing, changePricesCalculation: true }).prices?.unitGross).toBe(160);
  });

  it('says when a variation is no longer or not yet available', () => {
    const data = articleCollection(16);
    data.variations.push({ type: 'temperature', model: '0270', modifier: '5', description: { en: '5000 K' }, availability: { since: '2030-01-01T00:00:00Z' } });
    const ctx = context(data, '0270');
    const tree = chooseAttribute(startConfiguration(ctx), 'ledColourTemp', '5', ctx).tree;
    const result = resultOf(tree, ctx, 1, null, new Date('2029-12-01T00:00:00Z'));
    expect(result.availability).toMatchObject({ state: 'upcoming', weeks: 5 });
  });

  it('never starts from a base article the rules exclude', () => {
    // The base article is 746005/M3_10, but a remote driver (M) needs a recessed canopy.
    const ctx = context(pendantCollection(), '7460', REMOTE_DRIVER_RULES);
    const tree = startConfiguration(ctx);
    expect(attributesOf(tree)).toMatchObject({ control: 'M', installation: '31' });
    expect(resultOf(tree, ctx, 1, null).reference).toBe('746005/M3_31');
  });

  it('refuses an excluded combination and keeps the previous value', () => {
    const ctx = context(pendantCollection(), '7460', REMOTE_DRIVER_RULES);
    const surface = chooseAttribute(startConfiguration(ctx), 'installation', '10', ctx);
    expect(surface.incompatible).toBe(true);
    expect(resultOf(surface.tree, ctx, 1, null).reference).toBe('746005/M3_31');
  });

  it('RemoteDriverCP on: a remote installation switches the light to control M (no driver), and M stays while the canopy is remote', () => {
    const ctx = { ...context(remoteDriverCollection(), '5520', parseRuleBook(PLUSMINUS_RULES).ruleSets), flags: { remoteDriverCP: true } };
    const start = startConfiguration(ctx);
    expect(attributesOf(start)).toMatchObject({ control: '0', installation: '10' });
    const micro = chooseAttribute(start, 'installation', '31', ctx);
    expect(micro.incompatible).toBe(false);
    expect(attributesOf(micro.tree)).toMatchObject({ control: 'M', installation: '31' });
    expect(resultOf(micro.tree, ctx, 1, null).reference).toBe('552001/M3_31');
    // Another driver with a remote canopy: the canopy moves to the nearest one that takes a driver (issue 10 §3).
    const dali = chooseAttribute(micro.tree, 'control', '2', ctx);
    expect(dali).toMatchObject({ status: 'moved', incompatible: false, changes: [{ key: 'installation', from: '31', to: '10' }] });
    expect(attributesOf(dali.tree)).toMatchObject({ control: '2', installation: '10' });
  });

  it('RemoteDriverCP off (or not given): a remote installation keeps the chosen control', () => {
    for (const flags of [{ remoteDriverCP: false }, undefined]) {
      const ctx = { ...context(remoteDriverCollection(), '5520', parseRuleBook(PLUSMINUS_RULES).ruleSets), flags };
      const micro = chooseAttribute(startConfiguration(ctx), 'installation', '31', ctx);
      expect(micro.incompatible).toBe(false);
      expect(attributesOf(micro.tree)).toMatchObject({ control: '0', installation: '31' });
      expect(resultOf(micro.tree, ctx, 1, null).reference).toBe('552001/03_31');
    }
  });

  it('offers pendant heights in delta steps around the standard and prices the steps above it', () => {
    const data = pendantCollection();
    const ctx = context(data, '7460', REMOTE_DRIVER_RULES);
    const range = optionsOf(ctx).pendantHeight;
    expect(range).toEqual({ min: 60, max: 350 });
    expect(pendantHeights(articleCollectionOf(data).articles[0]!, range!)).toEqual([60, 100, 150, 200, 250, 300, 350]);
    const pricing = { basePrice: '400.00', rateId: 1, discounts: {} };
    let tree = startConfiguration(ctx);
    expect(resultOf(tree, ctx, 1, pricing).prices?.unitGross).toBe(422);
    tree = chooseAttribute(tree, 'pendantHeight', '250', ctx).tree;
    // Two steps of 50 cm above the standard: 2 × 8 € more (rate 1 prices pendant height by its fixed amount).
    expect(resultOf(tree, ctx, 1, pricing).prices?.unitGross).toBe(438);
  });
});
