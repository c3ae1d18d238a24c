import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string) => texts[key] ?? key;

/** Issue 30 §3: a distributor records the company's client code in the profile (PATCH users client-code), which orders need. */
describe('/my-profile: the client code', () => {
  it('lets a user who orders set the company’s client code, and says when it is not the company’s', async () => {
    const account = makeAccount({ role: 'distributor', name: 'Diego Norte', clientCode: null });
    const api = createFakeApi({ account });
    api.handle((call) => {
      if (call.method !== 'PATCH' || call.path !== '/api/users/v1/users/client-code') return undefined;
      const { clientCode } = call.body as { clientCode: string };
      if (clientCode !== 'C-100234') return json(400, { ErrorCode: 400, ErrorDescription: 'Bad Request', code: 'VALIDATION_FAILED', fields: [{ path: 'body.clientCode', message: 'formError.clientCodeUnknown' }] });
      return json(200, { ...account, clientCode });
    });
    const { store } = await renderApp('/my-profile', api);
    const form = await screen.findByRole('form', { name: tx('profile.clientCode.title') }, { timeout: 8_000 });
    expect(within(form).getByText(tx('profile.clientCode.missing'))).toBeInTheDocument();
    const field = within(form).getByRole('textbox', { name: new RegExp(tx('profile.clientCode.label')) });

    // Checked before it is sent.
    await userEvent.type(field, 'C 1');
    await userEvent.click(within(form).getByRole('button', { name: tx('profile.clientCode.save') }));
    expect(await within(form).findByText(tx('profile.clientCode.invalid'))).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/users/v1/users/client-code')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'C-999999');
    await userEvent.click(within(form).getByRole('button', { name: tx('profile.clientCode.save') }));
    expect(await within(form).findByText(tx('profile.clientCode.unknown'))).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'C-100234');
    await userEvent.click(within(form).getByRole('button', { name: tx('profile.clientCode.save') }));
    expect(await within(form).findByRole('status')).toHaveTextContent(tx('profile.clientCode.saved'));
    expect(store.getState().session.account?.clientCode).toBe('C-100234');
  });

  it('is not offered to a user who does not order', async () => {
    await renderApp('/my-profile', createFakeApi({ account: makeAccount({ role: 'specifier', name: 'Sofía Prieto' }) }));
    expect(await screen.findByRole('heading', { level: 1, name: tx('profile.title') }, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: tx('profile.clientCode.title') })).not.toBeInTheDocument();
  });
});
