import type { CreationEvaluation, Project, ProjectProduct } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { createSpace, spaceToJSON, addElement } from '@lumen/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeCall } from '../../../test/fake-api';
import { fakeTimeouts, setupUser } from '../../../test/fake-timeouts';
import { renderApp } from '../../../test/render-app';
import { CREA_COLLECTION, CREA_MODELS, CREA_RULE_BOOK, CREA_VARIATIONS, creaEvaluation } from '../../features/crea/crea.fixtures';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';
import { EVALUATE_DEBOUNCE_MS } from '../../shared/live-evaluation';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const LINE_ID = '00000000-0000-4000-8000-00000000c0de';

/** A saved composition at schema version 2 (pendant heights in metres, room in props): opened migrated. */
function savedSpace() {
  let tree = createSpace({ id: 's', createdAt: 1, configurator: 1 });
  tree = addElement(tree, 's', { type: 'Composition', id: 'comp', createdAt: 1 });
  tree = addElement(tree, 'comp', { type: 'Cluster', id: 'k1', createdAt: 1, attributes: { installation: '10' }, position: { x: -0.5, y: 3.93, z: 0 } });
  tree = addElement(tree, 'k1', { type: 'Pendant', id: 'p1', createdAt: 1, props: { pendantHeight: 2, positionOffset: 0.3 }, size: { x: 0.3, y: 0.3, z: 0.3 }, position: { x: 0, y: -1.78, z: 0 } });
  tree = addElement(tree, 'p1', { type: 'Light', id: 'l1', createdAt: 1, props: { code: '5770' }, attributes: { finish: '58', ledColourTemp: '3', control: '0', installation: '10' } });
  return spaceToJSON(tree);
}

function creationLine(overrides: Partial<ProjectProduct> = {}): ProjectProduct {
  return makeProduct({
    _id: LINE_ID,
    type: 'CREATION',
    referenceCode: null,
    model: '5770',
    creationCode: 'CR000000042',
    creationNumber: 42,
    quantity: 2,
    configuratorType: { id: 5 },
    subFamily: { id: 259, description: 'Multiple' },
    space: savedSpace(),
    revision: 1,
    ...overrides,
  });
}

/** The projects service plus the crea calls: collections, models, articles, rules, evaluate and the creation code. */
function creaApi(projects: Project[] = [makeProject(5, { name: 'Lobby', products: [] })], evaluation: (lights: number) => CreationEvaluation = (lights) => creaEvaluation(lights)) {
  const evaluated: FakeCall[] = [];
  const api = projectsApi({
    projects,
    before: (call) => {
      const { method, path } = call;
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [CREA_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, CREA_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, CREA_VARIATIONS);
      if (method === 'GET' && path === '/api/products/v1/static/rules/259_16.json') return json(200, CREA_RULE_BOOK);
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') {
        evaluated.push(call);
        const space = JSON.stringify((call.body as { space: unknown }).space);
        return json(200, evaluation((space.match(/"type":"Light"/g) ?? []).length));
      }
      if (method === 'POST' && path === '/api/projects/v1/projects/products/generate-creation-code') return json(200, { creationCode: 'CR000000077', creationNumber: 77 });
      const saved = /^\/api\/projects\/v1\/projects\/5\/products\/([\w-]+)$/.exec(path);
      const project = projects[0];
      const line = project?.products.find((item) => item._id === saved?.[1]);
      if (method === 'PUT' && saved && project && line) {
        project.revision += 1;
        Object.assign(line, { space: (call.body as { space: unknown }).space, revision: (line.revision ?? 1) + 1 });
        return json(200, { projectId: 5, revision: project.revision, product: line });
      }
      return undefined;
    },
  });
  return { api, evaluated };
}

async function waitForRoom() {
  expect(await screen.findByRole('heading', { level: 1, name: tx('crea.title', { collection: 'Multiple' }) })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: tx('crea.list.title') })).toBeInTheDocument();
}

describe('crea pages', () => {
  it('/project/{id}/add-product/crea-configurator opens the room (it went to the collections before)', async () => {
    const { api } = creaApi();
    await renderApp('/project/5/add-product/crea-configurator', api);
    await waitForRoom();
    expect(await screen.findByText(tx('crea.list.empty'))).toBeInTheDocument();
    // jsdom has no WebGL: the list does everything the room does.
    expect(screen.getByText(tx('crea.scene.noWebgl'))).toBeInTheDocument();
  });

  it('answers the {mode} route (issue 27 §1): crea is the mode, not a model; edit on a new composition opens it in crea', async () => {
    const { api } = creaApi();
    const first = await renderApp('/new-product/crea-configurator/crea', api);
    await waitForRoom();
    expect(screen.queryByText(tx('crea.notFoundModel', { model: 'crea' }))).not.toBeInTheDocument();
    first.unmount();
    const second = await renderApp('/project/5/add-product/crea-configurator/EDIT', api);
    await waitFor(() => expect(second.history.location.pathname).toBe('/project/5/add-product/crea-configurator'));
    await waitForRoom();
  });

  it('the panel says for how many sets the total is, shows the list price as the list price, and flags a quantity below the MOQ instead of "valid" (issue 27 §2)', async () => {
    const user = userEvent.setup();
    const { api } = creaApi(undefined, (lights) => creaEvaluation(lights, { moq: 4 }));
    await renderApp('/project/5/add-product/crea-configurator', api);
    await waitForRoom();
    await user.click(screen.getByRole('button', { name: tx('crea.toolbar.add') }));
    expect(await screen.findByText(tx('configurator.result.belowMoq', { moq: 4 }), {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText(tx('crea.live.valid'))).not.toBeInTheDocument();
    expect(screen.getByText(tx('configurator.result.total', { quantity: 1 }))).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('{{');
    // One light: 400 € list (unitGross), 300 € net.
    const figures = screen.getByText(tx('configurator.result.unitPrice')).closest('dl') as HTMLElement;
    expect(within(figures).getByText(tx('configurator.result.unitPrice')).nextElementSibling).toHaveTextContent(/400/);
    expect(within(figures).getByText(tx('configurator.result.netPrice')).nextElementSibling).toHaveTextContent(/300/);
  });

  it('groups clusters (the engine’s groupClusters) and selects a group to edit its clusters together (issue 27 §2)', async () => {
    const user = userEvent.setup();
    const { api, evaluated } = creaApi();
    await renderApp('/project/5/add-product/crea-configurator', api);
    await waitForRoom();
    const add = screen.getByRole('button', { name: tx('crea.toolbar.add') });
    await user.click(add);
    await user.click(add);
    expect(screen.queryByRole('button', { name: tx('crea.groups.make') })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tx('crea.toolbar.selectAll') }));
    await user.click(screen.getByRole('button', { name: tx('crea.groups.make') }));
    const groups = await screen.findByRole('list', { name: tx('crea.groups.title') });
    const group = within(groups).getByRole('button', { name: tx('crea.groups.group', { number: 1, clusters: `${tx('crea.list.cluster', { number: 1 })}, ${tx('crea.list.cluster', { number: 2 })}` }) });
    await waitFor(() => expect(JSON.stringify((evaluated.at(-1)?.body as { space: unknown }).space)).toContain('"type":"Group"'), { timeout: 3000 });
    const list = screen.getByRole('list', { name: tx('crea.list.title') });
    await user.click(within(list).getByRole('button', { name: new RegExp(tx('crea.list.cluster', { number: 1 })) }));
    expect(within(list).getAllByRole('button').filter((button) => button.getAttribute('aria-pressed') === 'true')).toHaveLength(1);
    await user.click(group);
    for (const button of within(list).getAllByRole('button')) expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  it('a refused option says why beside its control, before and when it is chosen, and offers the nearest choice that fits (issue 27 §2)', async () => {
    const user = userEvent.setup();
    const { api } = creaApi();
    await renderApp('/project/5/add-product/crea-configurator', api);
    await waitForRoom();
    await user.click(screen.getByRole('button', { name: tx('crea.toolbar.add') }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${tx('configurator.attribute.installation')}|${tx('configurator.attribute.installation')}$`) }));
    await user.click(await screen.findByRole('option', { name: tx('crea.canopy.32') }));
    // Black is not made with the XXS canopy (the collection's rule): the option says so before it is chosen.
    await user.click(screen.getByRole('button', { name: new RegExp(`^${tx('configurator.attribute.finish')}|${tx('configurator.attribute.finish')}$`) }));
    const black = await screen.findByRole('option', { name: /05/ });
    expect(black).toHaveTextContent(tx('crea.refusal.option', { reason: 'Black is not made with the XXS canopy' }));
    await user.click(black);
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Black is not made with the XXS canopy');
    const nearest = within(refusal).getByRole('button');
    await user.click(nearest);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('composes by keyboard, shows what the server computes, and adds a CREATION line with its space and code', async () => {
    const user = setupUser();
    const { api, evaluated } = creaApi();
    await renderApp('/project/5/add-product/crea-configurator', api);
    await waitForRoom();
    // The debounce's clock is the test's while the user composes: on a loaded machine two real-time
    // keys may be further apart than the debounce, and each change was then evaluated.
    const realTimers = fakeTimeouts();
    const add = screen.getByRole('button', { name: tx('crea.toolbar.add') });
    await user.click(add);
    await user.click(add);
    const list = screen.getByRole('list', { name: tx('crea.list.title') });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    const second = within(list).getByRole('button', { name: new RegExp(tx('crea.list.cluster', { number: 2 })) });
    expect(second).toHaveAttribute('aria-pressed', 'true');
    // The arrow keys move it; Ctrl+Z brings it back.
    second.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard('{Control>}z{/Control}');
    // Debounced: nothing is asked while the user composes; one evaluation once they pause, with the room's space.
    act(() => vi.advanceTimersByTime(EVALUATE_DEBOUNCE_MS - 1));
    expect(evaluated).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByText(tx('crea.live.valid'))).toBeInTheDocument();
    realTimers();
    expect(evaluated).toHaveLength(1);
    const last = evaluated.at(-1)?.body as { space: { type: string; schemaVersion: number }; subFamilyId: number; quantity: number };
    expect(last.space).toMatchObject({ type: 'Space', schemaVersion: 3 });
    expect(last).toMatchObject({ subFamilyId: 259, quantity: 1 });
    expect(screen.getByText(tx('crea.live.lumens', { value: '3,000' }))).toBeInTheDocument();
    expect(screen.getByText('577010/03_10')).toBeInTheDocument();
    expect(screen.getByText(tx('crea.live.driver', { description: 'Driver for 3 lights' }))).toBeInTheDocument();
    // Money as the catalogue's currency reads it (de-DE for EUR).
    expect(screen.getAllByText(/^600,00\s€$/)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Lobby', code: 'CR000000077', quantity: 1 }));
    const [sent] = api.callsTo('POST', '/api/projects/v1/projects/5/products').map((call) => call.body as Record<string, unknown>[]);
    expect(sent?.[0]).toMatchObject({ type: 'CREATION', model: '5770', creationCode: 'CR000000077', creationNumber: 77, quantity: 1, subFamily: { id: 259 }, configuratorType: { id: 5 } });
    expect(sent?.[0]?.space).toMatchObject({ type: 'Space', schemaVersion: 3 });
    expect(sent?.[0]).not.toHaveProperty('compositions');
  });

  it('reopens a saved composition migrated forward, and Save writes a new revision with its space', async () => {
    const user = userEvent.setup();
    const project = makeProject(5, { name: 'Lobby', products: [creationLine()] });
    const { api } = creaApi([project]);
    await renderApp(`/project/5/product/${LINE_ID}/crea-configurator/edit`, api);
    await waitForRoom();
    expect(screen.getByText(tx('crea.mode.edit'))).toBeInTheDocument();
    const list = screen.getByRole('list', { name: tx('crea.list.title') });
    const cluster = within(list).getByRole('button', { name: new RegExp(tx('crea.list.cluster', { number: 1 })) });
    await user.click(cluster);
    // The finish it was saved with (58) is shown in the selection.
    expect(screen.getByText(tx('crea.selection.one', { name: tx('crea.list.cluster', { number: 1 }) }), { selector: 'h3' })).toBeInTheDocument();
    cluster.focus();
    await user.keyboard('{ArrowDown}');
    const save = screen.getByRole('button', { name: tx('crea.line.save') });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 3000 });
    await user.click(save);
    await screen.findByText(tx('crea.line.saved', { revision: 2 }));
    const [put] = api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`);
    const body = put?.body as { space: { schemaVersion: number; children: { children: { position: { z: number } }[] }[] }; quantity: number; expectedRevision: number };
    expect(body.quantity).toBe(2);
    expect(body.expectedRevision).toBe(project.revision - 1);
    expect(body.space.schemaVersion).toBe(3);
    expect(body.space.children[0]?.children[0]?.position.z).toBeCloseTo(0.05);
  });

  it('a creation line at the attributes validate route opens in the room, in validate mode', async () => {
    const { api } = creaApi([makeProject(5, { name: 'Lobby', products: [creationLine()] })]);
    await renderApp(`/validate/5/${LINE_ID}`, api);
    await waitForRoom();
    expect(screen.getByText(tx('crea.mode.validate'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: tx('crea.line.saveValidate') })).toBeInTheDocument();
  });

  it('/compositor?…&validating=true opens the line in validate mode', async () => {
    const { api } = creaApi([makeProject(5, { name: 'Lobby', products: [creationLine()] })]);
    await renderApp(`/compositor?projectId=5&configId=&family=26&catalog=16&validating=true&productId=${LINE_ID}`, api);
    await waitForRoom();
    expect(screen.getByText(tx('crea.mode.validate'))).toBeInTheDocument();
  });

  it('a crea preconfiguration opens ready in the room, and is added with its preconfigId', async () => {
    const user = userEvent.setup();
    const { api } = creaApi();
    api.handle((call) =>
      call.method === 'GET' && call.path === '/api/products/v1/preconfigs/creation/31'
        ? json(200, {
            id: 31,
            catalogId: 16,
            name: 'Trio',
            description: 'Three clusters',
            familyId: 26,
            subFamilyId: 259,
            applicationLocationId: 15,
            visibility: 'website',
            configuratorType: { id: 5, description: 'COMPOSITOR' },
            models: ['5770'],
            lightsCount: 1,
            image: '',
            lines: [],
            domainJSON: savedSpace(),
          })
        : undefined,
    );
    await renderApp('/project/5/add-product/crea-configurator?preconfigId=31', api);
    await waitForRoom();
    expect(screen.getByText(tx('crea.preconfigIntro', { name: 'Trio' }))).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: tx('crea.list.title') })).getAllByRole('button')).toHaveLength(1);
    const add = screen.getByRole('button', { name: tx('projects.addTo.action') });
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 3000 });
    await user.click(add);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Lobby', code: 'CR000000077', quantity: 1 }));
    const [sent] = api.callsTo('POST', '/api/projects/v1/projects/5/products').map((call) => call.body as Record<string, unknown>[]);
    expect(sent?.[0]).toMatchObject({ type: 'CREATION', preconfigId: 31, addedBy: 'PRECONFIG' });
  });

  it('an old path redirects to /new-product, keeping the query', async () => {
    const { api } = creaApi();
    const { history } = await renderApp('/crea-configurator/5770?preconfigId=abc', api);
    await waitFor(() => expect(history.location.pathname).toBe('/new-product/crea-configurator/5770'));
    expect(history.location.search).toBe('?preconfigId=abc');
    expect(history.location.state).toEqual({ allowCurrentProjects: true });
    await waitForRoom();
    await act(async () => {});
    // The model of the path is hung first.
    expect(within(screen.getByRole('list', { name: tx('crea.list.title') })).getAllByRole('button')).toHaveLength(1);
  });
});
