import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeProject, projectsApi } from '../../features/projects/projects.fixtures';
import { STICKS_COLLECTION, STICKS_MODELS, STICKS_VARIATIONS, drawingEvaluation } from '../../features/drawing/drawing.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

/** The sticks collection's rule: black is not made in 2700 K. */
const RULES = {
  version: 1,
  subFamilyId: 219,
  ruleSets: [
    {
      id: 'sticks-exclusions',
      appliesTo: { elementType: ['Light'] },
      rules: [{ kind: 'exclusion', id: 'black-warm', reason: 'Black is not made in 2700 K', reasons: { en: 'Black is not made in 2700 K', es: 'El negro no se fabrica en 2700 K' }, combinations: [{ Acabado: '05', Led: '2' }] }],
    },
  ],
};

function sticksApi() {
  return projectsApi({
    projects: [makeProject(5, { name: 'Atrium', products: [] })],
    before: ({ method, path }) => {
      if (method === 'GET' && path === '/api/products/v1/categories/collections') return json(200, [STICKS_COLLECTION]);
      if (method === 'GET' && path === '/api/products/v1/articles/models') return json(200, STICKS_MODELS);
      if (method === 'GET' && path === '/api/apiv2/articles/variations') return json(200, STICKS_VARIATIONS);
      if (method === 'GET' && path === '/api/products/v1/static/rules/219_16.json') return json(200, RULES);
      if (method === 'POST' && path === '/api/products/v1/creations/evaluate') return json(200, drawingEvaluation(1));
      return undefined;
    },
  });
}

const field = (within_: HTMLElement, label: string) => within(within_).getByRole('button', { name: new RegExp(`^${label}|${label}$`) });

describe('drawing configurators: a refused value is named beside its control (issue 27 §2)', () => {
  it('the collection’s rule says why in the option, a refused choice changes nothing and shows the rule with the nearest value that fits', async () => {
    const user = userEvent.setup();
    await renderApp('/project/5/add-product/sticks-drawing-configurator', sticksApi());
    await user.click(await screen.findByRole('button', { name: tx('drawing.keyboard.add.sticks') }));
    const whole = screen.getByRole('region', { name: tx('drawing.whole.title') });
    // 2700 K for the whole drawing: allowed in white.
    await user.click(field(whole, tx('configurator.attribute.ledColourTemp')));
    await user.click(await screen.findByRole('option', { name: /2700 K/ }));
    await waitFor(() => expect(field(whole, tx('configurator.attribute.ledColourTemp'))).toHaveTextContent(/2700 K/));
    // Black is refused with it: the option says so before it is chosen.
    await user.click(field(whole, tx('configurator.attribute.finish')));
    const black = await screen.findByRole('option', { name: /Black/ });
    expect(black).toHaveTextContent(tx('crea.refusal.option', { reason: 'Black is not made in 2700 K' }));
    await user.click(black);
    const refusal = await within(whole).findByRole('alert');
    expect(refusal).toHaveTextContent('Black is not made in 2700 K');
    // Nothing changed: the stick keeps its finish.
    expect(field(whole, tx('configurator.attribute.finish'))).not.toHaveTextContent(/Black/);
    await user.click(within(refusal).getByRole('button'));
    await waitFor(() => expect(within(whole).queryByRole('alert')).not.toBeInTheDocument());
  });
});
