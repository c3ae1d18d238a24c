import type { Account, AuditEvent, CompanyUsers } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const company = { id: 5, name: 'Luminotecnia Norte S.L.', crmId: 'CRM-ACC-0001', companyType: { id: 5, description: 'Distributor' } };
const manager: Account = makeAccount({ id: 3, userId: 3, role: 'distributor', name: 'Diego Norte', email: 'diego@example.com', company });
const privileges: AuditEvent = {
  id: 4,
  at: '2026-05-04T09:30:00Z',
  actor: { id: 5, name: 'Samuel Ventas', email: 'sales@demo.example' },
  onBehalfOf: { id: 3, name: 'Diego Norte', email: 'diego@example.com' },
  entity: 'privileges',
  entityId: '9',
  action: 'update',
  projectId: null,
  before: { privileges: ['project.view'] },
  after: { privileges: ['order.add', 'project.view'] },
};

describe("users management: a user's history", () => {
  it("opens a user's history from their row: who changed their privileges, on whose behalf, before and after", async () => {
    const api = createFakeApi({ account: manager });
    const users: CompanyUsers = {
      company: { id: 5, name: company.name },
      grantable: ['order.add', 'project.view'],
      privilegeUpdatesLocked: false,
      users: [{ id: 9, email: 'carla@example.com', name: 'Carla Colega', rolId: 3, status: 4, lastLoginAt: null, privileges: ['project.view'] }],
      invitations: [],
    };
    api.handle((call) => {
      if (call.method === 'GET' && call.path === '/api/users/v1/users/manage/by-company/5') return json(200, users);
      if (call.method === 'GET' && call.path === '/api/users/v1/users/9/history') return json(200, { items: [privileges], page: 1, limit: 20, total: 1 });
      return undefined;
    });
    await renderApp('/users-management', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('usersManagement.historyOf', { name: 'Carla Colega' }) }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: tx('usersManagement.historyOf', { name: 'Carla Colega' }) });
    const item = await within(dialog).findByRole('listitem');
    expect(item).toHaveTextContent(tx('audit.history.onBehalf', { actor: 'Samuel Ventas', subject: 'Diego Norte' }));
    expect(within(item).getByLabelText(tx('audit.history.before'))).toHaveTextContent('project.view');
    expect(within(item).getByLabelText(tx('audit.history.after'))).toHaveTextContent('order.add, project.view');
  });
});
