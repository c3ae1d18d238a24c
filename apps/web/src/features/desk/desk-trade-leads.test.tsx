import type { TradeLead } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);

function lead(id: number, name: string): TradeLead {
  return {
    id,
    user: { id: 100 + id, email: `${name.toLowerCase()}@example.com`, name, lang: 'fr' },
    profesion: 'Architect',
    companyName: `Studio ${name}`,
    companyType: { id: 1, description: 'Architecture studio' },
    country: 'ES',
    requestedAt: '2026-05-04T08:30:00.000Z',
    decision: 'pending',
  };
}

/** Two pending leads; a decision takes the lead out of the pending list; lead 2 was decided by someone else. */
function leadsApi() {
  const api = createFakeApi({ account: makeAccount({ role: 'sales', name: 'Samuel Ventas' }) });
  const calls: FakeCall[] = [];
  let leads = [lead(1, 'Lena'), lead(2, 'Marco')];
  api.handle((call) => {
    if (!call.path.startsWith('/api/users/v1/trade-leads')) return undefined;
    calls.push(call);
    if (call.method === 'GET') return json(200, call.query.get('decision') === 'pending' ? leads : []);
    const id = Number(call.path.split('/').at(-1));
    if (id === 2) return failure(409, 'CONFLICT');
    const decided = { ...leads.find((one) => one.id === id), decision: (call.body as { decision: string }).decision };
    leads = leads.filter((one) => one.id !== id);
    return json(200, decided);
  });
  return { api, calls };
}

describe('/desk/trade-leads', () => {
  it('lists the pending requests and approves one: it leaves the list', async () => {
    const { api, calls } = leadsApi();
    const { unmount } = await renderApp('/desk/trade-leads', api);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: tx('desk.tradeLeads.title') }, { timeout: 8_000 })).toBeInTheDocument();
    const card = await within(main).findByRole('listitem', { name: /Lena/ });
    expect(card).toHaveTextContent('Studio Lena · Architecture studio · ES');
    await userEvent.click(within(card).getByRole('button', { name: tx('desk.tradeLeads.approveOf', { name: 'Lena' }) }));
    await waitFor(() => expect(within(main).queryByRole('listitem', { name: /Lena/ })).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({ path: '/api/users/v1/trade-leads/1', body: { decision: 'approved' } });
    unmount();
  });

  it('says so when someone decided the request first', async () => {
    const { api } = leadsApi();
    const { unmount } = await renderApp('/desk/trade-leads', api);
    const card = await screen.findByRole('listitem', { name: /Marco/ }, { timeout: 8_000 });
    await userEvent.click(within(card).getByRole('button', { name: tx('desk.tradeLeads.declineOf', { name: 'Marco' }) }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(tx('error.decideTradeLead.409'));
    unmount();
  });

  it('is for sales staff and admins only', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    const { history, unmount } = await renderApp('/desk/trade-leads', api);
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
    unmount();
  });
});
