import type { Project, ProjectProduct, VariationsResponse } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { articleCollection, RULES } from '../../features/configurator/configurator.fixtures';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const LINE_ID = '00000000-0000-4000-8000-00000000abcd';
const MADE = ['027001/03_10', '027005/03_10', '027001/04_10', '027005/04_10', '027001/23_10', '027001/24_10'];

/** A black, 4000 K line of the North wall (0270), quantity 3, in project 5 "Lobby" at revision 4. */
function line(overrides: Partial<ProjectProduct> = {}): ProjectProduct {
  return makeProduct({
    _id: LINE_ID,
    referenceCode: '027005/04_10',
    quantity: 3,
    attributes: {
      finish: { code: '05', description: 'Black' },
      ledColourTemp: { code: '4', description: '4000 K neutral white' },
      control: { code: '0', description: 'On/off' },
      installation: { code: '10', description: 'Surface' },
    },
    ...overrides,
  });
}

/**
 * The projects service (in memory) and the configurator's catalogue calls. The update and validate
 * calls change the stored line as the server does, unless `update` answers them first.
 */
function validateApi(project: Project, options: { update?: (call: FakeCall) => Response | undefined; pendant?: boolean } = {}) {
  const api = projectsApi({
    projects: [project],
    references: MADE,
    before: (call) => {
      const stored = project.products.find((item) => item._id === LINE_ID);
      if (call.method === 'PUT' && call.path === `/api/projects/v1/projects/5/products/${LINE_ID}` && stored) {
        const answer = options.update?.(call);
        if (answer) return answer;
        const body = call.body as { quantity: number; referenceCode: string };
        project.revision += 1;
        Object.assign(stored, { quantity: body.quantity, referenceCode: body.referenceCode, configuratorType: { id: 6 } });
        return json(200, { projectId: 5, revision: project.revision, product: stored });
      }
      if (call.method === 'PUT' && call.path === `/api/apiv2/project/5/product/${LINE_ID}/validate` && stored) {
        project.revision += 1;
        stored.validation = { status: 'VALIDATED' };
        return json(200, { _id: LINE_ID, validation: { status: 'VALIDATED' }, revision: project.revision });
      }
      return undefined;
    },
  });
  api.handle((call) => {
    if (call.path === '/api/apiv2/articles/variations') return json(200, options.pendant ? pendantCollection() : articleCollection(16));
    if (call.path === '/api/products/v1/articles/models') return json(200, [{ model: '0270', description: 'North wall', image: '/api/images/models/0270.svg' }]);
    if (call.path.startsWith('/api/products/v1/static/rules/')) return json(200, RULES);
    return undefined;
  });
  return api;
}

/** The North wall as a pendant: heights from 0.60 m to 3.50 m in 0.50 m steps around 1.50 m. */
function pendantCollection(): VariationsResponse {
  const collection = articleCollection(16);
  const [base] = collection.articles;
  if (!base) throw new Error('no base article');
  const range = { min: 60, standard: 150, max: 350, delta: 50 };
  base.attributes.pendantHeight = { code: '150', description: { en: 'Pendant height' }, bov: 'O', value: 150, ...range };
  collection.variations.push({ type: 'pendantHeight', model: '0270', modifier: 'PH', description: { en: 'Pendant height' }, min: 60, max: 350, standard: 150, priceIncrement: '8' });
  return collection;
}

async function openLine(path: string, api: ReturnType<typeof validateApi>) {
  const app = await renderApp(path, api);
  await screen.findByRole('region', { name: tx('configurator.result.title') });
  return app;
}

const option = (group: string, name: string) =>
  within(screen.getByRole('group', { name: tx(`configurator.attribute.${group}`) })).getByRole('button', { name: new RegExp(name) });
const reference = () => screen.getByTestId('configured-reference');
const quantityField = () => screen.getByRole('spinbutton', { name: tx('configurator.result.quantity') });

describe('/validate/{projectId}/{productId}: a project line in the attributes configurator', () => {
  it('opens with the line’s attributes and quantity preselected, in the project’s catalogue', async () => {
    const api = validateApi(makeProject(5, { name: 'Lobby', revision: 4, products: [line()] }));
    await openLine(`/validate/5/${LINE_ID}`, api);
    expect(screen.getByText(tx('projects.validate.intro', { project: 'Lobby', reference: '027005/04_10', quantity: 3 }))).toBeInTheDocument();
    expect(reference()).toHaveTextContent('027005/04_10');
    expect(option('finish', 'Black')).toHaveAttribute('aria-pressed', 'true');
    expect(option('ledColourTemp', '4000 K')).toHaveAttribute('aria-pressed', 'true');
    expect(option('control', 'On/off')).toHaveAttribute('aria-pressed', 'true');
    expect(quantityField()).toHaveValue('3');
    expect(api.callsTo('GET', '/api/apiv2/articles/variations')[0]?.query.get('catalog')).toBe('16');
    // Its own actions instead of "Add to project".
    expect(screen.queryByRole('button', { name: tx('projects.addTo.action') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: tx('projects.validate.save') })).toBeEnabled();
  });

  it('saves: updates the line in place with the new reference and the revision, validates it, and returns to the project', async () => {
    const project = makeProject(5, { name: 'Lobby', revision: 4, products: [line()] });
    const api = validateApi(project);
    await openLine(`/validate/5/${LINE_ID}`, api);
    await userEvent.click(option('finish', 'Sand white'));
    expect(reference()).toHaveTextContent('027001/04_10');
    await userEvent.click(screen.getByRole('button', { name: tx('projects.validate.save') }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    const update = api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`);
    expect(update).toHaveLength(1);
    expect(update[0]?.body).toEqual({ quantity: 3, referenceCode: '027001/04_10', configuratorType: { id: 6 }, expectedRevision: 4 });
    expect(api.callsTo('PUT', `/api/apiv2/project/5/product/${LINE_ID}/validate`)).toHaveLength(1);
    // The update went first, then the validation.
    const order = api.state.calls.filter((call) => call.method === 'PUT').map((call) => call.path);
    expect(order).toEqual([`/api/projects/v1/projects/5/products/${LINE_ID}`, `/api/apiv2/project/5/product/${LINE_ID}/validate`]);
    await screen.findAllByRole('rowheader'); // the grid's lines render just after its frame
    const row = within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('027001/04_10')).toBeInTheDocument();
    expect(within(row).getByText(tx('projects.grid.validated'))).toBeInTheDocument();
  });

  it('preselects the line’s pendant height, lets it change and saves it with the line', async () => {
    const pendant = line({ attributes: { ...line().attributes, pendantHeight: { code: '200', description: 'Pendant height' } } });
    const project = makeProject(5, { name: 'Lobby', revision: 4, products: [pendant] });
    const api = validateApi(project, { pendant: true });
    await openLine(`/validate/5/${LINE_ID}`, api);
    const heights = screen.getByRole('group', { name: tx('configurator.attribute.pendantHeight') });
    const chosen = within(heights).getByRole('button', { name: '2.00\u00a0m' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    const higher = within(heights).getByRole('button', { name: '3.00\u00a0m' });
    expect(higher).toBeEnabled();
    await userEvent.click(higher);
    expect(higher).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: tx('projects.validate.save') }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`)[0]?.body).toEqual({
      quantity: 3,
      referenceCode: '027005/04_10',
      pendantHeight: 300,
      configuratorType: { id: 6 },
      expectedRevision: 4,
    });
    expect(api.callsTo('PUT', `/api/apiv2/project/5/product/${LINE_ID}/validate`)).toHaveLength(1);
  });

  it('saves a pendant line unchanged with its own height', async () => {
    const pendant = line({ attributes: { ...line().attributes, pendantHeight: { code: '250', description: 'Pendant height' } } });
    const api = validateApi(makeProject(5, { name: 'Lobby', revision: 4, products: [pendant] }), { pendant: true });
    await openLine(`/validate/5/${LINE_ID}`, api);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.validate.save') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`)[0]?.body).toMatchObject({ referenceCode: '027005/04_10', pendantHeight: 250 });
  });

  it('cancel returns to the project without a call', async () => {
    const api = validateApi(makeProject(5, { name: 'Lobby', products: [line()] }));
    await openLine(`/validate/5/${LINE_ID}`, api);
    await userEvent.click(option('ledColourTemp', '3000 K'));
    await userEvent.click(screen.getByRole('button', { name: tx('projects.cancel') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    expect(api.state.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('a conflict (the project changed, 409) says so and does not validate', async () => {
    const api = validateApi(makeProject(5, { name: 'Lobby', products: [line()] }), { update: () => failure(409, 'CONFLICT') });
    await openLine(`/validate/5/${LINE_ID}`, api);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.validate.save') }));
    expect(await screen.findByText(tx('error.updateProduct.409'))).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/apiv2/project/5/product/${LINE_ID}/validate`)).toHaveLength(0);
    expect(reference()).toBeInTheDocument();
  });

  it('in ORDER shows the configuration read only with a note, and offers no Save', async () => {
    const api = validateApi(makeProject(5, { name: 'Lobby', status: 2, products: [line()] }));
    await openLine(`/validate/5/${LINE_ID}`, api);
    expect(screen.getByRole('note')).toHaveTextContent(tx('projects.page.readOnlyOrder'));
    expect(screen.queryByRole('button', { name: tx('projects.validate.save') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.addTo.action') })).not.toBeInTheDocument();
    expect(option('finish', 'Sand white')).toBeDisabled();
    expect(quantityField()).toBeDisabled();
    expect(reference()).toHaveTextContent('027005/04_10');
  });

  // A creation line opens in the crea room in validate mode: app/pages/crea-pages.test.tsx.

  it('an unknown project (404) is not found', async () => {
    const api = validateApi(makeProject(5, { name: 'Lobby', products: [line()] }));
    await renderApp(`/validate/9/${LINE_ID}`, api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('errors.notFound.title') })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/projects/v1/projects/9')).toHaveLength(1);
  });

  it('a line that is not in the project is not found', async () => {
    const api = validateApi(makeProject(5, { name: 'Lobby', products: [line()] }));
    await renderApp('/validate/5/00000000-0000-4000-8000-999999999999', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('errors.notFound.title') })).toBeInTheDocument();
  });

  it('needs project.edit', async () => {
    const api = projectsApi({ account: makeAccount({ role: 'distributor', privileges: ['project.view'] }), projects: [makeProject(5, { products: [line()] })] });
    await renderApp(`/validate/5/${LINE_ID}`, api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('errors.notAllowed.title') })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/projects/v1/projects/5')).toHaveLength(0));
  });
});

describe('/project/{p}/product/{q}/express-configurator and /attributes-configurator (issue 27 §1)', () => {
  it('the express configurator opens the line and saves it as an express line; the attributes route as an attributes one', async () => {
    const project = makeProject(5, { name: 'Lobby', revision: 4, products: [line()] });
    const api = validateApi(project);
    const first = await openLine(`/project/5/product/${LINE_ID}/express-configurator`, api);
    expect(reference()).toHaveTextContent('027005/04_10');
    expect(quantityField()).toHaveValue('3');
    // The express configurator's selects (the catalogue's way for this product), not the attributes configurator's buttons.
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.finish')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sand white' }));
    expect(reference()).toHaveTextContent('027001/04_10');
    await userEvent.click(screen.getByRole('button', { name: tx('projects.validate.save') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`)[0]?.body).toMatchObject({ referenceCode: '027001/04_10', configuratorType: { id: 4 } });
    first.unmount();
    await openLine(`/project/5/product/${LINE_ID}/attributes-configurator`, api);
    await userEvent.click(screen.getByRole('button', { name: tx('projects.validate.save') }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`)).toHaveLength(2));
    expect(api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`)[1]?.body).toMatchObject({ configuratorType: { id: 6 } });
  });
});
