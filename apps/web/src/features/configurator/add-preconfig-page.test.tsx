import type { PreconfigDetail } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
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
    { reference: '027001/23_10', model: '0270', quantity: 2, pendantHeight: 200 },
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
    if (call.method === 'GET' && call.path === '/api/projects/v1/projects') return json(200, [{ id: 5, name: 'Lobby', catalogId: 16, updatedAt: '2026-03-02T10:00:00Z' }]);
    if (call.method === 'POST' && call.path === '/api/projects/v1/projects/5/products') return json(201, { projectId: 5, revision: 2, products: [] });
    return undefined;
  });
  return fake;
}

describe('opening a ready-made configuration', () => {
  it('shows its luminaires one at a time, as they are added (read-only), and switches between them', async () => {
    await renderApp('/add-preconfig/1039', api());
    const result = await screen.findByRole('region', { name: tx('configurator.result.title') });
    expect(screen.getByText(tx('configurator.preconfig.intro').replace('{{name}}', 'North Duo').replace('{{count}}', '5'))).toBeInTheDocument();
    expect(within(result).getByRole('spinbutton', { name: tx('configurator.result.quantity') })).toBeDisabled();
    expect(screen.getByTestId('configured-reference')).toHaveTextContent('027005/04_10');
    expect(within(result).getByRole('spinbutton', { name: tx('configurator.result.quantity') })).toHaveValue('3');
    const lines = screen.getByRole('list', { name: tx('configurator.preconfig.lines') });
    await userEvent.click(within(lines).getByRole('button', { name: '2 × 027001/23_10' }));
    expect(await screen.findByText('027001/23_10')).toHaveAttribute('data-testid', 'configured-reference');
    expect(screen.getByRole('link', { name: tx('configurator.preconfig.back') })).toHaveAttribute('href', '/preconfigs-list/302/2');
  });

  it('adds every luminaire to the project, each with its quantity and pendant height, in one press (issue 10 §2)', async () => {
    const fake = api();
    await renderApp('/add-preconfig/1039', fake);
    await screen.findByRole('region', { name: tx('configurator.result.title') });
    // One "Add to project": the preconfiguration's, not the shown luminaire's.
    expect(screen.getAllByRole('button', { name: tx('projects.addTo.action') })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    expect(within(dialog).getByText(tx('projects.addTo.summaryPreconfig').replace('{{name}}', 'North Duo').replace('{{count}}', '5'))).toBeInTheDocument();
    await within(dialog).findByRole('button', { name: new RegExp(tx('projects.addTo.project')) });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    await waitFor(() =>
      expect(screen.getByText(tx('projects.addTo.donePreconfig').replace('{{name}}', 'Lobby').replace('{{count}}', '5').replace('{{preconfig}}', 'North Duo'))).toBeInTheDocument(),
    );
    // The api reads the lines, quantities and heights of the preconfiguration it is named.
    expect(fake.callsTo('POST', '/api/projects/v1/projects/5/products')[0]?.body).toEqual([
      { type: 'REGULAR', quantity: 1, addedBy: 'PRECONFIG', preconfigId: 1039, configuratorType: { id: 4 } },
    ]);
  });

  it('says when it does not exist', async () => {
    await renderApp('/add-preconfig/77', api());
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('configurator.preconfig.notFound'));
  });
});
