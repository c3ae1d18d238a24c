import { TRANSLATIONS } from '@lumen/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { COLLECTIONS, MODELS } from './catalogue.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;

function designerApi(options: { fail?: boolean } = {}) {
  const api = createFakeApi({ account: null });
  api.handle((call) => {
    if (call.path === '/api/products/v1/categories/collections') return json(200, COLLECTIONS);
    if (call.path === '/api/products/v1/articles/models') return json(200, MODELS);
    if (call.path === '/api/apiv2/subfamily/302/designer')
      return options.fail
        ? failure(500, 'INTERNAL')
        : json(200, { subFamilyId: 302, name: 'North', designer: 'Marta Ibarz', year: 2021, bio: { en: 'Marta draws lamps for northern light.', es: 'Marta dibuja lámparas.' }, image: '/img/marta.jpg' });
    return undefined;
  });
  return api;
}

describe('a collection’s designer (spec §7 GET apiv2 /subfamily/{id}/designer)', () => {
  it('names the designer and the year on the collection’s models, with their story in the interface language', async () => {
    const api = designerApi();
    await renderApp('/add-product/302/2', api);
    await screen.findByRole('list', { name: en['catalogue.models.listLabel'] });
    expect(await screen.findByText('Designed by Marta Ibarz (2021)')).toBeInTheDocument();
    await userEvent.click(screen.getByText('About Marta Ibarz'));
    expect(screen.getByText('Marta draws lamps for northern light.')).toBeVisible();
    expect(api.callsTo('GET', '/api/apiv2/subfamily/302/designer')[0]?.query.get('lang')).toBe('en');
  });

  it('shows the models without it when it cannot be had', async () => {
    await renderApp('/add-product/302/2', designerApi({ fail: true }));
    await screen.findByRole('list', { name: en['catalogue.models.listLabel'] });
    expect(screen.queryByText(/Designed by/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
