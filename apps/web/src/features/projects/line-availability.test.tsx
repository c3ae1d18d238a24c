import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { availabilityAsks } from './products-grid';
import { makeProduct, makeProject, projectsApi } from './projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;

const lines = () => [
  makeProduct({ description: 'North wall', referenceCode: '027001/03_10', quantity: 2 }),
  makeProduct({ description: 'North corridor', referenceCode: '027001/03_10', quantity: 3 }),
  makeProduct({ description: 'Stem', referenceCode: '031002/05_00', quantity: 1 }),
  makeProduct({ type: 'CREATION', description: 'Crea cluster', referenceCode: null, creationCode: 'CR000000042', quantity: 1 }),
];

function availabilityApi(account = makeAccount({ role: 'distributor' })) {
  const api = projectsApi({ account, projects: [makeProject(5, { name: 'Lobby', products: lines() })] });
  api.handle((call) =>
    call.method === 'POST' && call.path === '/api/sr-erp/v1/availability'
      ? json(200, {
          data: [
            { reference: '027001/03_10', quantity: 5, availability: { state: 'inStock', stock: 40, weeks: 0, expectedDate: '2026-12-07' }, leadTimeWeeks: 2 },
            { reference: '031002/05_00', quantity: 1, availability: { state: 'toOrder', stock: 0, weeks: 3, expectedDate: '2026-12-28' }, leadTimeWeeks: 3 },
          ],
        })
      : undefined,
  );
  return api;
}

describe('the ERP’s availability on a project’s lines (spec §7 POST sr-erp /v1/availability)', () => {
  it('asks once for every reference at the quantity the project holds of it, and says it under each line', async () => {
    const api = availabilityApi();
    await renderApp('/project/5', api);
    const north = (await screen.findByRole('rowheader', { name: /North wall/ })).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(north).getByText('In stock (40 units)')).toBeInTheDocument());
    const stem = screen.getByRole('rowheader', { name: /Stem/ }).closest('tr') as HTMLElement;
    expect(within(stem).getByText('Made to order: 3 weeks')).toBeInTheDocument();
    const calls = api.callsTo('POST', '/api/sr-erp/v1/availability');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ products: [{ reference: '027001/03_10', quantity: 5 }, { reference: '031002/05_00', quantity: 1 }] });
    expect(calls[0]?.query.get('lang')).toBe('en');
    expect(en['projects.grid.availability']).toBeTruthy();
  });

  it('asks nothing for a user who neither orders nor sees orders (the api refuses them)', async () => {
    const api = availabilityApi(makeAccount({ role: 'specifier', privileges: ['project.view', 'project.edit'] }));
    await renderApp('/project/5', api);
    await screen.findByRole('rowheader', { name: /North wall/ });
    expect(api.callsTo('POST', '/api/sr-erp/v1/availability')).toHaveLength(0);
  });

  it('leaves out creation lines and lines without a reference', () => {
    expect(availabilityAsks(lines())).toEqual([
      { reference: '027001/03_10', quantity: 5 },
      { reference: '031002/05_00', quantity: 1 },
    ]);
  });
});

describe('a creation line’s spec sheet by its code (spec §7 GET apiv2 documents/generate-creation-specsheet/{code})', () => {
  it('offers the PDF in the interface language to a user who may download the project’s documents, and not otherwise', async () => {
    const api = availabilityApi();
    await renderApp('/project/5', api);
    const crea = (await screen.findByRole('rowheader', { name: /Crea cluster/ })).closest('tr') as HTMLElement;
    expect(within(crea).getByRole('link', { name: /Spec sheet \(PDF\)\s*CR000000042/ })).toHaveAttribute(
      'href',
      '/api/apiv2/documents/generate-creation-specsheet/CR000000042?lang=en',
    );
    // A regular line has none.
    const north = screen.getByRole('rowheader', { name: /North wall/ }).closest('tr') as HTMLElement;
    expect(within(north).queryByRole('link', { name: new RegExp(en['projects.grid.creationSheet'] ?? '') })).not.toBeInTheDocument();
  });

  it('offers none without the project’s download permission', async () => {
    const products = lines();
    const api = projectsApi({
      projects: [makeProject(5, { name: 'Lobby', products, permissions: { view: true, edit: true, delete: true, clone: true, download: false, addByReference: false, assignThirdparty: false } })],
    });
    await renderApp('/project/5', api);
    await screen.findByRole('rowheader', { name: /Crea cluster/ });
    expect(screen.queryByRole('link', { name: new RegExp(en['projects.grid.creationSheet'] ?? '') })).not.toBeInTheDocument();
  });
});
