import type { Lang } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { CREA_COLLECTION, CREA_MODELS, CREA_RULE_BOOK, CREA_VARIATIONS, creaEvaluation } from '../../features/crea/crea.fixtures';
import { STICKS_COLLECTION, STICKS_MODELS, STICKS_VARIATIONS, drawingEvaluation } from '../../features/drawing/drawing.fixtures';
import { makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const LANGS: readonly Lang[] = ['en', 'us', 'fr', 'de', 'it', 'es'];
/** Every key of the web's texts: one shown raw is a missing text (i18next shows the key). */
const KEYS = new Set(Object.keys(TRANSLATIONS['fr-eproject'].en));

function api(lang: Lang) {
  return projectsApi({
    account: makeAccount({ role: 'distributor', lang, language: { isoCode: lang } }),
    projects: [makeProject(5, { name: 'Lobby', products: [] })],
    before: (call) => {
      const { method, path } = call;
      const sticks = call.query.get('subFamilyId') === '219';
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [CREA_COLLECTION, STICKS_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, sticks ? STICKS_MODELS : CREA_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, sticks ? STICKS_VARIATIONS : CREA_VARIATIONS);
      if (method === 'GET' && path === '/api/products/v1/static/rules/259_16.json') return json(200, CREA_RULE_BOOK);
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') {
        const body = call.body as { space: unknown; subFamilyId: number };
        const lights = (JSON.stringify(body.space).match(/"type":"Light"/g) ?? []).length;
        return json(200, body.subFamilyId === 219 ? drawingEvaluation(lights) : creaEvaluation(lights));
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
describe('configurator screens in six languages (issue 27 §2)', () => {
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

      await renderApp('/project/5/add-product/sticks-nodrawing-configurator', api(lang));
      expect(await screen.findByRole('heading', { level: 1, name: t['drawing.nodrawing.title.sticks'] })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText(t['drawing.live.empty.sticks'] ?? '')).not.toBeInTheDocument(), { timeout: 4000 });
      expect(faultsOnScreen()).toEqual([]);
    }, 60_000);
  }
});
