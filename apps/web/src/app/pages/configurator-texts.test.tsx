import type { Lang, ProjectProduct, SharedCreation } from '@lumen/contracts';
import { drawingToSpace } from '@lumen/domain';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { CREA_COLLECTION, CREA_MODELS, CREA_RULE_BOOK, CREA_VARIATIONS, creaEvaluation } from '../../features/crea/crea.fixtures';
import { DRAWING_ROOM, PLUSMINUS_COLLECTION, PLUSMINUS_STRAP, PLUSMINUS_MODELS, PLUSMINUS_VARIATIONS, STICKS_COLLECTION, STICKS_MODELS, STICKS_VARIATIONS, drawingEvaluation } from '../../features/drawing/drawing.fixtures';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const LANGS: readonly Lang[] = ['en', 'us', 'fr', 'de', 'it', 'es'];
/** Every key of the web's texts: one shown raw is a missing text (i18next shows the key). */
const KEYS = new Set(Object.keys(TRANSLATIONS['fr-eproject'].en));

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const LINE = '00000000-0000-4000-8000-0000000c7e01';
/** A plusminus strap as a saved line and a shared link hold it. */
const STRAP_SPACE = drawingToSpace(PLUSMINUS_STRAP, { room: DRAWING_ROOM, configurator: 2, createdAt: 1, applicationLocationId: null });
const plusminusEvaluation = (lights: number) => ({ ...drawingEvaluation(lights), subFamily: { id: 225, description: 'Plusminus' } });
const SHARED: SharedCreation = { hash: HASH, subFamilyId: 225, catalogId: 16, createdAt: '2026-11-20T10:00:00.000Z', space: STRAP_SPACE, evaluation: plusminusEvaluation(2) };
const strapLine = () =>
  makeProduct({
    _id: LINE,
    type: 'CREATION',
    referenceCode: null,
    model: '5520',
    familyId: 19,
    creationCode: 'CR000000042',
    creationNumber: 42,
    configuratorType: { id: 2 },
    subFamily: { id: 225, description: 'Plusminus' },
    space: STRAP_SPACE as ProjectProduct['space'],
  });

function api(lang: Lang) {
  return projectsApi({
    account: makeAccount({ role: 'distributor', lang, language: { isoCode: lang } }),
    projects: [makeProject(5, { name: 'Lobby', products: [strapLine()] })],
    before: (call) => {
      const { method, path } = call;
      const sticks = call.query.get('subFamilyId') === '219';
      const plusminus = call.query.get('subFamilyId') === '225' || call.query.getAll('model').includes('5520');
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [CREA_COLLECTION, STICKS_COLLECTION, PLUSMINUS_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, plusminus ? PLUSMINUS_MODELS : sticks ? STICKS_MODELS : CREA_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, plusminus ? PLUSMINUS_VARIATIONS : sticks ? STICKS_VARIATIONS : CREA_VARIATIONS);
      if (method === 'GET' && path === `/api/products/v1/creations/shared/${HASH}`) return json(200, SHARED);
      if (method === 'GET' && path === '/api/products/v1/static/rules/259_16.json') return json(200, CREA_RULE_BOOK);
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') {
        const body = call.body as { space: unknown; subFamilyId: number };
        const lights = (JSON.stringify(body.space).match(/"type":"Light"/g) ?? []).length;
        return json(200, body.subFamilyId === 219 ? drawingEvaluation(lights) : body.subFamilyId === 225 ? plusminusEvaluation(lights) : creaEvaluation(lights));
      }
      return undefined;
    },
  });
}

/** What a screen must never show: an unfilled {{placeholder}}, a text key instead of its text, an engine or error code instead of a name. */
function faultsOnScreen(): string[] {
  const text = document.body.textContent ?? '';
  const faults: string[] = [];
  if (text.includes('{{')) faults.push(`unfilled placeholder near "${text.slice(text.indexOf('{{') - 40, text.indexOf('{{') + 40)}"`);
  for (const token of text.match(/[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+/g) ?? []) if (KEYS.has(token)) faults.push(`text key shown: ${token}`);
  for (const code of text.match(/\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/g) ?? []) faults.push(`code shown: ${code}`);
  return faults;
}

/**
 * Issue 27 §2: every configurator screen (the crea room with a cluster and its live panel, the sticks
 * drawing with a stick, the no-drawing sticks form with its layout) rendered in the six languages,
 * with what the server computes shown, has no {{, no text key and no raw code.
 */
describe('configurator screens in six languages (issue 27 §2): crea, sticks and plusminus drawings, no-drawing, the shared view and the exports', () => {
  for (const lang of LANGS) {
    const t = TRANSLATIONS['fr-eproject'][lang];
    it(`${lang}: crea, a sticks drawing and the no-drawing form show texts, names and figures, never a key, a {{ or a code`, async () => {
      const user = userEvent.setup();
      const crea = await renderApp('/project/5/add-product/crea-configurator', api(lang));
      await user.click(await screen.findByRole('button', { name: t['crea.toolbar.add'] }));
      expect(await screen.findByText(t['crea.live.valid'] ?? '', {}, { timeout: 4000 })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe(lang === 'us' ? 'en-US' : lang);
      expect(faultsOnScreen()).toEqual([]);
      crea.unmount();

      const drawing = await renderApp('/project/5/add-product/sticks-drawing-configurator', api(lang));
      await user.click(await screen.findByRole('button', { name: t['drawing.keyboard.add.sticks'] }));
      await waitFor(() => expect(screen.getByTestId('drawing-problems')).toBeInTheDocument());
      expect(faultsOnScreen()).toEqual([]);
      drawing.unmount();

      const nodrawing = await renderApp('/project/5/add-product/sticks-nodrawing-configurator', api(lang));
      expect(await screen.findByRole('heading', { level: 1, name: t['drawing.nodrawing.title.sticks'] })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText(t['drawing.live.empty.sticks'] ?? '')).not.toBeInTheDocument(), { timeout: 4000 });
      expect(faultsOnScreen()).toEqual([]);
      nodrawing.unmount();
    }, 60_000);

    it(`${lang}: a plusminus drawing, its shared view and the export screens show texts, names and figures, never a key, a {{ or a code`, async () => {
      const user = userEvent.setup();
      const plusminus = await renderApp('/project/5/add-product/plusminus-drawing-configurator', api(lang));
      await user.click(await screen.findByRole('button', { name: t['drawing.keyboard.add.plusminus'] }));
      await waitFor(() => expect(screen.getByTestId('drawing-problems')).toBeInTheDocument());
      expect(faultsOnScreen()).toEqual([]);
      plusminus.unmount();

      // The shared view, with what the server computed for this viewer.
      const shared = await renderApp(`/plusminus-drawing-configurator/product/${HASH}`, api(lang));
      expect(await screen.findByRole('heading', { level: 1, name: (t['drawingShare.view.title'] ?? '').replace('{{collection}}', 'Plusminus') })).toBeInTheDocument();
      expect(await screen.findByText(t['crea.live.valid'] ?? '')).toBeInTheDocument();
      expect(faultsOnScreen()).toEqual([]);
      shared.unmount();

      // A line's export page, and the drawing configurator in its EXPORT mode.
      const exportPage = await renderApp(`/project/5/product/${LINE}/export`, api(lang));
      expect(await screen.findByRole('heading', { level: 1, name: (t['drawingShare.exportPage.title'] ?? '').replace('{{code}}', 'CR000000042') })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: t['drawingShare.export.format.stl'] })).toBeInTheDocument();
      expect(faultsOnScreen()).toEqual([]);
      exportPage.unmount();

      await renderApp(`/project/5/product/${LINE}/plusminus-drawing-configurator/EXPORT`, api(lang));
      expect(await screen.findByRole('button', { name: t['drawingShare.export.format.stl'] }, { timeout: 4000 })).toBeInTheDocument();
      expect(await screen.findByText(t['drawing.mode.EXPORT'] ?? '')).toBeInTheDocument();
      expect(faultsOnScreen()).toEqual([]);
    }, 60_000);
  }
});
