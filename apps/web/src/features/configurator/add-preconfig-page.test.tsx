import type { PreconfigDetail } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { articleCollection } from './configurator.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string) => en[key] ?? key;

const PRECONFIG: PreconfigDetail = {
  id: 1039,
  catalogId: 16,
  name: 'North Duo',
  description: 'Two wall lights',
  familyId: 23,
  subFamilyId: 302,
  applicationLocationId: 2,
  visibility: 'website',
  configuratorType: { id: 4, description: 'EXPRESS' },
  models: ['0270'],
  lightsCount: 5,
  image: '/api/images/v1/catalogue/model/0270.svg',
  price: null,
  lines: [
    { reference: '027005/04_10', model: '0270', quantity: 3 },
    { reference: '027001/23_10', model: '0270', quantity: 2 },
  ],
  domainJSON: null,
};

function api() {
  const fake = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
  fake.handle((call) => {
    if (call.path === '/api/products/v1/articles/references') return json(200, {});
    if (call.path === '/api/products/v1/preconfigs/creation/1039') return json(200, PRECONFIG);
    if (call.path.startsWith('/api/products/v1/preconfigs/creation/')) return failure(404, 'NOT_FOUND');
    if (call.path === '/api/apiv2/articles/variations') return json(200, articleCollection(16));
    if (call.path.startsWith('/api/products/v1/static/rules/')) return json(200, { version: 1, subFamilyId: 302, ruleSets: [] });
    return undefined;
  });
  return fake;
}

describe('opening a ready-made configuration', () => {
  it('sets the configurator to its first luminaire and quantity, and switches to the others', async () => {
    await renderApp('/add-preconfig/1039', api());
    const result = await screen.findByRole('region', { name: tx('configurator.result.title') });
    expect(screen.getByText(tx('configurator.preconfig.intro').replace('{{name}}', 'North Duo'))).toBeInTheDocument();
    expect(screen.getByTestId('configured-reference')).toHaveTextContent('027005/04_10');
    expect(within(result).getByRole('spinbutton', { name: tx('configurator.result.quantity') })).toHaveValue('3');
    const lines = screen.getByRole('list', { name: tx('configurator.preconfig.lines') });
    await userEvent.click(within(lines).getByRole('button', { name: '2 × 027001/23_10' }));
    expect(await screen.findByText('027001/23_10')).toHaveAttribute('data-testid', 'configured-reference');
    expect(screen.getByRole('link', { name: tx('configurator.preconfig.back') })).toHaveAttribute('href', '/preconfigs-list/302/2');
  });

  it('says when it does not exist', async () => {
    await renderApp('/add-preconfig/77', api());
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('configurator.preconfig.notFound'));
  });
});
