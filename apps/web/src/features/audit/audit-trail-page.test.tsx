import type { AuditEvent } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { filtersOf } from './audit-trail-page';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const admin = makeAccount({ id: 1, role: 'admin', email: 'admin@demo.example', name: 'Ada Admin' });
const flagChange: AuditEvent = {
  id: 10,
  at: '2026-05-04T09:30:00Z',
  actor: { id: 1, name: 'Ada Admin', email: 'admin@demo.example' },
  onBehalfOf: null,
  entity: 'flag',
  entityId: 'composeUrlPreview',
  action: 'update',
  projectId: null,
  before: { defaultValue: false },
  after: { defaultValue: true },
};

describe('the audit trail screen', () => {
  it('lists the trail and sends the filters the admin applies', async () => {
    const api = createFakeApi({ account: admin });
    api.handle((call) => (call.method === 'GET' && call.path === '/api/users/v1/audit' ? json(200, { items: [flagChange], page: 1, limit: 20, total: 1 }) : undefined));
    await renderApp('/backoffice/audit', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('audit.trail.title') })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: tx('audit.trail.listLabel') });
    expect(within(list).getByRole('listitem')).toHaveTextContent(`${tx('audit.field.defaultValue')}${tx('audit.value.no')} → ${tx('audit.value.yes')}`);
    await fill(screen.getByRole('textbox', { name: tx('audit.trail.actor') }), '12');
    await fill(screen.getByRole('textbox', { name: tx('audit.trail.entityId') }), 'composeUrlPreview');
    await userEvent.click(screen.getByRole('button', { name: tx('audit.trail.apply') }));
    await waitFor(() => expect(api.callsTo('GET', '/api/users/v1/audit')).toHaveLength(2));
    const query = api.callsTo('GET', '/api/users/v1/audit')[1]?.query;
    expect(query?.get('actor')).toBe('12');
    expect(query?.get('entityId')).toBe('composeUrlPreview');
    expect(query?.get('page')).toBe('1');
  });

  it('refuses a user number that is not one, and an end before the start, without calling the api', () => {
    expect(filtersOf({ actor: 'x1', entity: 'all', entityId: '', from: null, to: null })).toEqual({ fault: 'actor' });
    expect(filtersOf({ actor: '', entity: 'all', entityId: '', from: '2026-05-02', to: '2026-05-01' })).toEqual({ fault: 'dates' });
    expect(filtersOf({ actor: ' 7 ', entity: 'quote', entityId: ' 12 ', from: '2026-05-01', to: '2026-05-02' })).toEqual({ filters: { actor: 7, entity: 'quote', entityId: '12', from: '2026-05-01', to: '2026-05-02' } });
  });

  it('is for backoffice users only', async () => {
    await renderApp('/backoffice/audit', createFakeApi({ account: makeAccount({ role: 'sales' }) }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: tx('audit.trail.title') })).not.toBeInTheDocument());
  });
});
