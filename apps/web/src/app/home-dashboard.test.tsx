import { TRANSLATIONS } from '@lumen/i18n';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../test/fake-api';
import { AppRoot } from './app-root';
import { createAppEnvironment, startApp } from './environment';

const en = (key: string) => TRANSLATIONS['fr-eproject'].en[key] ?? key;

async function renderHome(privileges: string[], answers: { downloads: () => Response }) {
  const account = makeAccount({ role: 'distributor', privileges: privileges as ReturnType<typeof makeAccount>['privileges'] });
  const api = createFakeApi({ account });
  api.handle((call) => {
    if (call.path === '/api/projects/v1/projects/filter')
      return json(200, { items: [{ id: 41, name: 'Casa Prieto', productsCount: 2, updatedAt: '2026-10-01T10:00:00Z' }], meta: { page: 1, itemsPerPage: 4, totalItems: 1, totalPages: 1, sortBy: 'UPDATED_RECENT', projectType: 'ALL' } });
    if (call.path === '/api/orders/v3/orders') return json(200, { items: [], meta: { page: 1, itemsPerPage: 4, totalItems: 0, totalPages: 0 } });
    if (call.path === '/api/documents/v1/downloads') return answers.downloads();
    if (call.path === '/api/projects/v1/budget/open')
      return json(200, {
        items: [
          { id: 9, orderId: null, budgetNumber: 'Q-2026-000012-2', baseNumber: 'Q-2026-000012', revision: 2, status: 'sent', isFinalQuote: false, currency: 'EUR', clientName: null, createdBy: 'Diego Norte', creationDate: '2026-10-03T08:00:00Z', validationDate: '2026-11-02', linesCount: 3, totalNet: 1234.5, sentTo: 'client@example.com', acceptedAt: null, checked: false, downloads: { pdf: '/x.pdf', xlsx: '/x.xlsx', fileName: 'x.pdf' }, projectId: 41, projectName: 'Casa Prieto' },
        ],
      });
    return undefined;
  });
  const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
  const started = startApp(environment);
  await started.texts;
  render(<AppRoot environment={environment} />);
  await act(async () => {
    await started.session;
  });
  return api;
}

describe('the logged-in home: a dashboard of the user work (issue 35 §4)', () => {
  it('shows the recent projects, the open quotes with their status, the orders in progress (empty) and the downloads, which failed and come on a retry', async () => {
    let downloadsFail = true;
    const api = await renderHome(['project.view', 'order.view', 'budget', 'price.view'], {
      downloads: () => (downloadsFail ? failure(500, 'INTERNAL') : json(200, { items: [{ id: '7d1f8b8e-1a52-4c5b-9a53-2f1d3b6a0c11', title: 'Casa Prieto – spec sheets', status: 'ready', createdAt: '2026-10-02T09:00:00Z' }] })),
    });
    const projects = await screen.findByRole('region', { name: en('home.dash.projects.title') });
    expect(await within(projects).findByRole('link', { name: 'Casa Prieto' })).toHaveAttribute('href', '/project/41');
    expect(within(projects).getByRole('link', { name: en('home.dash.projects.all') })).toHaveAttribute('href', '/projects');
    const call = api.callsTo('GET', '/api/projects/v1/projects/filter')[0];
    expect(call?.query.get('sortBy')).toBe('UPDATED_RECENT');

    const quotes = screen.getByRole('region', { name: en('home.dash.quotes.title') });
    expect(await within(quotes).findByRole('link', { name: 'Q-2026-000012-2 · Casa Prieto' })).toHaveAttribute('href', '/project/41/generate-budget');
    expect(within(quotes).getByText(en('budgets.status.sent'))).toBeInTheDocument();
    expect(within(quotes).getByText(/1[.,\u202f\u00a0]?234[.,]50/)).toBeInTheDocument();

    const orders = screen.getByRole('region', { name: en('home.dash.orders.title') });
    expect(await within(orders).findByText(en('home.dash.orders.empty'))).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/orders/v3/orders')[0]?.query.get('completed')).toBe('false');

    const downloads = screen.getByRole('region', { name: en('home.dash.downloads.title') });
    expect(await within(downloads).findByRole('alert')).toHaveTextContent(en('home.dash.failed'));
    downloadsFail = false;
    await userEvent.click(within(downloads).getByRole('button', { name: en('home.dash.retry') }));
    expect(await within(downloads).findByRole('link', { name: 'Casa Prieto – spec sheets' })).toHaveAttribute('href', '/services/download');
    expect(within(downloads).getByText(en('downloads.status.ready'))).toBeInTheDocument();
  });

  it('leaves out the panels the account may not see', async () => {
    await renderHome([], { downloads: () => json(200, { items: [] }) });
    const downloads = await screen.findByRole('region', { name: en('home.dash.downloads.title') });
    expect(await within(downloads).findByText(en('home.dash.downloads.empty'))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: en('home.dash.projects.title') })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: en('home.dash.orders.title') })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: en('home.dash.quotes.title') })).not.toBeInTheDocument();
  });
});
