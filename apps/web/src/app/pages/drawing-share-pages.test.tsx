import type { Account, Project, ProjectProduct, SharedCreation } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { drawingToSpace } from '@lumen/domain';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { creaEvaluation } from '../../features/crea/crea.fixtures';
import { DRAWING_ROOM, drawingEvaluation, PLUSMINUS_COLLECTION, PLUSMINUS_STRAP, STICKS_SQUARE, PLUSMINUS_MODELS, PLUSMINUS_VARIATIONS, STICKS_COLLECTION, STICKS_MODELS, STICKS_VARIATIONS } from '../../features/drawing/drawing.fixtures';
import { catchDownloads } from '../../shared/requests/requests.fixtures';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const en: Record<string, string> = { ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const LINE_ID = '00000000-0000-4000-8000-0000000d2a11';
const ROOM = DRAWING_ROOM;
const DRAWING = PLUSMINUS_STRAP;
const SQUARE = STICKS_SQUARE;
const SPACE = drawingToSpace(DRAWING, { room: ROOM, configurator: 2, createdAt: 1, applicationLocationId: null });

const PRICE = { currency: 'EUR' as const, unitGross: 812, unitNet: 690.2, totalGross: 812, totalNet: 690.2, totalDiscount: 121.8, complete: true };

function shared(withPrice: boolean): SharedCreation {
  const evaluation = creaEvaluation(2, { subFamily: { id: 225, description: 'Plusminus' }, familyId: 19, category: 3, configuratorType: { id: 2, description: 'DRAWING' } });
  const { price: _price, ...withoutPrice } = evaluation;
  return { hash: HASH, subFamilyId: 225, catalogId: 16, createdAt: '2026-11-20T10:00:00.000Z', space: SPACE, evaluation: withPrice ? { ...evaluation, price: PRICE } : withoutPrice };
}

/** The api: the projects service, the shared snapshot (prices only for an account with price.view), exports. */
function shareApi(options: { account?: Account | null; projects?: Project[]; refused?: string } = {}) {
  const api = projectsApi({
    ...(options.account !== undefined ? { account: options.account } : {}),
    projects: options.projects ?? [makeProject(5, { name: 'Lobby', products: [] })],
    before: (call) => {
      if (call.method === 'GET' && call.path === `/api/products/v1/creations/shared/${HASH}`) {
        const seesPrices = Boolean(api.state.account?.privileges.includes('price.view'));
        return json(200, shared(seesPrices));
      }
      if (call.method === 'POST' && call.path === '/api/projects/v1/projects/products/generate-creation-code') return json(200, { creationCode: 'CR000000090', creationNumber: 90 });
      if (options.refused && call.path.endsWith(`/export/${options.refused}`)) return failure(400, 'DRAWING_INVALID');
      if (call.method === 'GET' && /\/export\/(glb|obj|stl|dxf|svg)$/.test(call.path)) return new Response(new Uint8Array([0x67, 0x6c, 0x54, 0x46]), { status: 200, headers: { 'content-type': 'model/gltf-binary' } });
      if (call.method === 'GET' && call.path.startsWith('/api/products/v1/creations/shared/')) return failure(404, 'NOT_FOUND');
      return undefined;
    },
  });
  return api;
}

describe('the shared view of a drawing', () => {
  it('shows a visitor the plan, the evaluation without a price, and asks them to log in to copy it', async () => {
    const user = userEvent.setup();
    const api = shareApi({ account: null });
    await renderApp(`/plusminus-drawing-configurator/product/${HASH}`, api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('drawingShare.view.title', { collection: 'Plusminus' }) })).toBeInTheDocument();
    // The plan: one strap of 2 m, two lights and a power canopy.
    const plan = screen.getByRole('img', { name: new RegExp(tx('drawingShare.plan.title')) });
    expect(within(plan).getByText(/^2\.00\sm$/)).toBeInTheDocument();
    expect(plan.querySelectorAll('[data-kind="light"]')).toHaveLength(2);
    expect(plan.querySelectorAll('[data-kind="connection"]')).toHaveLength(1);
    expect(screen.getByText(new RegExp(tx('drawingShare.plan.count.light_other', { count: 2 })))).toBeInTheDocument();
    // The server's evaluation, without a price.
    expect(screen.getByText(tx('crea.live.valid'))).toBeInTheDocument();
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
    expect(screen.getByText(tx('drawingShare.view.loginToCopy'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    expect(await screen.findByRole('heading', { name: tx('auth.login.title') })).toBeInTheDocument();
  });

  it("shows a distributor their price, and copies the snapshot into one of their projects as a CREATION line", async () => {
    const user = userEvent.setup();
    const api = shareApi();
    await renderApp(`/plusminus-drawing-configurator/product/${HASH}`, api);
    await screen.findByRole('heading', { level: 1, name: tx('drawingShare.view.title', { collection: 'Plusminus' }) });
    expect(screen.getAllByText(/^690,20\s€$/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Lobby', code: 'CR000000090', quantity: 1 }));
    const [sent] = api.callsTo('POST', '/api/projects/v1/projects/5/products').map((call) => call.body as Record<string, unknown>[]);
    expect(sent?.[0]).toMatchObject({ type: 'CREATION', creationCode: 'CR000000090', subFamily: { id: 225 }, configuratorType: { id: 2 }, space: SPACE });
  });

  it('an unknown link is the not-found page', async () => {
    const api = shareApi({ account: null });
    await renderApp('/plusminus-drawing-configurator/product/ZZZZZZZZZZZZZZZZZZZZZZ', api);
    expect(await screen.findByRole('heading', { level: 1, name: en['errors.notFound.title'] })).toBeInTheDocument();
  });

  it('a malformed link is the not-found page, without asking the api', async () => {
    const other = shareApi({ account: null });
    await renderApp('/plusminus-drawing-configurator/product/not-a-hash', other);
    expect(await screen.findByRole('heading', { level: 1, name: en['errors.notFound.title'] })).toBeInTheDocument();
    expect(other.state.calls.some((call) => call.path.includes('/creations/shared'))).toBe(false);
  });
});

describe('the export of a project line', () => {
  let downloads: ReturnType<typeof catchDownloads>;
  beforeEach(() => {
    downloads = catchDownloads();
  });
  afterEach(() => {
    downloads.restore();
  });

  it('downloads the 3D model and the plan of a drawn line from the api, named after its creation code', async () => {
    const user = userEvent.setup();
    const line = makeProduct({ _id: LINE_ID, type: 'CREATION', referenceCode: null, model: '5520', creationCode: 'CR000000042', creationNumber: 42, subFamily: { id: 225, description: 'Plusminus' }, familyId: 19, space: SPACE });
    const api = shareApi({ projects: [makeProject(5, { name: 'Lobby', products: [line] })] });
    await renderApp(`/project/5/product/${LINE_ID}/export`, api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('drawingShare.exportPage.title', { code: 'CR000000042' }) })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: new RegExp(tx('drawingShare.plan.title')) })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tx('drawingShare.export.format.glb') }));
    await screen.findByText(tx('drawingShare.export.done', { file: 'CR000000042.glb' }));
    expect(api.callsTo('GET', `/api/projects/v1/projects/5/products/${LINE_ID}/export/glb`)).toHaveLength(1);
    expect(downloads.saved).toEqual(['CR000000042.glb']);
    await user.click(screen.getByRole('button', { name: tx('drawingShare.export.format.dxf') }));
    await screen.findByText(tx('drawingShare.export.done', { file: 'CR000000042.dxf' }));
    expect(api.callsTo('GET', `/api/projects/v1/projects/5/products/${LINE_ID}/export/dxf`)).toHaveLength(1);
    expect(downloads.saved).toEqual(['CR000000042.glb', 'CR000000042.dxf']);
  });

  it('says so when the api cannot make the file', async () => {
    const user = userEvent.setup();
    const line = makeProduct({ _id: LINE_ID, type: 'CREATION', referenceCode: null, model: '5520', creationCode: 'CR000000042', creationNumber: 42, subFamily: { id: 225, description: 'Plusminus' }, familyId: 19, space: SPACE });
    const api = shareApi({ projects: [makeProject(5, { name: 'Lobby', products: [line] })], refused: 'stl' });
    await renderApp(`/project/5/product/${LINE_ID}/export`, api);
    await user.click(await screen.findByRole('button', { name: tx('drawingShare.export.format.stl') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en['error.drawingExport.400'] ?? '');
  });

  it('a line that is no drawing says so', async () => {
    const other = shareApi({ projects: [makeProject(5, { name: 'Lobby', products: [makeProduct({ _id: LINE_ID })] })] });
    await renderApp(`/project/5/product/${LINE_ID}/export`, other);
    expect(await screen.findByText(tx('drawingShare.exportPage.notDrawing'))).toBeInTheDocument();
  });
});

// ─── The no-drawing configurators ─────────────────────────────────────────────────────────────

const NODRAWING_LINE = '00000000-0000-4000-8000-0000000d2a22';

/** The plusminus collection (225) with one light model, 5520, made from the sticks fixtures. */

/** The projects service plus the sticks and plusminus collections' calls, the preconfigurations (none) and evaluate. */
function noDrawingApi(projects: Project[] = [makeProject(5, { name: 'Atrium', products: [] })]) {
  const evaluated: FakeCall[] = [];
  const api = projectsApi({
    projects,
    before: (call) => {
      const { method, path } = call;
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [STICKS_COLLECTION, PLUSMINUS_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, call.query.get('subFamilyId') === '225' ? PLUSMINUS_MODELS : STICKS_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, call.query.getAll('model').includes('5520') ? PLUSMINUS_VARIATIONS : STICKS_VARIATIONS);
      if (method === 'GET' && path === '/api/products/v1/preconfigs/list') return json(200, []);
      if (method === 'GET' && /\/products\/[\w-]+\/export\/(glb|obj|stl|dxf|svg)$/.test(path)) return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } });
      if (method === 'POST' && path === '/api/products/v1/creations/shared') return json(201, { hash: HASH, path: `/plusminus-drawing-configurator/product/${HASH}` });
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') {
        evaluated.push(call);
        const space = JSON.stringify((call.body as { space: unknown }).space);
        return json(200, drawingEvaluation((space.match(/"type":"Track"/g) ?? []).length));
      }
      if (method === 'POST' && path === '/api/projects/v1/projects/products/generate-creation-code') return json(200, { creationCode: 'CR000000079', creationNumber: 79 });
      const project = projects[0];
      const line = project?.products.find((item) => path === `/api/projects/v1/projects/5/products/${item._id}`);
      if (method === 'PUT' && project && line) {
        project.revision += 1;
        Object.assign(line, { space: (call.body as { space: unknown }).space, revision: (line.revision ?? 1) + 1 });
        return json(200, { projectId: 5, revision: project.revision, product: line });
      }
      if (method === 'PUT' && path === `/api/apiv2/project/5/product/${NODRAWING_LINE}/validate`) return json(200, { projectId: 5, productId: NODRAWING_LINE, revision: (project?.revision ?? 1) + 1, validation: { status: 'VALIDATED' } });
      return undefined;
    },
  });
  return { api, evaluated };
}

const tracksIn = (call: FakeCall | undefined) => (JSON.stringify((call?.body as { space?: unknown } | undefined)?.space ?? {}).match(/"type":"Track"/g) ?? []).length;

interface SentNode {
  type?: string;
  attributes?: Record<string, string>;
  children?: SentNode[];
}
/** The attributes of every track of a space that was sent. */
function trackAttributes(space: unknown): Array<Record<string, string> | undefined> {
  const found: Array<Record<string, string> | undefined> = [];
  const walk = (node: SentNode) => {
    if (node.type === 'Track') found.push(node.attributes);
    for (const child of node.children ?? []) walk(child);
  };
  walk(space as SentNode);
  return found;
}

describe('the no-drawing configurators', () => {
  it('builds a sticks line from the layout, adjusts its count, and adds it to the project as a no-drawing CREATION line', async () => {
    const user = userEvent.setup();
    const { api, evaluated } = noDrawingApi();
    await renderApp('/project/5/add-product/sticks-nodrawing-configurator', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('drawing.nodrawing.title.sticks') })).toBeInTheDocument();
    // The first layout (a line of 3 sticks of 0.90 m), checked by the server once it rests.
    expect(await screen.findByRole('img', { name: new RegExp(tx('drawingShare.plan.summary_other', { count: 3, items: '.*' })) })).toBeInTheDocument();
    await waitFor(() => expect(tracksIn(evaluated.at(-1))).toBe(3), { timeout: 3000 });
    const count = screen.getByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.count') });
    count.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(await screen.findByRole('img', { name: new RegExp(tx('drawingShare.plan.summary_other', { count: 5, items: '.*' })) })).toBeInTheDocument();
    await waitFor(() => expect(tracksIn(evaluated.at(-1))).toBe(5), { timeout: 3000 });
    expect((evaluated.at(-1)?.body as { subFamilyId: number }).subFamilyId).toBe(219);

    const add = screen.getByRole('button', { name: tx('projects.addTo.action') });
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 3000 });
    await user.click(add);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Atrium', code: 'CR000000079', quantity: 1 }));
    const [sent] = api.callsTo('POST', '/api/projects/v1/projects/5/products').map((call) => call.body as Record<string, unknown>[]);
    expect(sent?.[0]).toMatchObject({ type: 'CREATION', model: '7470', subFamily: { id: 219 }, configuratorType: { id: 3 }, space: { type: 'Space', props: { configurator: 3 } } });
    // Every stick carries its canopy, chosen in the form: a stick without one names no article.
    const canopy = screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.installation')) });
    expect(canopy).toBeInTheDocument();
    const sticks = trackAttributes(sent?.[0]?.space);
    expect(sticks).toHaveLength(5);
    expect(sticks.every((attributes) => typeof attributes?.installation === 'string' && attributes.installation !== '')).toBe(true);
  });

  it('shares a plusminus configuration (the snapshot link, ready to copy) and exports it unsaved', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { api } = noDrawingApi();
    await renderApp('/new-product/plusminus-nodrawing-configurator', api);
    const share = await screen.findByRole('button', { name: tx('drawingShare.share.action') });
    await waitFor(() => expect(share).toBeEnabled(), { timeout: 3000 });
    await user.click(share);
    const link = await screen.findByRole('textbox', { name: tx('drawingShare.share.link') });
    expect(link).toHaveValue(`${window.location.origin}/plusminus-drawing-configurator/product/${HASH}`);
    const [sent] = api.callsTo('POST', '/api/products/v1/creations/shared');
    expect(sent?.body).toMatchObject({ subFamilyId: 225, space: { type: 'Space', props: { configurator: 3 } } });
    await user.click(screen.getByRole('button', { name: tx('drawingShare.share.copy') }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/plusminus-drawing-configurator/product/${HASH}`);
    expect(await screen.findByText(tx('drawingShare.share.copied'))).toBeInTheDocument();
    // The unsaved configuration exports too: its space goes with the request.
    const downloads = catchDownloads();
    try {
      api.handle((call) => (call.method === 'POST' && call.path === '/api/products/v1/creations/export/stl' ? new Response(new Uint8Array(84), { status: 200 }) : undefined));
      await user.click(screen.getByRole('button', { name: tx('drawingShare.export.format.stl') }));
      await screen.findByText(tx('drawingShare.export.done', { file: 'plusminus-5520.stl' }));
      const [exported] = api.callsTo('POST', '/api/products/v1/creations/export/stl');
      expect(exported?.body).toMatchObject({ subFamilyId: 225, space: { type: 'Space' } });
      expect(downloads.saved).toEqual(['plusminus-5520.stl']);
    } finally {
      downloads.restore();
    }
  });

  it('a sticks configuration offers no Share (the shared view is plusminus’s)', async () => {
    const other = noDrawingApi();
    await renderApp('/new-product/sticks-nodrawing-configurator', other.api);
    await screen.findByRole('heading', { level: 1, name: tx('drawing.nodrawing.title.sticks') });
    await waitFor(() => expect(screen.getByRole('button', { name: tx('projects.addTo.action') })).toBeEnabled(), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: tx('drawingShare.share.action') })).not.toBeInTheDocument();
  });

  it('switches to another layout, whose own numbers then apply', async () => {
    const user = userEvent.setup();
    const { api } = noDrawingApi();
    await renderApp('/new-product/sticks-nodrawing-configurator', api);
    await screen.findByRole('heading', { level: 1, name: tx('drawing.nodrawing.title.sticks') });
    await user.click(await screen.findByRole('button', { name: new RegExp(tx('drawing.nodrawing.choose')) }));
    await user.click(await screen.findByRole('option', { name: tx('drawing.nodrawing.layout.sticks.square') }));
    expect(await screen.findByRole('img', { name: new RegExp(tx('drawingShare.plan.summary_other', { count: 4, items: '.*' })) })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.side') })).toHaveValue('1');
    expect(screen.queryByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.count') })).not.toBeInTheDocument();
  });

  it('reopens a saved no-drawing line in validate mode, and saves and validates it', async () => {
    const user = userEvent.setup();
    const line = makeProduct({
      _id: NODRAWING_LINE,
      type: 'CREATION',
      referenceCode: null,
      model: '7470',
      familyId: 19,
      creationCode: 'CR000000061',
      creationNumber: 61,
      configuratorType: { id: 3 },
      subFamily: { id: 219, description: 'Sticks' },
      space: drawingToSpace(SQUARE, { room: ROOM, configurator: 3, spaceId: 'space-9', createdAt: 1, applicationLocationId: null }) as ProjectProduct['space'],
      revision: 1,
    });
    const project = makeProject(5, { name: 'Atrium', products: [line] });
    const { api } = noDrawingApi([project]);
    await renderApp(`/project/5/product/${NODRAWING_LINE}/sticks-nodrawing-configurator/validate`, api);
    expect(await screen.findByText(tx('drawing.nodrawing.mode.validate'))).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: new RegExp(tx('drawingShare.plan.summary_other', { count: 4, items: '.*' })) })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: tx('crea.line.saveValidate') });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 3000 });
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', `/api/apiv2/project/5/product/${NODRAWING_LINE}/validate`)).toHaveLength(1), { timeout: 3000 });
    const [put] = api.callsTo('PUT', `/api/projects/v1/projects/5/products/${NODRAWING_LINE}`);
    expect(put?.body).toMatchObject({ quantity: line.quantity, space: { props: { configurator: 3 } } });
  });

  it('answers the {mode} routes (issue 27 §1): CREATE makes a new structure; CREATE on a saved line opens it to edit', async () => {
    const { api } = noDrawingApi();
    const first = await renderApp('/new-product/sticks-nodrawing-configurator/CREATE', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('drawing.nodrawing.title.sticks') })).toBeInTheDocument();
    first.unmount();
    const second = await renderApp(`/project/5/product/${NODRAWING_LINE}/plusminus-nodrawing-configurator/create`, api);
    await waitFor(() => expect(second.history.location.pathname).toBe(`/project/5/product/${NODRAWING_LINE}/plusminus-nodrawing-configurator`));
  });

  it('a drawn line opened in the no-drawing configurator is the spec’s error, in the user’s language', async () => {
    const line = makeProduct({ _id: NODRAWING_LINE, type: 'CREATION', referenceCode: null, model: '7470', configuratorType: { id: 2 }, subFamily: { id: 219, description: 'Sticks' }, space: null });
    const { api } = noDrawingApi([makeProject(5, { name: 'Atrium', products: [line] })]);
    await renderApp(`/project/5/product/${NODRAWING_LINE}/sticks-nodrawing-configurator`, api);
    // It has a drawing configurator; what it lacks is one without drawing (the two messages were swapped, issue 27 §1).
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('drawing.error.NO_NODRAWING_CONFIGURATOR'));
  });

  it('a line of an ordered project opens read-only, with the reason and nothing to save', async () => {
    const line = makeProduct({
      _id: NODRAWING_LINE,
      type: 'CREATION',
      referenceCode: null,
      model: '7470',
      familyId: 19,
      creationCode: 'CR000000063',
      configuratorType: { id: 3 },
      subFamily: { id: 219, description: 'Sticks' },
      space: drawingToSpace(SQUARE, { room: ROOM, configurator: 3, createdAt: 1, applicationLocationId: null }) as ProjectProduct['space'],
    });
    const { api } = noDrawingApi([makeProject(5, { name: 'Atrium', status: PROJECT_STATUS.ORDER, products: [line] })]);
    await renderApp(`/project/5/product/${NODRAWING_LINE}/sticks-nodrawing-configurator`, api);
    expect(await screen.findByRole('note')).toHaveTextContent(tx('projects.page.readOnlyOrder'));
    expect(await screen.findByRole('img', { name: new RegExp(tx('drawingShare.plan.summary_other', { count: 4, items: '.*' })) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('crea.line.save') })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: tx('crea.live.sets') })).toBeDisabled();
  });

  it('sticks have no view mode', async () => {
    const { api } = noDrawingApi();
    await renderApp(`/project/5/product/${NODRAWING_LINE}/sticks-nodrawing-configurator/view`, api);
    expect(await screen.findByRole('heading', { level: 1, name: en['errors.notFound.title'] })).toBeInTheDocument();
  });
});

describe('the drawing configurators in EXPORT mode (the drawing pages mount the export panel)', () => {
  it('open the saved drawing read-only with its files to download', async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    try {
      const line = makeProduct({
        _id: NODRAWING_LINE,
        type: 'CREATION',
        referenceCode: null,
        model: '7470',
        familyId: 19,
        creationCode: 'CR000000062',
        creationNumber: 62,
        configuratorType: { id: 2 },
        subFamily: { id: 219, description: 'Sticks' },
        space: drawingToSpace(SQUARE, { room: ROOM, configurator: 2, spaceId: 'space-7', createdAt: 1, applicationLocationId: null }) as ProjectProduct['space'],
      });
      const { api } = noDrawingApi([makeProject(5, { name: 'Atrium', products: [line] })]);
      await renderApp(`/project/5/product/${NODRAWING_LINE}/sticks-drawing-configurator/export`, api);
      expect(await screen.findByText(tx('drawing.mode.EXPORT'))).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: tx('drawingShare.export.format.svg') }));
      await screen.findByText(tx('drawingShare.export.done', { file: 'CR000000062.svg' }));
      expect(api.callsTo('GET', `/api/projects/v1/projects/5/products/${NODRAWING_LINE}/export/svg`)).toHaveLength(1);
      expect(downloads.saved).toEqual(['CR000000062.svg']);
      // Read-only: no drawing tools.
      expect(screen.queryByRole('radio', { name: tx('drawing.tool.draw') })).not.toBeInTheDocument();
    } finally {
      downloads.restore();
    }
  });
});

// ─── The frames (issue 16 §6) ─────────────────────────────────────────────────────────────────

describe('the drawing frames', () => {
  const FRAME_HOST = 'https://partner.example';
  /** The frame's parent window: the partner page, whose postMessage the test reads. */
  const parent = { postMessage: vi.fn() };
  const framed = () => Object.defineProperty(window, 'parent', { configurable: true, value: parent });
  let downloads: ReturnType<typeof catchDownloads>;
  beforeEach(() => {
    parent.postMessage.mockClear();
    framed();
    downloads = catchDownloads();
  });
  afterEach(() => {
    Object.defineProperty(window, 'parent', { configurable: true, value: window });
    downloads.restore();
  });
  const partnerApi = () => {
    const api = shareApi({ account: null });
    api.state.config = { ...api.state.config, frameAncestors: [FRAME_HOST] };
    return api;
  };
  const fromHost = (data: unknown, origin = FRAME_HOST, source: unknown = parent) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
    });
  const exportUrl = (format: string) => `${window.location.origin}/api/products/v1/creations/shared/${HASH}/export/${format}`;

  it('the export frame shows the snapshot, tells the host it is ready, and hands over each export’s address', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = partnerApi();
    await renderApp(`/iframe/plusminus-export3d?host=${encodeURIComponent(FRAME_HOST)}&snapshot=${HASH}`, api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('drawingShare.frame.exportTitle', { collection: 'Plusminus' }) })).toBeInTheDocument();
    // No platform header in a frame.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalledWith({ type: 'lumen:ready', frame: 'export3d' }, FRAME_HOST));

    await user.click(screen.getByRole('button', { name: tx('drawingShare.export.format.obj') }));
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalledWith({ type: 'lumen:export-ready', format: 'obj', url: exportUrl('obj') }, FRAME_HOST));
    expect(downloads.saved).toEqual([`plusminus-${HASH}.obj`]);

    // The host asks for a file by message; a stranger's message is ignored.
    fromHost({ type: 'lumen:export', format: 'glb' }, 'https://evil.example');
    fromHost({ type: 'lumen:export', format: 'glb' });
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalledWith({ type: 'lumen:export-ready', format: 'glb', url: exportUrl('glb') }, FRAME_HOST));
    expect(parent.postMessage.mock.calls.filter(([message]) => (message as { type: string }).type === 'lumen:export-ready')).toHaveLength(2);
    expect(new Set(parent.postMessage.mock.calls.map(([, target]) => target))).toEqual(new Set([FRAME_HOST]));
    expect(warn).toHaveBeenCalledWith('[drawing frame] message ignored (origin) from https://evil.example');
    warn.mockRestore();
  });

  it('refuses to talk outside a frame, or to a host that is no partner', async () => {
    Object.defineProperty(window, 'parent', { configurable: true, value: window });
    await renderApp(`/iframe/plusminus-export3d?host=${encodeURIComponent(FRAME_HOST)}&snapshot=${HASH}`, partnerApi());
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('drawingShare.frame.notFramed'));
    framed();
    await renderApp(`/iframe/plusminus-drawing-configurator?host=${encodeURIComponent('https://evil.example')}`, partnerApi());
    expect((await screen.findAllByRole('alert')).at(-1)).toHaveTextContent(tx('drawingShare.frame.notAllowed'));
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('an export frame without a snapshot says there is nothing to export', async () => {
    await renderApp(`/iframe/plusminus-export3d?host=${encodeURIComponent(FRAME_HOST)}`, partnerApi());
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('drawingShare.frame.noSnapshot'));
  });
});
