import type { FlagChange, FlagDefinition, FlagSettings, FlagState } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), en[key] ?? key);

const admin = makeAccount({ id: 1, role: 'admin', email: 'admin@demo.example', name: 'Ada Admin' });

function flag(key: string, overrides: Partial<FlagDefinition> = {}): FlagDefinition {
  return {
    key,
    description: `${key} description`,
    defaultValue: false,
    rollout: { DEV: 1, NEWPRO: 0.5, PRO: null },
    emailToggles: [],
    updatedAt: '2026-03-01T10:00:00Z',
    updatedBy: null,
    ...overrides,
  };
}

const stateOf = ({ description, defaultValue, rollout, emailToggles }: FlagSettings | FlagDefinition): FlagState => ({ description, defaultValue, rollout, emailToggles });

/** An in-memory flags service: the list, PUT with its history, as the api answers them. */
function flagsApi(account = admin) {
  const api = createFakeApi({ account });
  const toggles = ['a', 'b', 'c', 'd', 'e'].map((name, index) => ({ email: `${name}@demo.example`, enabled: index !== 1 }));
  const flags = new Map(
    [
      flag('getArticlesByReferenceV2'),
      flag('hideCloneProjectButton', { rollout: { DEV: 0, NEWPRO: 0, PRO: null } }),
      flag('RemoteDriverCP', { rollout: { DEV: 0.125, NEWPRO: null, PRO: 0 }, emailToggles: toggles }),
    ].map((f) => [f.key, f]),
  );
  const history: FlagChange[] = [];
  api.handle((call) => {
    if (call.method === 'GET' && call.path === '/api/masters/v1/flags') return json(200, { environment: 'NEWPRO', remoteConfigured: false, flags: [...flags.values()] });
    const put = /^\/api\/masters\/v1\/flags\/(\w+)$/.exec(call.path);
    if (call.method === 'PUT' && put?.[1]) {
      const key = put[1];
      const settings = call.body as FlagSettings;
      const before = flags.get(key);
      const saved = { ...flag(key), ...settings, updatedAt: '2026-03-05T09:30:00Z', updatedBy: account.email };
      flags.set(key, saved);
      history.unshift({ id: history.length + 1, key, changedAt: saved.updatedAt, changedBy: { id: account.id, email: account.email }, before: before ? stateOf(before) : null, after: stateOf(settings) });
      return json(200, saved);
    }
    const past = /^\/api\/masters\/v1\/flags\/(\w+)\/history$/.exec(call.path);
    if (call.method === 'GET' && past) {
      const items = history.filter((change) => change.key === past[1]);
      return json(200, { items, total: items.length });
    }
    return undefined;
  });
  return Object.assign(api, { flags });
}

async function table() {
  return screen.findByRole('table', { name: tx('flags.admin.caption') });
}

describe('the backoffice flags screen', () => {
  it('lists every flag with its share per environment, the environment in use and the e-mail toggles', async () => {
    await renderApp('/backoffice/flags', flagsApi());
    expect(await screen.findByRole('heading', { level: 1, name: tx('flags.admin.title') })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: tx('flags.admin.inUse', { environment: 'NEWPRO' }) })).toBeInTheDocument();
    const byReference = rows.find((row) => within(row).queryByText('getArticlesByReferenceV2'))!;
    expect(within(byReference).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['100%', '50%', tx('flags.rollout.remote'), tx('flags.admin.noToggles'), tx('flags.admin.seeded')]),
    );
    expect(screen.getByText(new RegExp(tx('flags.admin.environment', { environment: 'NEWPRO' })))).toBeInTheDocument();
    expect(within(byReference).getByText(tx('flags.admin.noToggles'))).toBeInTheDocument();

    // Sorted by name whatever the case; the first three per-address settings, then how many more.
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').querySelector('.flags-table__key')?.textContent)).toEqual([
      'getArticlesByReferenceV2',
      'hideCloneProjectButton',
      'RemoteDriverCP',
    ]);
    const remote = within(rows[3]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(remote).toEqual(expect.arrayContaining(['12.5%', tx('flags.rollout.remote'), '0%']));
    const toggles = within(rows[3]!).getAllByRole('listitem').map((item) => item.textContent);
    expect(toggles).toEqual([`a@demo.example ${tx('flags.value.on')}`, `b@demo.example ${tx('flags.value.off')}`, `c@demo.example ${tx('flags.value.on')}`, tx('flags.admin.moreToggles_other', { count: 2 })]);
  });

  it('saves a change through the api and shows it in the list and in the history (who, when, before, after)', async () => {
    const api = flagsApi();
    await renderApp('/backoffice/flags', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('flags.admin.editNamed', { key: 'hideCloneProjectButton' }) }));
    const dialog = await screen.findByRole('dialog', { name: tx('flags.edit.title', { key: 'hideCloneProjectButton' }) });
    const share = within(dialog).getByRole('textbox', { name: tx('flags.edit.share', { environment: 'NEWPRO' }) });
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.addEmail') }));
    await fill(within(dialog).getByRole('textbox', { name: tx('flags.edit.email', { number: 1 }) }), 'Dist@Demo.example');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.save') }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.callsTo('PUT', '/api/masters/v1/flags/hideCloneProjectButton')[0];
    expect(put?.body).toEqual({
      description: 'hideCloneProjectButton description',
      defaultValue: false,
      rollout: { DEV: 0, NEWPRO: 0.25, PRO: null },
      emailToggles: [{ email: 'dist@demo.example', enabled: true }],
    });
    expect(await screen.findByText(tx('flags.edit.saved', { key: 'hideCloneProjectButton' }))).toBeInTheDocument();
    const row = within(await table()).getAllByRole('row').find((candidate) => within(candidate).queryByText('hideCloneProjectButton'))!;
    await waitFor(() => expect(within(row).getByText('25%')).toBeInTheDocument());
    expect(within(row).getByText(/admin@demo\.example/)).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: tx('flags.admin.historyNamed', { key: 'hideCloneProjectButton' }) }));
    const history = await screen.findByRole('dialog', { name: tx('flags.history.title', { key: 'hideCloneProjectButton' }) });
    const change = await within(history).findByRole('listitem');
    expect(within(change).getByText(/Changed by admin@demo\.example on/)).toBeInTheDocument();
    const lines = within(change)
      .getAllByRole('row')
      .slice(1)
      .map((line) => [...line.children].map((cell) => cell.textContent));
    expect(lines).toEqual([
      [tx('flags.history.rollout', { environment: 'NEWPRO' }), '0%', '25%'],
      [tx('flags.history.emailToggle', { email: 'dist@demo.example' }), tx('flags.history.absent'), tx('flags.value.on')],
    ]);
  });

  it('checks the form before sending: a share outside 0–100, a bad or repeated address', async () => {
    const api = flagsApi();
    await renderApp('/backoffice/flags', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('flags.admin.editNamed', { key: 'getArticlesByReferenceV2' }) }));
    const dialog = await screen.findByRole('dialog');
    const share = within(dialog).getByRole('textbox', { name: tx('flags.edit.share', { environment: 'DEV' }) });
    await userEvent.clear(share);
    await userEvent.type(share, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.addEmail') }));
    await fill(within(dialog).getByRole('textbox', { name: tx('flags.edit.email', { number: 1 }) }), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.addEmail') }));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.addEmail') }));
    await fill(within(dialog).getByRole('textbox', { name: tx('flags.edit.email', { number: 2 }) }), 'a@demo.example');
    await fill(within(dialog).getByRole('textbox', { name: tx('flags.edit.email', { number: 3 }) }), 'A@demo.example');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.save') }));

    expect(await within(dialog).findByText(tx('flags.error.percent'))).toBeInTheDocument();
    expect(within(dialog).getByText(TRANSLATIONS['fr-widgets'].en['formError.email']!)).toBeInTheDocument();
    expect(within(dialog).getByText(tx('flags.error.duplicateEmail'))).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/masters/v1/flags/getArticlesByReferenceV2')).toHaveLength(0);
  });

  it('shows what the api refuses next to the field it names', async () => {
    const api = flagsApi();
    api.handle((call) =>
      call.method === 'PUT' ? json(400, { ErrorCode: 400, ErrorDescription: 'Bad request', code: 'VALIDATION', fields: [{ path: 'body.emailToggles.0.email', message: 'formError.email' }] }) : undefined,
    );
    // The handler above answers after flagsApi's own (first match wins), so put it first.
    api.state.handlers.unshift(api.state.handlers.pop()!);
    await renderApp('/backoffice/flags', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('flags.admin.editNamed', { key: 'getArticlesByReferenceV2' }) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.addEmail') }));
    await fill(within(dialog).getByRole('textbox', { name: tx('flags.edit.email', { number: 1 }) }), 'someone@demo.example');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('flags.edit.save') }));
    expect(await within(dialog).findByText(TRANSLATIONS['fr-widgets'].en['formError.email']!)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(tx('error.flagSave'));
  });

  it('says when the list cannot be loaded and offers to try again', async () => {
    const api = flagsApi();
    let failOnce = true;
    api.state.handlers.unshift((call) => {
      if (call.path !== '/api/masters/v1/flags' || !failOnce) return undefined;
      failOnce = false;
      return failure(503, 'UNAVAILABLE');
    });
    await renderApp('/backoffice/flags', api);
    expect(await screen.findByText(tx('flags.admin.loadFailed'))).toBeInTheDocument();
    // The kit's table: its error row (an alert) with the kit's retry.
    expect(screen.getByRole('alert')).toHaveTextContent(tx('flags.admin.loadFailed'));
    await userEvent.click(screen.getByRole('button', { name: TRANSLATIONS['fr-widgets'].en['dataTable.retry'] }));
    expect(await within(await table()).findByRole('button', { name: tx('flags.admin.editNamed', { key: 'hideCloneProjectButton' }) })).toBeInTheDocument();
  });

  it('is for backoffice users only', async () => {
    const { history } = await renderApp('/backoffice/flags', flagsApi(makeAccount({ role: 'distributor' })));
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
  });
});
