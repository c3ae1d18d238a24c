import { TRANSLATIONS } from '@lumen/i18n';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { articleCollection, RULES } from '../../features/configurator/configurator.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;

describe('the configurator page with its actions (issue 35 §5)', () => {
  it('shows the configurator whole, its actions with it, although they are modules loaded after the header', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    api.handle((call) => {
      if (call.path === '/api/apiv2/articles/variations') return json(200, articleCollection(16));
      if (call.path === '/api/products/v1/articles/models') return json(200, [{ model: '0270', description: 'North wall', image: '/api/images/models/0270.svg' }]);
      if (call.path.startsWith('/api/products/v1/static/rules/')) return json(200, RULES);
      if (call.path === '/api/products/v1/articles/references') return json(200, {});
      return undefined;
    });
    await renderApp('/add-product/302/2/0270', api);
    expect(await screen.findByTestId('configured-reference')).toHaveTextContent('027001/03_10');
    // In the same render as the result: nothing comes under the figures afterwards.
    expect(screen.getByRole('button', { name: en['projects.addTo.action'] })).toBeInTheDocument();
  });
});
