import { describe, expect, it } from 'vitest';
import { combinationAllowed, combinationsOf, exclusionRuleSet, modelRuleEffect } from './rule-effect';

const space = { finish: ['02', '03'], ledColourTemp: ['3', '4'], control: ['0', '2'], installation: ['10'] };
const reasons = { en: 'Black is not made with DALI', us: 'Black is not made with DALI', fr: 'x', de: 'x', it: 'x', es: 'x' };

describe('the effect of an exclusion rule over a model’s option space', () => {
  it('enumerates every combination', () => {
    expect(combinationsOf(space)).toHaveLength(8);
  });

  it('reports the combinations it makes invalid and the articles that lose their path', () => {
    const rule = exclusionRuleSet('black-dali', { models: ['5520'], combinations: [{ Acabado: '03', Dim: '2' }], reasons });
    const articles = [
      { reference: '552003/32_10', finish: '03', ledColourTemp: '3', control: '2', installation: '10', active: true },
      { reference: '552003/30_10', finish: '03', ledColourTemp: '3', control: '0', installation: '10', active: true },
      { reference: '552003/42_10', finish: '03', ledColourTemp: '4', control: '2', installation: '10', active: false },
    ];
    const effect = modelRuleEffect('5520', space, [], [rule], articles);
    expect(effect).toMatchObject({ combinations: 8, validBefore: 8, validAfter: 6, unreachable: [], articlesLosingPath: ['552003/32_10'] });
    expect(effect.newlyInvalid).toEqual([
      { finish: '03', ledColourTemp: '3', control: '2', installation: '10' },
      { finish: '03', ledColourTemp: '4', control: '2', installation: '10' },
    ]);
    // Another model of the collection is untouched by a rule that names one model.
    expect(combinationAllowed([rule], '5521', { finish: '03', control: '2' })).toBe(true);
  });

  it('finds options no valid combination reaches any more', () => {
    const rule = exclusionRuleSet('no-dali', { models: [], combinations: [{ Dim: '2' }], reasons });
    const effect = modelRuleEffect('5520', space, [], [rule], []);
    expect(effect.unreachable).toEqual([{ attribute: 'control', code: '2' }]);
    expect(effect.validAfter).toBe(4);
  });
});
