import type { VariationsResponse } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { articleCollection } from './configurator.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string) => en[key] ?? key;

/** The North wall as a pendant of `catalogId`: heights from 60 cm to 3.50 m around 1.50 m. */
function pendantCollection(catalogId: 16 | 21): VariationsResponse {
  const collection = articleCollection(catalogId);
  const [base] = collection.articles;
  if (!base) throw new Error('no base article');
  const range = { min: 60, standard: 150, max: 350, delta: 50 };
  base.attributes.pendantHeight = { code: '150', description: { en: 'Pendant height' }, bov: 'O', value: 150, ...range };
  collection.variations.push({ type: 'pendantHeight', model: '0270', modifier: 'PH', description: { en: 'Pendant height' }, min: 60, max: 350, standard: 150, priceIncrement: '8' });
  return collection;
}

function pendantApi(catalogId: 16 | 21, lang: 'us' | 'en' | 'de') {
  const account = makeAccount({ role: 'distributor', catalogId, catalog: catalogId === 21 ? 'USA' : 'INT', lang, language: { isoCode: lang } });
  const api = createFakeApi({ account });
  api.handle((call) => {
    if (call.path === '/api/products/v1/articles/references') return json(200, {});
    if (call.path === '/api/apiv2/articles/variations') return json(200, pendantCollection(catalogId));
    if (call.path === '/api/products/v1/articles/models') return json(200, [{ model: '0270', description: 'North pendant Ø 12', image: '/api/images/models/0270.svg' }]);
    if (call.path.startsWith('/api/products/v1/static/rules/')) return json(200, { version: 1, subFamilyId: 302, ruleSets: [] });
    return undefined;
  });
  return api;
}

const heightPicker = (label: string) => screen.getByRole('button', { name: new RegExp(label) });

describe('pendant heights in the catalogue’s units (issue 10 §10)', () => {
  it('shows a United States user feet and inches, to the 1/16', async () => {
    await renderApp('/add-product/302/2/0270', pendantApi(21, 'us'));
    await screen.findByRole('region', { name: tx('configurator.result.title') });
    const label = TRANSLATIONS['fr-eproject'].us['configurator.attribute.pendantHeight'] ?? '';
    expect(heightPicker(label).textContent).toContain(`4'\u00a011\u00a01/16"`);
    expect(document.body.textContent).not.toMatch(/1\.50\s?m/);
    await userEvent.click(heightPicker(label));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(expect.arrayContaining([`1'\u00a011\u00a05/8"`, `11'\u00a05\u00a013/16"`]));
  });

  it('shows an international user metres, centimetres below one metre, in the language’s format', async () => {
    await renderApp('/add-product/302/2/0270', pendantApi(16, 'de'));
    await screen.findByRole('region', { name: TRANSLATIONS['fr-eproject'].de['configurator.result.title'] });
    const label = TRANSLATIONS['fr-eproject'].de['configurator.attribute.pendantHeight'] ?? '';
    expect(heightPicker(label).textContent).toContain('1,50\u00a0m');
    await userEvent.click(heightPicker(label));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(expect.arrayContaining(['60\u00a0cm', '3,50\u00a0m']));
  });

  it('keeps “Ø 12” whole in the heading (no lone Ø at a line end, issue 10 §9)', async () => {
    await renderApp('/add-product/302/2/0270', pendantApi(16, 'de'));
    // The heading names the model once its data is in (until then it says the model's code).
    const heading = await screen.findByRole('heading', { level: 1, name: /North pendant/ });
    expect(within(heading).getByText(/North pendant/).textContent).toContain('Ø\u00a012');
  });
});
