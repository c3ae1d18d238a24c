import { TRANSLATIONS } from '@lumen/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { accountReceived } from '../../shared/session';
import { authModalClosed } from '../../shared/ui-state';
import { startTestEnvironment } from '../../../test/render-app';
import { AddToProject } from './add-to-project';
import { projectTargetSet, selectProjectTarget } from './project-target';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string) => en[key] ?? key;

function ProjectStub() {
  return <h1>Project {useParams().projectId}</h1>;
}

/** AddToProject as a configurator page shows it, on a small router of its own. */
async function setup(path: string, options: { target?: number; pendantHeight?: number; visitor?: boolean } = {}) {
  const api = createFakeApi(options.visitor ? {} : { account: makeAccount({ role: 'distributor' }) });
  api.handle((call) => {
    if (call.method === 'GET' && call.path === '/api/projects/v1/projects')
      return json(200, [
        { id: 4, name: 'Office', catalogId: 16, updatedAt: '2026-03-01T10:00:00Z' },
        { id: 5, name: 'Lobby', catalogId: 16, updatedAt: '2026-03-02T10:00:00Z', versionNumber: 1, versionTitle: null },
        { id: 6, name: 'Lobby', catalogId: 16, updatedAt: '2026-03-03T10:00:00Z', versionNumber: 2, versionTitle: 'Cheaper' },
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
  it('adds the configured product to the project the user came from, says so with a link to it (issue 10 §9)', async () => {
    const { api, store, router } = await setup('/add-product/302/2/0270', { target: 5 });
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: new RegExp(tx('projects.addTo.project')) })).toHaveTextContent('Lobby'));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    const done = await screen.findByRole('status');
    await waitFor(() => expect(done).toHaveTextContent('Added to “Lobby”: 3 × 027001/03_10.'));
    expect(router.state.location.pathname).toBe('/add-product/302/2/0270');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(done).getByRole('link', { name: tx('projects.addTo.open') }));
    expect(await screen.findByRole('heading', { name: 'Project 5' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/products')[0]?.body).toEqual([
      { type: 'REGULAR', referenceCode: '027001/03_10', quantity: 3, addedBy: 'CONFIGURATOR', configuratorType: { id: 4 } },
    ]);
    expect(selectProjectTarget(store.getState()).projectId).toBeNull();
    // Only the projects the user may add to are offered (issue 10 §1).
    expect(api.callsTo('GET', '/api/projects/v1/projects')[0]?.query.get('editable')).toBe('true');
  });

  it('names the versions of a project apart, which share its name (issue 10 §5)', async () => {
    await setup('/add-product/302/2/0270', { target: 5 });
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    const picker = within(dialog).getByRole('button', { name: new RegExp(tx('projects.addTo.project')) });
    await waitFor(() => expect(picker).toHaveTextContent('Lobby — Version 1'));
    await userEvent.click(picker);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Office', 'Lobby — Version 1', 'Lobby — Version 2: Cheaper']));
  });

  it('creates a new project on the way from a preconfiguration, with the :projectId redirect template', async () => {
    const { api } = await setup('/add-preconfig/12');
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    await userEvent.click(await within(dialog).findByRole('button', { name: new RegExp(tx('projects.addTo.project')) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('projects.addTo.newProject') }));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.required'))).toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.form.name')) }), 'Showroom');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Added to “Showroom”: 3 × 027001/03_10.'));
    await userEvent.click(screen.getByRole('link', { name: tx('projects.addTo.open') }));
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
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Lobby'));
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
    await fill(within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.form.name')) }), 'Showroom');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.addTo.submit') }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showroom'));
    expect(api.callsTo('POST', '/api/projects/v1/projects')[0]?.body).toMatchObject({ products: [{ referenceCode: '027001/03_10', pendantHeight: 150, addedBy: 'PRECONFIG' }] });
  });

  it('asks a visitor to log in only when pressed, then opens the project dialog with the configuration as it was (issue 10 §1)', async () => {
    const { api, store } = await setup('/add-product/302/2/0270', { visitor: true });
    await waitFor(() => expect(store.getState().session.status).toBe('ready'));
    expect(store.getState().ui.authModal.view).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    expect(store.getState().ui.authModal).toEqual({ view: 'login', next: null });
    expect(api.callsTo('GET', '/api/projects/v1/projects')).toHaveLength(0);
    // The login view logs the user in, then closes.
    act(() => {
      store.dispatch(accountReceived(makeAccount({ role: 'distributor' })));
      store.dispatch(authModalClosed());
    });
    const dialog = await screen.findByRole('dialog', { name: tx('projects.addTo.title') });
    expect(within(dialog).getByText('Reference 027001/03_10, quantity 3')).toBeInTheDocument();
  });

  it('opens nothing later when the visitor closes the login view', async () => {
    const { store } = await setup('/add-product/302/2/0270', { visitor: true });
    await waitFor(() => expect(store.getState().session.status).toBe('ready'));
    await userEvent.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    act(() => void store.dispatch(authModalClosed()));
    act(() => void store.dispatch(accountReceived(makeAccount({ role: 'distributor' }))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
