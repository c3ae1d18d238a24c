import { TRANSLATIONS } from '@lumen/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { startTestEnvironment } from '../../../test/render-app';
import { AddToProject } from './add-to-project';
import { projectTargetSet, selectProjectTarget } from './project-target';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string) => en[key] ?? key;

function ProjectStub() {
  return <h1>Project {useParams().projectId}</h1>;
}

/** AddToProject as a configurator page shows it, on a small router of its own. */
async function setup(path: string, options: { target?: number; pendantHeight?: number } = {}) {
  const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
  api.handle((call) => {
    if (call.method === 'GET' && call.path === '/api/projects/v1/projects')
      return json(200, [
        { id: 4, name: 'Office', catalogId: 16, updatedAt: '2026-03-01T10:00:00Z' },
        { id: 5, name: 'Lobby', catalogId: 16, updatedAt: '2026-03-02T10:00:00Z' },
      ]);
    if (call.method === 'POST' && call.path === '/api/projects/v1/projects/5/products') return json(201, { projectId: 5, revision: 2, products: [] });
    if (call.method === 'POST' && call.path === '/api/projects/v1/projects') return json(201, { id: 77, name: (call.body as { name: string }).name, products: [] });
    return undefined;
  });
  const environment = await startTestEnvironment(api);
  if (options.target) environment.store.dispatch(projectTargetSet(options.target));
  const router = createMemoryRouter(
    [
      { path: '/add-product/:subFamilyId/:applicationLocationId/:model', element: <AddToProject reference="027001/03_10" quantity={3} pendantHeight={options.pendantHeight} /> },
      { path: '/add-product-v2/:subFamilyId/:applicationLocationId/:model', element: <AddToProject reference="027001/03_10" quantity={3} pendantHeight={options.pendantHeight} /> },
      { path: '/add-preconfig/:preconfigId', element: <AddToProject reference="027001/03_10" quantity={3} pendantHeight={options.pendantHeight} /> },
      { path: '/project/:projectId', element: <ProjectStub /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={environment.store}>
      <I18nextProvider i18n={environment.i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { api, router, store: environment.store };
}

describe('add to project', () => {
  it('adds the configured product to the project the user came from, then opens it', async () => {
    const { api, store } = await setup('/add-product/302/2/0270', { target: 5 });
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: new RegExp(tx('projects.addTo.project')) })).toHaveTextContent('Lobby'));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    expect(await screen.findByRole('heading', { name: 'Project 5' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/products')[0]?.body).toEqual([
      { type: 'REGULAR', referenceCode: '027001/03_10', quantity: 3, addedBy: 'CONFIGURATOR', configuratorType: { id: 4 } },
    ]);
    expect(selectProjectTarget(store.getState()).projectId).toBeNull();
  });

  it('creates a new project on the way from a preconfiguration, with the :projectId redirect template', async () => {
    const { api } = await setup('/add-preconfig/12');
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    await userEvent.click(await within(dialog).findByRole('button', { name: new RegExp(tx('projects.addTo.project')) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('projects.addTo.newProject') }));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.required'))).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.form.name')) }), 'Showroom');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    expect(await screen.findByRole('heading', { name: 'Project 77' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects')[0]?.body).toEqual({
      name: 'Showroom',
      catalogId: 16,
      products: [{ type: 'REGULAR', referenceCode: '027001/03_10', quantity: 3, addedBy: 'PRECONFIG', preconfigId: 12, configuratorType: { id: 4 } }],
    });
  });

  it('sends the chosen pendant height (cm) with the product, to an existing project', async () => {
    const { api } = await setup('/add-product-v2/219/15/2355', { target: 5, pendantHeight: 260 });
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: new RegExp(tx('projects.addTo.project')) })).toHaveTextContent('Lobby'));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    expect(await screen.findByRole('heading', { name: 'Project 5' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/products')[0]?.body).toEqual([
      { type: 'REGULAR', referenceCode: '027001/03_10', quantity: 3, pendantHeight: 260, addedBy: 'CONFIGURATOR', configuratorType: { id: 6 } },
    ]);
  });

  it('sends the chosen pendant height with the product of a new project', async () => {
    const { api } = await setup('/add-preconfig/12', { pendantHeight: 150 });
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    await userEvent.click(await within(dialog).findByRole('button', { name: new RegExp(tx('projects.addTo.project')) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('projects.addTo.newProject') }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.form.name')) }), 'Showroom');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    expect(await screen.findByRole('heading', { name: 'Project 77' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects')[0]?.body).toMatchObject({ products: [{ referenceCode: '027001/03_10', pendantHeight: 150, addedBy: 'PRECONFIG' }] });
  });
});
