import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { selectProjectTarget } from './project-target';
import { makeProduct, makeProject, projectsApi } from './projects.fixtures';
import { selectProjects } from './projects-slice';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}, file: Record<string, string> = en) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), file[key] ?? key);

const creation = () =>
  makeProduct({
    type: 'CREATION',
    description: 'Crea cluster',
    referenceCode: null,
    creationCode: 'CR000000042',
    lumensLed: null,
    watts: null,
    attributes: { finish: { code: '05', description: 'Black' }, pendantHeight: { code: '150', description: '1.50 m' } },
    compositions: [
      { totalLumensLed: 3000, totalWatts: 30 },
      { totalLumensLed: 1500, totalWatts: 15 },
    ],
    quantity: 1,
    price: { currency: 'EUR', unitGross: 400, discountPercent: 25, unitNet: 300, totalNet: 300 },
  });

async function openProject(path: string, api: ReturnType<typeof projectsApi>) {
  const app = await renderApp(path, api);
  // The lines render just after the grid's frame (a deferred render, products-grid.tsx).
  await screen.findAllByRole('rowheader');
  return app;
}

const grid = () => screen.getByRole('table', { name: tx('projects.grid.caption', { name: 'Lobby' }) });

describe('the project page', () => {
  it('shows the products grid: attributes, lumens and watts (totals for a creation), pendant height, quantity and prices', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', products: [makeProduct(), creation()], totalNet: 450 })] });
    await openProject('/project/5', api);
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    const detail = api.callsTo('GET', '/api/projects/v1/projects/5')[0];
    expect(detail?.query.get('prices')).toBe('true');
    expect(detail?.query.get('parseProducts')).toBe('true');
    const rows = within(grid()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const regular = rows[1] as HTMLElement;
    expect(within(regular).getByRole('rowheader')).toHaveTextContent('North wall027001/03_10');
    for (const text of ['White', '3000 K warm white', 'On/off', 'Surface', '1,200 lm', '12 W', '75,00 €', '150,00 €']) expect(within(regular).getByText(text)).toBeInTheDocument();
    const crea = rows[2] as HTMLElement;
    expect(within(crea).getByText('CR000000042', { selector: '.project-grid__code' })).toBeInTheDocument();
    expect(within(crea).getByText(tx('projects.grid.totalLumens', { value: '4,500' }))).toBeInTheDocument();
    expect(within(crea).getByText(tx('projects.grid.totalWatts', { value: '45' }))).toBeInTheDocument();
    expect(within(crea).getByText('1.50 m')).toBeInTheDocument();
    expect(screen.getByText('450,00 €')).toBeInTheDocument();
  });

  it('hides prices from a user without price.view and does not ask for them', async () => {
    const api = projectsApi({ account: makeAccount({ role: 'specifier' }), projects: [makeProject(5, { name: 'Lobby' })] });
    await openProject('/project/5', api);
    expect(api.callsTo('GET', '/api/projects/v1/projects/5')[0]?.query.get('prices')).toBe('false');
    expect(within(grid()).queryByRole('columnheader', { name: tx('projects.grid.unitPrice') })).not.toBeInTheDocument();
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
  });

  it('changes a quantity with the quantity selector and shows the new total', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby' })] });
    await openProject('/project/5', api);
    const product = api.projects.get(5)?.products[0];
    await userEvent.click(within(grid()).getByRole('button', { name: /increase|more|\+/i }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${product?._id ?? ''}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${product?._id ?? ''}`)[0]?.body).toEqual({ quantity: 3 });
    expect(await within(grid()).findByText('225,00 €')).toBeInTheDocument();
  });

  it('in EDITION offers rename and delete; delete asks first, then goes home', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby' })] });
    const app = await openProject('/project/5', api);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.rename.action') }));
    const rename = await screen.findByRole('dialog', { name: tx('projects.rename.title') });
    const field = within(rename).getByRole('textbox', { name: new RegExp(tx('projects.form.name')) });
    await userEvent.clear(field);
    await fill(field, 'Lobby & bar');
    await userEvent.click(within(rename).getByRole('button', { name: tx('projects.rename.submit') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby & bar' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/projects/v1/projects/5')[0]?.body).toEqual({ name: 'Lobby & bar' });

    await userEvent.click(screen.getByRole('button', { name: tx('projects.delete.action') }));
    const confirm = await screen.findByRole('alertdialog', { name: tx('projects.delete.title') });
    await userEvent.click(within(confirm).getByRole('button', { name: tx('projects.delete.confirm') }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE', '/api/projects/v1/projects/5')).toHaveLength(1);
  });

  it('in ORDER offers no action and the quantities are read only', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', status: 2, permissions: { view: true, edit: false, delete: false, clone: true, download: true, addByReference: false, assignThirdparty: false } })] });
    await openProject('/project/5', api);
    expect(screen.getByRole('note')).toHaveTextContent(tx('projects.page.readOnlyOrder'));
    expect(screen.queryByRole('button', { name: tx('projects.rename.action') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.delete.action') })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: tx('projects.add.fromCatalogue') })).not.toBeInTheDocument();
    expect(within(grid()).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(grid()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers Edit for each line in EDITION with project.edit (a regular line in the configurator the catalogue opens for it, a creation in the configurator its type chooses), and marks validated lines', async () => {
    const regular = makeProduct({ validation: { status: 'VALIDATED' } });
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', products: [regular, creation()] })] });
    await openProject('/project/5', api);
    const edits = within(grid()).getAllByRole('link', { name: new RegExp(`^${tx('projects.product.edit')}`) });
    expect(edits).toHaveLength(2);
    expect(edits[0]).toHaveAccessibleName(tx('projects.product.editNamed', { name: 'North wall' }));
    expect(edits[0]).toHaveAttribute('href', `/project/5/product/${regular._id}/express-configurator`);
    expect(edits[1]).toHaveAccessibleName(tx('projects.product.editNamed', { name: 'Crea cluster' }));
    const rows = within(grid()).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText(tx('projects.grid.validated'))).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByText(tx('projects.grid.validated'))).not.toBeInTheDocument();
  });

  it('offers Export for a sticks or plusminus creation only, to its 3D and plan files, in EDITION and in ORDER alike', async () => {
    const drawn = { ...creation(), _id: 'drawn-1', description: 'Vee over the table', subFamily: { id: 225, description: 'Plusminus' }, configuratorType: { id: 2, description: 'Drawing', source: 'PRIVATE_AREA' } };
    for (const status of [1, 2] as const) {
      const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', status, products: [makeProduct(), creation(), drawn] })] });
      const view = await openProject('/project/5', api);
      const exports = within(grid()).getAllByRole('link', { name: new RegExp(`^${tx('projects.product.export')}`) });
      expect(exports).toHaveLength(1);
      expect(exports[0]).toHaveAccessibleName(tx('projects.product.exportNamed', { name: 'Vee over the table' }));
      expect(exports[0]).toHaveAttribute('href', '/project/5/product/drawn-1/export');
      view.unmount();
    }
  });

  it('offers no Edit in ORDER, nor to a user without project.edit', async () => {
    const ordered = projectsApi({ projects: [makeProject(5, { name: 'Lobby', status: 2 })] });
    const view = await openProject('/project/5', ordered);
    expect(within(grid()).queryByRole('link', { name: new RegExp(tx('projects.product.edit')) })).not.toBeInTheDocument();
    view.unmount();
    const privileges = makeAccount({ role: 'distributor' }).privileges.filter((privilege) => privilege !== 'project.edit');
    const viewer = projectsApi({ account: makeAccount({ role: 'distributor', privileges }), projects: [makeProject(5, { name: 'Lobby' })] });
    await openProject('/project/5', viewer);
    expect(within(grid()).queryByRole('link', { name: new RegExp(tx('projects.product.edit')) })).not.toBeInTheDocument();
  });

  it('offers no rename or delete when the status is EDITION but the server says the user may not', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', permissions: { view: true, edit: true, delete: false, clone: false, download: true, addByReference: true, assignThirdparty: false } })] });
    await openProject('/project/5', api);
    expect(screen.getByRole('button', { name: tx('projects.rename.action') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.delete.action') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.duplicate.action') })).not.toBeInTheDocument();
  });

  it('clones and removes a line', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby' })] });
    await openProject('/project/5', api);
    await userEvent.click(within(grid()).getByRole('button', { name: tx('projects.product.cloneNamed', { name: 'North wall' }) }));
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(3));
    await userEvent.click(within(grid()).getAllByRole('button', { name: tx('projects.product.deleteNamed', { name: 'North wall' }) })[1] as HTMLElement);
    const confirm = await screen.findByRole('alertdialog', { name: tx('projects.product.deleteTitle') });
    await userEvent.click(within(confirm).getByRole('button', { name: tx('projects.product.deleteConfirm') }));
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(2));
    expect(api.projects.get(5)?.products).toHaveLength(1);
  });

  it('sends a project that does not exist, or is another company’s (both 404), to the forbidden page, which says why', async () => {
    const app = await renderApp('/project/77', projectsApi({ projects: [] }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/error-403'));
    expect(await screen.findByRole('heading', { level: 1, name: tx('errors.forbidden.title') })).toBeInTheDocument();
    expect(screen.getByText(tx('errors.forbidden.project'))).toBeInTheDocument();
  });

  it('says a path that cannot name a project is not found', async () => {
    await renderApp('/project/abc', projectsApi({ projects: [] }));
    expect(await screen.findByRole('heading', { level: 1, name: tx('projects.page.notFoundTitle') })).toBeInTheDocument();
  });

  it('sends a 403 while loading to /error-403', async () => {
    const api = projectsApi({ projects: [makeProject(5)], before: (call) => (call.path === '/api/projects/v1/projects/5' ? failure(403, 'FORBIDDEN') : undefined) });
    const app = await renderApp('/project/5', api);
    await waitFor(() => expect(app.history.location.pathname).toBe('/error-403'));
  });

  it('sends /project/{id}/add-product to its select-collection page, keeping the project', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby' })] });
    const app = await renderApp('/project/5/add-product', api);
    await waitFor(() => expect(app.history.location.pathname).toBe('/project/5/add-product/select-collection'));
    expect(await screen.findByRole('link', { name: tx('projects.add.backToProject') })).toHaveAttribute('href', '/project/5');
    await waitFor(() => expect(selectProjectTarget(app.store.getState()).projectId).toBe(5));
  });
});

describe('versions', () => {
  it('lists the versions, switches between them and saves a new one with a title, with the version status and its reset', async () => {
    const first = makeProject(5, { name: 'Lobby' });
    const second = makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2, versionTitle: 'Cheaper' });
    const api = projectsApi({ projects: [first, second] });
    const app = await openProject('/project/5', api);
    const versions = await screen.findByRole('list', { name: tx('projects.versions.listLabel') });
    expect(within(versions).getByText(tx('projects.versions.current'))).toBeInTheDocument();
    await userEvent.click(within(versions).getByRole('link', { name: tx('projects.versions.itemTitled', { number: 2, title: 'Cheaper' }) }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/project/6'));

    await userEvent.click(await screen.findByRole('button', { name: tx('projects.versions.create') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.versions.createTitle') });
    const title = within(dialog).getByRole('textbox', { name: tx('projects.versions.titleLabel') });
    await fill(title, 'x'.repeat(31));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.versions.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.versionTitleTooLong'))).toBeInTheDocument();
    expect(selectProjects(app.store.getState()).versionStatus).toBeNull();
    await userEvent.clear(title);
    await fill(title, 'With dimming');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.versions.submit') }));
    expect(await within(dialog).findByText(tx('projects.versions.created', { number: 3 }))).toBeInTheDocument();
    expect(selectProjects(app.store.getState()).versionStatus).toBe('success');
    expect(api.callsTo('POST', '/api/apiv2/project/6/version')[0]?.body).toEqual({ title: 'With dimming' });
    // The list reloads 4 items after a version (spec §9).
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1)?.query.get('itemsPerPage')).toBe('4');
    await userEvent.click(within(dialog).getByRole('link', { name: tx('projects.versions.open') }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/project/1001'));
    expect(selectProjects(app.store.getState()).versionStatus).toBeNull();
  });

  it('switches between versions from the header', async () => {
    const api = projectsApi({
      projects: [makeProject(5, { name: 'Lobby' }), makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2, versionTitle: 'Cheaper' })],
    });
    const app = await openProject('/project/5', api);
    const switcher = () => screen.getByRole('button', { name: new RegExp(`^${tx('projects.versions.switch')}`) });
    await waitFor(() => expect(switcher()).toHaveTextContent(tx('projects.versions.item', { number: 1 })));
    await userEvent.click(switcher());
    await userEvent.click(await screen.findByRole('option', { name: tx('projects.versions.itemTitled', { number: 2, title: 'Cheaper' }) }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/project/6'));
    await waitFor(() => expect(switcher()).toHaveTextContent('Cheaper'));
  });

  // The versions answer after the project: the page keeps loading until both are in, rather than
  // show a header whose actions the version switcher pushes down (a click aimed at one lands elsewhere).
  describe.each([
    ['opened at start', '/project/5'],
    ['opened from another page', '/projects'],
  ])('shows the project with its version switcher, %s', (_how, firstPath) => {
    it('and nothing in the header moves when the versions arrive', async () => {
      let release = () => {};
      const versionsAnswered = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
      const api = projectsApi({
        projects: [makeProject(5, { name: 'Lobby' }), makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2, versionTitle: 'Cheaper' })],
        before: (call) => (call.path === '/api/apiv2/project/5/versions' ? versionsAnswered : undefined),
      });
      // At start, the app renders once the start has the screen's data: it is not awaited here.
      const rendering = firstPath === '/project/5' ? renderApp(firstPath, api) : await renderApp(firstPath, api);
      if ('history' in rendering) act(() => rendering.history.push('/project/5'));
      await waitFor(() => expect(api.callsTo('GET', '/api/projects/v1/projects/5')).toHaveLength(1));
      await waitFor(() => expect(api.callsTo('GET', '/api/apiv2/project/5/versions')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('heading', { level: 1, name: 'Lobby' })).not.toBeInTheDocument();
      release();
      await rendering;
      await screen.findByRole('heading', { level: 1, name: 'Lobby' });
      expect(screen.getByRole('button', { name: new RegExp(`^${tx('projects.versions.switch')}`) })).toHaveTextContent(tx('projects.versions.item', { number: 1 }));
      // Asked for once, with the project: the versions section does not ask again.
      expect(api.callsTo('GET', '/api/apiv2/project/5/versions')).toHaveLength(1);
    });
  });

  it('shows the project when its versions fail to load, says so in the versions section, and reads them again on retry', async () => {
    let failures = 1;
    const api = projectsApi({
      projects: [makeProject(5, { name: 'Lobby' }), makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2, versionTitle: 'Cheaper' })],
      before: (call) => (call.path === '/api/apiv2/project/5/versions' && failures-- > 0 ? failure(500, 'INTERNAL') : undefined),
    });
    await openProject('/project/5', api);
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: tx('projects.versions.title') });
    expect(await within(section).findByRole('alert')).toHaveTextContent(tx('projects.versions.loadFailed'));
    await userEvent.click(within(section).getByRole('button', { name: tx('projects.retry') }));
    expect(await within(section).findByRole('list', { name: tx('projects.versions.listLabel') })).toBeInTheDocument();
    // The page stayed while they were read again: the same heading, and now the switcher.
    expect(screen.getByRole('button', { name: new RegExp(`^${tx('projects.versions.switch')}`) })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/apiv2/project/5/versions')).toHaveLength(2);
  });

  it('renaming says every version takes the name; deleting the project says it takes every version', async () => {
    const api = projectsApi({
      projects: [makeProject(5, { name: 'Lobby' }), makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2 }), makeProject(7, { name: 'Lobby', versionOf: 5, versionNumber: 3 })],
    });
    const app = await openProject('/project/6', api);
    await screen.findByRole('list', { name: tx('projects.versions.listLabel') });
    await userEvent.click(screen.getByRole('button', { name: tx('projects.rename.action') }));
    const rename = await screen.findByRole('dialog', { name: tx('projects.rename.title') });
    expect(within(rename).getByText(tx('projects.rename.allVersions_other', { count: 3 }))).toBeInTheDocument();
    await userEvent.click(within(rename).getAllByRole('button', { name: tx('projects.cancel') })[0] as HTMLElement);

    await userEvent.click(screen.getByRole('button', { name: tx('projects.delete.action') }));
    const confirm = await screen.findByRole('alertdialog', { name: tx('projects.delete.title') });
    expect(within(confirm).getByText(tx('projects.delete.textVersions_other', { name: 'Lobby', count: 3 }))).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: tx('projects.delete.confirm') }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE', '/api/projects/v1/projects/6')).toHaveLength(1);
  });

  it('deletes only the version on screen, then opens the newest one left', async () => {
    const api = projectsApi({
      projects: [makeProject(5, { name: 'Lobby' }), makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2, versionTitle: 'Cheaper' }), makeProject(7, { name: 'Lobby', versionOf: 5, versionNumber: 3 })],
    });
    const app = await openProject('/project/6', api);
    const versions = await screen.findByRole('list', { name: tx('projects.versions.listLabel') });
    await userEvent.click(within(versions).getByRole('button', { name: tx('projects.versions.delete') }));
    const confirm = await screen.findByRole('alertdialog', { name: tx('projects.versions.deleteTitle') });
    expect(confirm).toHaveTextContent(tx('projects.versions.deleteText_other', { name: 'Lobby', version: tx('projects.versions.itemTitled', { number: 2, title: 'Cheaper' }), count: 2 }));
    await userEvent.click(within(confirm).getByRole('button', { name: tx('projects.delete.confirm') }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/project/7'));
    expect(api.callsTo('DELETE', '/api/apiv2/project/6/version')).toHaveLength(1);
    expect(api.callsTo('DELETE', '/api/projects/v1/projects/6')).toHaveLength(0);
  });

  it('offers no whole-project delete while a version is ordered, only the versions in progress one by one', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', status: 2 }), makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2 })] });
    await openProject('/project/6', api);
    const versions = await screen.findByRole('list', { name: tx('projects.versions.listLabel') });
    expect(within(versions).getByRole('button', { name: tx('projects.versions.delete') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.delete.action') })).not.toBeInTheDocument();
  });

  it('shows a failed version in the dialog and resets the status when it closes', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby' })], before: (call) => (call.path === '/api/apiv2/project/5/version' ? failure(500, 'INTERNAL') : undefined) });
    const app = await openProject('/project/5', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.versions.create') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.versions.createTitle') });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.versions.submit') }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tx('projects.versions.failed'));
    expect(selectProjects(app.store.getState()).versionStatus).toBe('failure');
    expect(api.callsTo('POST', '/api/apiv2/project/5/version')[0]?.body).toEqual({});
    await userEvent.click(within(dialog).getAllByRole('button', { name: tx('projects.cancel') })[0] as HTMLElement);
    expect(selectProjects(app.store.getState()).versionStatus).toBeNull();
  });
});

describe('adding by reference', () => {
  async function openReference(api: ReturnType<typeof projectsApi>) {
    await openProject('/project/5', api);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.reference.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.reference.title') });
    return { dialog, field: within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.reference.label')) }) };
  }
  const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: tx('projects.reference.submit') }));
  const catalogue = (id: 16 | 21) => en[`projects.catalog.${id}`] ?? '';

  it('refuses a malformed reference, one of the other catalogue and one the catalogue lacks, then adds a good one', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby' })], references: ['5520NE/MC_32'] });
    const { dialog, field } = await openReference(api);
    await submit(dialog);
    expect(await within(dialog).findByText(tx('projects.reference.error.required'))).toBeInTheDocument();
    await fill(field, '55NE');
    await submit(dialog);
    expect(await within(dialog).findByText(tx('projects.reference.error.format'))).toBeInTheDocument();
    await userEvent.clear(field);
    await fill(field, '5520-NE/MC_32');
    await submit(dialog);
    expect(await within(dialog).findByText(tx('projects.reference.error.otherCatalog', { other: catalogue(21), catalog: catalogue(16) }))).toBeInTheDocument();
    await userEvent.clear(field);
    await fill(field, '5520BL/MC_32');
    await submit(dialog);
    expect(await within(dialog).findByText(tx('projects.reference.error.unknown', { catalog: catalogue(16) }))).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/products/v1/articles/references')[0]?.query.get('catalogId')).toBe('16');
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/products')).toHaveLength(0);

    await userEvent.clear(field);
    await fill(field, '5520ne/mc_32');
    await submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: tx('projects.reference.title') })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/products')[0]?.body).toEqual([{ type: 'REGULAR', referenceCode: '5520NE/MC_32', quantity: 1, addedBy: 'REFERENCE' }]);
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(3));
  });

  it('is offered only with product.add.reference', async () => {
    await openProject('/project/5', projectsApi({ account: makeAccount({ role: 'webUser' }), projects: [makeProject(5, { name: 'Lobby' })] }));
    expect(screen.queryByRole('button', { name: tx('projects.reference.action') })).not.toBeInTheDocument();
  });
});

describe('duplicating from the project page', () => {
  it('goes to the list, where the copy’s placeholder stands on top until the copy replaces it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = projectsApi({
      projects: [makeProject(5, { name: 'Lobby' }), makeProject(6, { name: 'Office' })],
      before: async (call) => {
        if (call.method === 'POST' && call.path === '/api/projects/v1/projects/5/clone') await held;
        return undefined;
      },
    });
    const app = await openProject('/project/5', api);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.duplicate.action') }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/projects'));
    expect(await screen.findByTestId('project-placeholder')).toHaveTextContent(tx('projects.placeholder.clone', { name: 'Lobby' }));
    release();
    await waitFor(() => expect(screen.queryByTestId('project-placeholder')).not.toBeInTheDocument());
    const list = screen.getByRole('list', { name: tx('projects.list.label') });
    await waitFor(() => expect(within(list).getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Lobby (copy)'));
  });
});
