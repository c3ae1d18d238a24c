import type { ConfiguratorDraft, Project, ProjectProduct } from '@lumen/contracts';
import { drawingToSpace } from '@lumen/domain';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json, noContent, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { CREA_COLLECTION, CREA_MODELS, CREA_RULE_BOOK, CREA_VARIATIONS, creaEvaluation } from '../../features/crea/crea.fixtures';
import { DRAWING_ROOM, STICKS_COLLECTION, STICKS_MODELS, STICKS_SQUARE, STICKS_VARIATIONS, drawingEvaluation } from '../../features/drawing/drawing.fixtures';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';
import { draftTiming, localDraftKey, readLocalDraft } from '../../shared/configurator-draft';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

/** The crea and sticks calls, and a server that keeps drafts (issue 27 §3). */
function configuratorsApi(options: { account?: null; projects?: Project[]; draftsDown?: { down: boolean } } = {}) {
  const drafts = new Map<string, ConfiguratorDraft>();
  const draftCalls: FakeCall[] = [];
  const api = projectsApi({
    ...(options.account === null ? { account: null } : {}),
    projects: options.projects ?? [makeProject(5, { name: 'Lobby', products: [] })],
    before: (call) => {
      const { method, path } = call;
      const draft = /^\/api\/products\/v1\/configurator-drafts\/([^/]+)$/.exec(path);
      if (draft) {
        draftCalls.push(call);
        const key = decodeURIComponent(draft[1] ?? '');
        if (options.draftsDown?.down) return failure(503, 'UNAVAILABLE');
        if (method === 'GET') return drafts.has(key) ? json(200, drafts.get(key)) : json(404, { ErrorCode: 404, ErrorDescription: 'Not found', code: 'NOT_FOUND' });
        if (method === 'PUT') {
          const body = call.body as { content: Record<string, unknown>; quantity: number };
          const saved = { key, content: body.content, quantity: body.quantity, updatedAt: new Date().toISOString() };
          drafts.set(key, saved);
          return json(200, saved);
        }
        drafts.delete(key);
        return noContent();
      }
      const sticks = call.query.get('subFamilyId') === '219' || path.includes('/219_');
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [CREA_COLLECTION, STICKS_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, sticks ? STICKS_MODELS : CREA_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, sticks ? STICKS_VARIATIONS : CREA_VARIATIONS);
      if (method === 'GET' && path === '/api/products/v1/static/rules/259_16.json') return json(200, CREA_RULE_BOOK);
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') {
        const body = call.body as { space: unknown; subFamilyId: number };
        const space = JSON.stringify(body.space);
        return json(200, body.subFamilyId === 219 ? drawingEvaluation((space.match(/"type":"Light"/g) ?? []).length) : creaEvaluation((space.match(/"type":"Light"/g) ?? []).length));
      }
      if (method === 'POST' && path === '/api/projects/v1/projects/products/generate-creation-code') return json(200, { creationCode: 'CR000000077', creationNumber: 77 });
      return undefined;
    },
  });
  return { api, drafts, draftCalls };
}

const clusterList = () => screen.getByRole('list', { name: tx('crea.list.title') });

/** A saved no-drawing sticks line: a square of four 0.90 m sticks with its canopy. */
const NODRAWING_LINE = '00000000-0000-4000-8000-00000000ad01';
const squareLine = () =>
  makeProduct({
    _id: NODRAWING_LINE,
    type: 'CREATION',
    referenceCode: null,
    model: '7470',
    familyId: 19,
    creationCode: 'CR000000061',
    creationNumber: 61,
    configuratorType: { id: 3 },
    subFamily: { id: 219, description: 'Sticks' },
    space: drawingToSpace(STICKS_SQUARE, { room: DRAWING_ROOM, configurator: 3, spaceId: 'space-9', createdAt: 1, applicationLocationId: null }) as ProjectProduct['space'],
    revision: 1,
  });

/** One step up of a spinbutton, by keyboard. */
async function stepUp(user: ReturnType<typeof userEvent.setup>, name: RegExp | string) {
  const field = await screen.findByRole('spinbutton', { name });
  const was = (field as HTMLInputElement).value;
  field.focus();
  await user.keyboard('{ArrowUp}');
  await waitFor(() => expect(field).not.toHaveValue(was));
  return field;
}

describe('configurator drafts (issue 27 §3)', () => {
  it('crea: a change is kept on the server; after a reload the room offers it, resumes it, and adding it to a project drops the draft', async () => {
    const user = userEvent.setup();
    const { api, drafts, draftCalls } = configuratorsApi();
    const first = await renderApp('/project/5/add-product/crea-configurator', api);
    await screen.findByText(tx('crea.list.empty'));
    // Nothing is kept while nothing changed.
    expect(draftCalls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: tx('crea.toolbar.add') }));
    await user.click(screen.getByRole('button', { name: tx('crea.toolbar.add') }));
    // In the browser at once, on the server a second later.
    expect(JSON.stringify(readLocalDraft(7, 'crea')?.content)).toContain('"type":"Cluster"');
    await waitFor(() => expect((JSON.stringify(drafts.get('crea')?.content ?? {}).match(/"type":"Cluster"/g) ?? []).length).toBe(2), { timeout: 3000 });
    first.unmount();
    // The browser's copy gone (another browser, a lost tab): the server's is offered.
    localStorage.clear();

    await renderApp('/project/5/add-product/crea-configurator', api);
    await screen.findByText(tx('crea.list.empty'));
    const offer = await screen.findByRole('region', { name: tx('configurator.draft.title') });
    await user.click(within(offer).getByRole('button', { name: tx('configurator.draft.resume') }));
    await waitFor(() => expect(within(clusterList()).getAllByRole('button')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: tx('configurator.draft.title') })).not.toBeInTheDocument();

    // The button waits for the resumed room's evaluation (disabled until then): pressing it earlier,
    // as a loaded machine made the test do, does nothing.
    await waitFor(() => expect(screen.getByRole('button', { name: tx('projects.addTo.action') })).toBeEnabled(), { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: tx('projects.addTo.action') }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 30_000 });
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Lobby', code: 'CR000000077', quantity: 1 }));
    await waitFor(() => expect(drafts.has('crea')).toBe(false));
    expect(readLocalDraft(7, 'crea')).toBeNull();
  });

  it('a discarded draft is dropped; a visitor’s draft stays in the browser and is offered after a login', async () => {
    const user = userEvent.setup();
    const { api, draftCalls } = configuratorsApi({ account: null });
    const first = await renderApp('/new-product/sticks-drawing-configurator', api);
    const add = await screen.findByRole('button', { name: tx('drawing.keyboard.add.sticks') });
    await user.click(add);
    await waitFor(() => expect(readLocalDraft('visitor', 'sticks-drawing')).not.toBeNull());
    // A visitor's draft never goes to the server.
    expect(draftCalls).toHaveLength(0);
    first.unmount();

    // The same browser, logged in now: the visitor's draft is offered, resumed with its stick.
    const logged = configuratorsApi();
    const second = await renderApp('/new-product/sticks-drawing-configurator', logged.api);
    const offer = await screen.findByRole('region', { name: tx('configurator.draft.title') });
    await user.click(within(offer).getByRole('button', { name: tx('configurator.draft.resume') }));
    const sticks = await screen.findByRole('list', { name: tx('drawing.list.segments.sticks') });
    expect(sticks.querySelectorAll(':scope > li')).toHaveLength(1);
    second.unmount();

    // Discarded: gone from the browser and the server, not offered again.
    await renderApp('/new-product/sticks-drawing-configurator', logged.api);
    const again = await screen.findByRole('region', { name: tx('configurator.draft.title') });
    await user.click(within(again).getByRole('button', { name: tx('configurator.draft.discard') }));
    expect(readLocalDraft('visitor', 'sticks-drawing')).toBeNull();
    expect(localStorage.getItem(localDraftKey(7, 'sticks-drawing'))).toBeNull();
    await waitFor(() => expect(logged.draftCalls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('leaving with unsaved changes asks first: a link of the app is held until the user says leave; a reload asks the browser', async () => {
    const user = userEvent.setup();
    const { api } = configuratorsApi();
    const view = await renderApp('/project/5/add-product/crea-configurator', api);
    await screen.findByText(tx('crea.list.empty'));
    // Unchanged: nothing asks.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('button', { name: tx('crea.toolbar.add') }));
    const changedUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changedUnload);
    expect(changedUnload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getAllByRole('link', { name: tx('projects.add.backToProject') })[0] as HTMLElement);
    const ask = await screen.findByRole('alertdialog', { name: tx('configurator.leave.title') });
    expect(view.history.location.pathname).toBe('/project/5/add-product/crea-configurator');
    await user.click(within(ask).getByRole('button', { name: tx('configurator.leave.stay') }));
    expect(view.history.location.pathname).toBe('/project/5/add-product/crea-configurator');
    fireEvent.click(screen.getAllByRole('link', { name: tx('projects.add.backToProject') })[0] as HTMLElement);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: tx('configurator.leave.go') }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/project/5'));
  });

  it('no-drawing: a changed form is kept on the server, offered after a reload with its numbers, and dropped once added to a project', async () => {
    const user = userEvent.setup();
    const { api, drafts } = configuratorsApi();
    const first = await renderApp('/project/5/add-product/sticks-nodrawing-configurator', api);
    const count = await screen.findByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.count') });
    count.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(drafts.get('sticks-nodrawing')?.content).toMatchObject({ form: { choice: { kind: 'layout' }, params: { count: 5 } } }), { timeout: 3000 });
    first.unmount();
    localStorage.clear();

    await renderApp('/project/5/add-product/sticks-nodrawing-configurator', api);
    const offer = await screen.findByRole('region', { name: tx('configurator.draft.title') });
    // Not taken until the user says so: the form opens as new meanwhile.
    expect(await screen.findByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.count') })).toHaveValue('3');
    await user.click(within(offer).getByRole('button', { name: tx('configurator.draft.resume') }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.count') })).toHaveValue('5'));
    expect(screen.getByRole('img', { name: new RegExp(tx('drawingShare.plan.summary_other', { count: 5, items: '.*' })) })).toBeInTheDocument();

    const add = screen.getByRole('button', { name: tx('projects.addTo.action') });
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 10_000 });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.click(await within(dialog).findByRole('button', { name: tx('projects.addTo.submit') }));
    await screen.findByText(tx('projects.addTo.doneCreation', { name: 'Lobby', code: 'CR000000077', quantity: 1 }));
    await waitFor(() => expect(drafts.has('sticks-nodrawing')).toBe(false));
    expect(readLocalDraft(7, 'sticks-nodrawing')).toBeNull();
  });

  it('the browser’s back and a line’s Cancel ask first too (no-drawing, crea), and leave only when the user says so', async () => {
    const user = userEvent.setup();
    const { api } = configuratorsApi({ projects: [makeProject(5, { name: 'Lobby', products: [squareLine()] })] });
    const view = await renderApp('/project/5', api);
    await screen.findByRole('heading', { level: 1, name: 'Lobby' });
    act(() => view.history.push('/project/5/add-product/sticks-nodrawing-configurator'));
    await stepUp(user, tx('drawing.nodrawing.param.sticks.count'));
    // Back: the address stays, the question is asked.
    act(() => view.history.go(-1));
    const ask = await screen.findByRole('alertdialog', { name: tx('configurator.leave.title') });
    expect(view.history.location.pathname).toBe('/project/5/add-product/sticks-nodrawing-configurator');
    await user.click(within(ask).getByRole('button', { name: tx('configurator.leave.stay') }));
    expect(view.history.location.pathname).toBe('/project/5/add-product/sticks-nodrawing-configurator');
    expect(screen.getByRole('spinbutton', { name: tx('drawing.nodrawing.param.sticks.count') })).toHaveValue('4');
    act(() => view.history.go(-1));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: tx('configurator.leave.go') }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/project/5'));

    // A saved line's Cancel, once the line was changed.
    act(() => view.history.push(`/project/5/product/${NODRAWING_LINE}/sticks-nodrawing-configurator`));
    await stepUp(user, new RegExp(`^${tx('drawing.whole.height')}`));
    await user.click(screen.getByRole('button', { name: tx('projects.cancel') }));
    const cancelAsk = await screen.findByRole('alertdialog', { name: tx('configurator.leave.title') });
    expect(view.history.location.pathname).toBe(`/project/5/product/${NODRAWING_LINE}/sticks-nodrawing-configurator`);
    await user.click(within(cancelAsk).getByRole('button', { name: tx('configurator.leave.go') }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/project/5'));

    // Unchanged, back leaves without a question.
    act(() => view.history.push('/project/5/add-product/crea-configurator'));
    await screen.findByText(tx('crea.list.empty'));
    act(() => view.history.go(-1));
    await waitFor(() => expect(view.history.location.pathname).toBe('/project/5'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a draft the server does not take is tried again, sooner then later; the user is told while it stays unsaved there', async () => {
    const user = userEvent.setup();
    const timing = { ...draftTiming };
    Object.assign(draftTiming, { serverDelayMs: 20, retryDelaysMs: [40, 80], unsavedAfter: 2 });
    try {
      const draftsDown = { down: true };
      const { api, drafts, draftCalls } = configuratorsApi({ draftsDown });
      await renderApp('/project/5/add-product/crea-configurator', api);
      await screen.findByText(tx('crea.list.empty'));
      await user.click(screen.getByRole('button', { name: tx('crea.toolbar.add') }));
      const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(notice).toHaveTextContent(tx('configurator.draft.unsaved'));
      expect(draftCalls.filter((call) => call.method === 'PUT').length).toBeGreaterThanOrEqual(2);
      // Still kept in this browser meanwhile.
      expect(JSON.stringify(readLocalDraft(7, 'crea')?.content)).toContain('"type":"Cluster"');
      // The server back: the next try lands and the notice goes.
      draftsDown.down = false;
      await waitFor(() => expect(drafts.has('crea')).toBe(true), { timeout: 5000 });
      await waitFor(() => expect(screen.queryByText(tx('configurator.draft.unsaved'))).not.toBeInTheDocument());
    } finally {
      Object.assign(draftTiming, timing);
    }
  });
});
