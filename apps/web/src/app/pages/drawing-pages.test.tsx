import type { Project, ProjectProduct } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { drawingToSpace, type Drawing } from '@lumen/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { STICKS_COLLECTION, STICKS_MODELS, STICKS_VARIATIONS, drawingEvaluation } from '../../features/drawing/drawing.fixtures';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const LINE_ID = '00000000-0000-4000-8000-00000000d1a0';
const ROOM = { height: 3, width: 6, depth: 6, extraCeiling: 0.16, ceilingMaterial: 'pladur' as const };

/** Two sticks of 0.9 m at a right angle, fed by one canopy: a valid sticks drawing. */
const SAVED: Drawing = {
  family: 'sticks',
  height: 2.5,
  segments: [
    { id: 'a', from: { x: 0, z: 0 }, to: { x: 0.9, z: 0 }, attributes: { finish: '10', ledColourTemp: '3', control: '0' } },
    { id: 'b', from: { x: 0.9, z: 0 }, to: { x: 0.9, z: 0.9 }, attributes: { finish: '10', ledColourTemp: '3', control: '0' } },
  ],
  items: [{ id: 'c', kind: 'connection', segmentId: 'a', offset: 0.45, model: '7466', attributes: {} }],
};

function drawingLine(overrides: Partial<ProjectProduct> = {}): ProjectProduct {
  return makeProduct({
    _id: LINE_ID,
    type: 'CREATION',
    referenceCode: null,
    model: '7470',
    familyId: 19,
    creationCode: 'CR000000051',
    creationNumber: 51,
    quantity: 1,
    configuratorType: { id: 2 },
    subFamily: { id: 219, description: 'Sticks' },
    space: drawingToSpace(SAVED, { room: ROOM, configurator: 2, spaceId: 'space-1', createdAt: 1, applicationLocationId: null }) as ProjectProduct['space'],
    revision: 1,
    ...overrides,
  });
}

/** The projects service plus the drawing's calls: collections, models, articles, evaluate and the creation code. */
function drawingApi(projects: Project[] = [makeProject(5, { name: 'Atrium', products: [] })]) {
  const evaluated: FakeCall[] = [];
  const api = projectsApi({
    projects,
    before: (call) => {
      const { method, path } = call;
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [STICKS_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, STICKS_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, STICKS_VARIATIONS);
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') {
        evaluated.push(call);
        const space = JSON.stringify((call.body as { space: unknown }).space);
        return json(200, drawingEvaluation((space.match(/"type":"Track"/g) ?? []).length));
      }
      if (method === 'POST' && path === '/api/projects/v1/projects/products/generate-creation-code') return json(200, { creationCode: 'CR000000078', creationNumber: 78 });
      const saved = /^\/api\/projects\/v1\/projects\/5\/products\/([\w-]+)$/.exec(path);
      const project = projects[0];
      const line = project?.products.find((item) => item._id === saved?.[1]);
      if (method === 'PUT' && saved && project && line) {
        project.revision += 1;
        Object.assign(line, { space: (call.body as { space: unknown }).space, revision: (line.revision ?? 1) + 1 });
        return json(200, { projectId: 5, revision: project.revision, product: line });
      }
      if (method === 'PUT' && path === `/api/apiv2/project/5/product/${LINE_ID}/validate`) return json(200, { projectId: 5, productId: LINE_ID, revision: (project?.revision ?? 1) + 1, validation: { status: 'VALIDATED' } });
      return undefined;
    },
  });
  return { api, evaluated };
}

async function waitForEditor(family: 'sticks' | 'plusminus' = 'sticks') {
  expect(await screen.findByRole('heading', { level: 1, name: tx(`drawing.title.${family}`) })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: tx('drawing.list.title') }, { timeout: 8000 })).toBeInTheDocument();
}

describe('drawing pages', () => {
  it('draws sticks by keyboard, shows the engine’s problems by code until the structure is fed, then what the server computes, and adds a CREATION line', async () => {
    const user = userEvent.setup();
    const { api, evaluated } = drawingApi();
    await renderApp('/project/5/add-product/sticks-drawing-configurator', api);
    await waitForEditor();
    // jsdom has no WebGL: the plan and the lists do everything.
    expect(screen.getByText(tx('drawing.preview.noWebgl'))).toBeInTheDocument();
    expect(screen.getByText(tx('drawing.list.empty.sticks'))).toBeInTheDocument();

    // A first stick from the room's centre, 60 cm to the right (the shortest stick), then one more from its end.
    await user.click(screen.getByRole('button', { name: tx('drawing.keyboard.add.sticks') }));
    expect(screen.getByText(tx('drawing.keyboard.fromNode', { name: tx('drawing.element.node', { number: 2 }) }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tx('drawing.keyboard.add.sticks') }));
    const sticks = screen.getByRole('list', { name: tx('drawing.list.segments.sticks') });
    expect(within(sticks).getAllByRole('button')).toHaveLength(2);
    // No canopy yet: the engine says so, in the user's language, and the server is not asked.
    const problems = await screen.findByTestId('drawing-problems');
    expect(within(problems).getByText(tx('drawing.problem.NO_CONNECTION', { name: tx('drawing.element.sticks.segment', { number: 1 }) }))).toBeInTheDocument();
    expect(evaluated).toHaveLength(0);

    // The canopy on the first stick, by keyboard: select the stick, place.
    await user.click(within(sticks).getByRole('button', { name: new RegExp(tx('drawing.element.sticks.segment', { number: 1 })) }));
    await user.click(screen.getByRole('button', { name: tx('drawing.selection.add', { kind: tx('drawing.tool.connection') }) }));
    expect(screen.getByText(tx('drawing.problems.none'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(tx('crea.live.valid'))).toBeInTheDocument(), { timeout: 3000 });
    const last = evaluated.at(-1)?.body as { space: { type: string; props: { configurator: number } }; subFamilyId: number };
    expect(last.subFamilyId).toBe(219);
    expect(last.space).toMatchObject({ type: 'Space', props: { configurator: 2 } });
    expect(screen.getByText('747010/03')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Atrium', code: 'CR000000078', quantity: 1 }));
    const [sent] = api.callsTo('POST', '/api/projects/v1/projects/5/products').map((call) => call.body as Record<string, unknown>[]);
    expect(sent?.[0]).toMatchObject({ type: 'CREATION', model: '7460', creationCode: 'CR000000078', subFamily: { id: 219 }, configuratorType: { id: 2 } });
    expect(JSON.stringify(sent?.[0]?.space).match(/"type":"Track"/g)).toHaveLength(2);
  });

  it('the keyboard moves a node (its structure with it) and Ctrl+Z brings it back', async () => {
    const user = userEvent.setup();
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine()] })]);
    await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator`, api);
    await waitForEditor();
    const nodes = screen.getByRole('list', { name: tx('drawing.list.nodes') });
    const first = within(nodes).getAllByRole('button')[0]!;
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(first).toHaveTextContent('25 cm');
    await user.keyboard('{Control>}z{/Control}');
    expect(within(nodes).getAllByRole('button')[0]).not.toHaveTextContent('25 cm');
  });

  it('on the plan, the selection moves with the arrows and goes with Delete', async () => {
    const user = userEvent.setup();
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine()] })]);
    await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator`, api);
    await waitForEditor();
    const sticks = screen.getByRole('list', { name: tx('drawing.list.segments.sticks') });
    await user.click(within(sticks).getByRole('button', { name: new RegExp(tx('drawing.element.sticks.segment', { number: 2 })) }));
    const plan = screen.getByTestId('drawing-plan');
    plan.focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    const nodes = screen.getByRole('list', { name: tx('drawing.list.nodes') });
    // A stick moves its structure: the first node goes 25 cm down too.
    await waitFor(() => expect(within(nodes).getAllByRole('button')[0]).toHaveTextContent('25 cm'));
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(screen.getByRole('list', { name: tx('drawing.list.segments.sticks') })).getAllByRole('listitem')).toHaveLength(2));
    expect(within(screen.getByRole('list', { name: tx('drawing.list.segments.sticks') })).queryByText(tx('drawing.element.sticks.segment', { number: 2 }))).not.toBeInTheDocument();
  });

  it('reopens a saved line, and validating saves a new revision with its space and validates it', async () => {
    const user = userEvent.setup();
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine()] })]);
    await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator/validate`, api);
    await waitForEditor();
    expect(screen.getByText(tx('drawing.mode.VALIDATE'))).toBeInTheDocument();
    const sticks = screen.getByRole('list', { name: tx('drawing.list.segments.sticks') });
    expect(within(sticks).getAllByRole('button', { name: new RegExp(tx('drawing.element.sticks.segment', { number: 1 }).replace(' 1', '')) })).toHaveLength(2);
    const save = screen.getByRole('button', { name: tx('crea.line.saveValidate') });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 3000 });
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', `/api/apiv2/project/5/product/${LINE_ID}/validate`)).toHaveLength(1));
    const [put] = api.callsTo('PUT', `/api/projects/v1/projects/5/products/${LINE_ID}`).map((call) => call.body as { space: { id: string }; expectedRevision: number });
    expect(put?.space.id).toBe('space-1');
    expect(JSON.stringify(put?.space)).toContain('"code":"7466"');
  });

  it('a line of another subfamily, or of no drawing configurator, is the spec’s error page in the user’s language', async () => {
    const other = drawingLine({ subFamily: { id: 259, description: 'Multiple' } });
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [other] })]);
    await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator`, api);
    expect(await screen.findByText(tx('drawing.error.NO_DRAWING_CONFIGURATOR'))).toBeInTheDocument();
  });

  it('an unknown configurator type says no configurator is set', async () => {
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine({ configuratorType: { id: 42 } })] })]);
    await renderApp(`/project/5/product/${LINE_ID}/plusminus-drawing-configurator/edit`, api);
    expect(await screen.findByText(tx('drawing.error.NO_CONFIGURATOR'))).toBeInTheDocument();
  });

  it('a drawing preconfiguration opens ready and is added with its preconfigId', async () => {
    const user = userEvent.setup();
    const { api } = drawingApi();
    const preconfig = (id: number, subFamilyId: number) => ({
      id,
      catalogId: 16,
      name: 'Corner',
      description: 'Two sticks at a right angle',
      familyId: 19,
      subFamilyId,
      applicationLocationId: 15,
      visibility: 'website',
      configuratorType: { id: 2, description: 'DRAWING' },
      models: ['7470'],
      lightsCount: 2,
      image: '',
      lines: [],
      domainJSON: drawingToSpace(SAVED, { room: ROOM, configurator: 2, createdAt: 1, applicationLocationId: null }),
    });
    api.handle((call) => (call.method === 'GET' && call.path === '/api/products/v1/preconfigs/creation/41' ? json(200, preconfig(41, 219)) : undefined));
    await renderApp('/project/5/add-product/sticks-drawing-configurator?preconfigId=41', api);
    await waitForEditor();
    expect(screen.getByText(tx('crea.preconfigIntro', { name: 'Corner' }))).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: tx('drawing.list.segments.sticks') })).getAllByRole('button')).toHaveLength(3);
    const add = screen.getByRole('button', { name: tx('projects.addTo.action') });
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 3000 });
    await user.click(add);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Atrium', code: 'CR000000078', quantity: 1 }));
    const [sent] = api.callsTo('POST', '/api/projects/v1/projects/5/products').map((call) => call.body as Record<string, unknown>[]);
    expect(sent?.[0]).toMatchObject({ type: 'CREATION', preconfigId: 41, configuratorType: { id: 2 } });
  });

  it('a preconfiguration of another subfamily is the spec’s error page', async () => {
    const { api } = drawingApi();
    api.handle((call) =>
      call.method === 'GET' && call.path === '/api/products/v1/preconfigs/creation/42'
        ? json(200, { id: 42, catalogId: 16, name: 'Trio', description: '', familyId: 26, subFamilyId: 259, applicationLocationId: 15, visibility: 'website', configuratorType: { id: 5 }, models: [], lightsCount: 0, image: '', lines: [], domainJSON: null })
        : undefined,
    );
    await renderApp('/new-product/plusminus-drawing-configurator?preconfigId=42', api);
    expect(await screen.findByText(tx('drawing.error.NO_DRAWING_CONFIGURATOR'))).toBeInTheDocument();
  });

  it('answers the {mode} routes (issue 27 §1): CREATE makes a new drawing, a line’s mode on a new drawing opens it in CREATE, CREATE on a line opens the line', async () => {
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine()] })]);
    const first = await renderApp('/new-product/sticks-drawing-configurator/CREATE', api);
    await waitForEditor();
    expect(screen.getByText(tx('drawing.list.empty.sticks'))).toBeInTheDocument();
    first.unmount();
    const second = await renderApp('/project/5/add-product/sticks-drawing-configurator/edit?preconfigId=x', api);
    await waitFor(() => expect(second.history.location.pathname).toBe('/project/5/add-product/sticks-drawing-configurator'));
    expect(second.history.location.search).toBe('?preconfigId=x');
    await waitForEditor();
    second.unmount();
    const line = await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator/CREATE`, api);
    await waitFor(() => expect(line.history.location.pathname).toBe(`/project/5/product/${LINE_ID}/sticks-drawing-configurator`));
    await waitForEditor();
    const sticks = screen.getByRole('list', { name: tx('drawing.list.segments.sticks') });
    expect(within(sticks).getAllByRole('button', { name: new RegExp(tx('drawing.element.sticks.segment', { number: 1 }).replace(' 1', '')) })).toHaveLength(2);
    line.unmount();
    // A mode the family does not have is still the not-found page.
    await renderApp('/new-product/sticks-drawing-configurator/VIEW', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('errors.notFound.title') })).toBeInTheDocument();
  });

  it('the old path redirects to /new-product/…, keeping the query', async () => {
    const { api } = drawingApi();
    const { history } = await renderApp('/sticks-drawing-configurator?x=1', api);
    await waitFor(() => expect(history.location.pathname).toBe('/new-product/sticks-drawing-configurator'));
    expect(history.location.search).toBe('?x=1');
    await waitForEditor();
  });

  it('EXPORT mode opens the line read-only with its exports (the line as the source)', async () => {
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine()] })]);
    await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator/export`, api);
    await waitForEditor();
    expect(screen.getByText(tx('drawing.mode.EXPORT'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: tx('drawingShare.export.title') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: tx('drawingShare.export.format.glb') })).toBeEnabled();
    // Read-only: no tools, no keyboard drawing.
    expect(screen.queryByRole('radiogroup', { name: tx('drawing.toolbar.tools') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('drawing.keyboard.add.sticks') })).not.toBeInTheDocument();
  });

  it('a mode the family does not have is not found', async () => {
    const { api } = drawingApi([makeProject(5, { name: 'Atrium', products: [drawingLine()] })]);
    await renderApp(`/project/5/product/${LINE_ID}/sticks-drawing-configurator/view`, api);
    expect(await screen.findByRole('heading', { name: en['errors.notFound.title'] })).toBeInTheDocument();
  });
});
