import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string) => texts[key] ?? key;
const company = { id: 5, name: 'Luminotecnia Norte S.L.', crmId: 'CRM-ACC-0001', companyType: { id: 5, description: 'Distributor' } };

/** Issue 17 §2: about the company, on the profile of a company's manager. */
describe('/my-profile: about the company', () => {
  it('lets a manager rename the company and change its type (PUT users company/{crmId})', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor', name: 'Diego Norte', company }) });
    const calls: FakeCall[] = [];
    api.handle((call) => {
      if (call.path === '/api/users/v1/company-types') return json(200, [{ id: 1, description: 'Architecture studio' }, { id: 5, description: 'Distributor' }]);
      if (call.method === 'PUT' && call.path === '/api/users/v1/company/CRM-ACC-0001') {
        calls.push(call);
        return json(200, { id: 5, name: 'Norte Iluminación', crmId: 'CRM-ACC-0001', country: 'ES', companyType: { id: 1, description: 'Architecture studio' } });
      }
      return undefined;
    });
    const { unmount } = await renderApp('/my-profile', api);
    const form = await screen.findByRole('form', { name: tx('profile.company.title') }, { timeout: 8_000 });
    const name = within(form).getByRole('textbox', { name: new RegExp(tx('profile.company.name')) });
    expect(name).toHaveValue('Luminotecnia Norte S.L.');
    await userEvent.clear(name);
    await fill(name, 'Norte Iluminación');
    await userEvent.click(await within(form).findByRole('button', { name: new RegExp(tx('profile.company.type')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Architecture studio' }));
    await userEvent.click(within(form).getByRole('button', { name: tx('profile.company.save') }));
    expect(await within(form).findByRole('status')).toHaveTextContent(tx('profile.company.saved'));
    expect(calls[0]?.body).toEqual({ name: 'Norte Iluminación', companyTypeId: 1 });
    unmount();
  });

  it('is not there for a user who does not manage a company', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'specifier', name: 'Sofía Prieto', company: { ...company, id: 6, crmId: 'CRM-ACC-0003' } }) });
    const { unmount } = await renderApp('/my-profile', api);
    await screen.findByRole('heading', { level: 1, name: tx('profile.title') }, { timeout: 8_000 });
    await waitFor(() => expect(screen.queryByRole('form', { name: tx('profile.company.title') })).toBeNull());
    unmount();
  });
});
