import type { AuditEvent } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeProduct, makeProject, projectsApi } from './projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

function event(id: number, overrides: Partial<AuditEvent>): AuditEvent {
  return {
    id,
    at: '2026-05-04T09:30:00Z',
    actor: { id: 3, name: 'Diego Norte', email: 'distributor@demo.example' },
    onBehalfOf: null,
    entity: 'project',
    entityId: '5',
    action: 'update',
    projectId: 5,
    before: null,
    after: null,
    ...overrides,
  };
}

const rename = event(3, {
  action: 'rename',
  actor: { id: 5, name: 'Samuel Ventas', email: 'sales@demo.example' },
  onBehalfOf: { id: 3, name: 'Diego Norte', email: 'distributor@demo.example' },
  before: { name: 'Lobby' },
  after: { name: 'Lobby, ground floor' },
});
const lineUpdate = event(2, { entity: 'project_line', entityId: 'line-1', before: { quantity: 2, personalised: false }, after: { quantity: 5, personalised: true } });
const created = event(1, { action: 'create', after: { name: 'Lobby', catalogId: 16 } });

describe("the project page's history", () => {
  it('opens on demand and shows who changed what, on whose behalf, and each field before and after; older pages on demand', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', products: [makeProduct()] })] });
    api.handle((call) => {
      if (call.method !== 'GET' || call.path !== '/api/projects/v1/projects/5/history') return undefined;
      return call.query.get('page') === '2' ? json(200, { items: [created], page: 2, limit: 20, total: 3 }) : json(200, { items: [rename, lineUpdate], page: 1, limit: 20, total: 3 });
    });
    await renderApp('/project/5', api);
    await screen.findAllByRole('rowheader');
    const show = await screen.findByRole('button', { name: tx('projects.history.show') });
    expect(api.callsTo('GET', '/api/projects/v1/projects/5/history')).toHaveLength(0);
    await userEvent.click(show);
    const list = await screen.findByRole('list', { name: tx('projects.history.listLabel', { name: 'Lobby' }) });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(tx('audit.history.onBehalf', { actor: 'Samuel Ventas', subject: 'Diego Norte' }));
    expect(items[0]).toHaveTextContent(tx('audit.history.did', { action: tx('audit.action.rename'), entity: tx('audit.entity.project'), id: '5' }));
    expect(within(items[0]!).getByLabelText(tx('audit.history.before'))).toHaveTextContent('Lobby');
    expect(within(items[0]!).getByLabelText(tx('audit.history.after'))).toHaveTextContent('Lobby, ground floor');
    expect(items[1]).toHaveTextContent(`${tx('audit.field.quantity')}2 → 5`);
    expect(items[1]).toHaveTextContent(`${tx('audit.field.personalised')}${tx('audit.value.no')} → ${tx('audit.value.yes')}`);
    await userEvent.click(screen.getByRole('button', { name: tx('audit.history.more') }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(tx('audit.action.create'));
    expect(screen.queryByRole('button', { name: tx('audit.history.more') })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: tx('projects.history.hide') }));
    expect(screen.queryByRole('list', { name: tx('projects.history.listLabel', { name: 'Lobby' }) })).not.toBeInTheDocument();
  });

  it('says when the history cannot be loaded, and loads it again on request', async () => {
    const api = projectsApi({ projects: [makeProject(5, { name: 'Lobby', products: [makeProduct()] })] });
    let calls = 0;
    api.handle((call) => {
      if (call.method !== 'GET' || call.path !== '/api/projects/v1/projects/5/history') return undefined;
      calls += 1;
      return calls === 1 ? failure(503, 'UNAVAILABLE') : json(200, { items: [], page: 1, limit: 20, total: 0 });
    });
    await renderApp('/project/5', api);
    await screen.findAllByRole('rowheader');
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.history.show') }));
    expect(await screen.findByText(tx('audit.history.loadFailed'))).toBeInTheDocument();
    const section = screen.getByRole('region', { name: tx('projects.history.title') });
    await userEvent.click(within(section).getByRole('button', { name: tx('audit.history.retry') }));
    expect(await screen.findByText(tx('audit.history.empty'))).toBeInTheDocument();
  });
});
