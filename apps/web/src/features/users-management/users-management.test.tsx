import type { Account, CompanyUser, CompanyUsers } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);

const MANAGE = '/api/users/v1/users/manage/by-company';
const company = { id: 5, name: 'Luminotecnia Norte S.L.', crmId: 'CRM-ACC-0001', companyType: { id: 5, description: 'Distributor' } };
const manager = (): Account => makeAccount({ id: 3, userId: 3, role: 'distributor', name: 'Diego Norte', email: 'diego@example.com', company });

function user(overrides: Partial<CompanyUser>): CompanyUser {
  return { id: 9, email: 'carla@example.com', name: 'Carla Colega', rolId: 3, status: 4, lastLoginAt: null, privileges: ['project.view'], ...overrides };
}

/** The management calls over one company: Diego (the manager) and Carla; changes are kept. */
function managementApi(options: { locked?: boolean; refuse?: (call: FakeCall) => Response | undefined; invitations?: CompanyUsers['invitations'] } = {}) {
  const api = createFakeApi({ account: manager() });
  const calls: FakeCall[] = [];
  let invitations = options.invitations ?? [];
  let users: CompanyUser[] = [
    user({ id: 3, email: 'diego@example.com', name: 'Diego Norte', privileges: ['company.manage.user', 'order.add', 'project.view'], lastLoginAt: '2026-05-04T08:30:00.000Z' }),
    user({}),
  ];
  api.handle((call) => {
    if (!call.path.startsWith(MANAGE)) return undefined;
    calls.push(call);
    const refused = options.refuse?.(call);
    if (refused) return refused;
    if (call.method === 'GET' && call.path === `${MANAGE}/5`) {
      const body: CompanyUsers = {
        company: { id: 5, name: company.name },
        grantable: ['company.manage.user', 'order.add', 'order.view', 'project.add', 'project.view'],
        privilegeUpdatesLocked: options.locked ?? false,
        users,
        invitations,
      };
      return json(200, body);
    }
    if (call.method === 'PATCH' && call.path === `${MANAGE}/modify-user-privileges`) {
      const { userId, updatedPrivileges } = call.body as { userId: number; updatedPrivileges: string[] };
      users = users.map((one) => (one.id === userId ? { ...one, privileges: [...updatedPrivileges].sort() } : one));
      return json(200, users.find((one) => one.id === userId));
    }
    if (call.method === 'PATCH' && call.path === `${MANAGE}/deactivate-user`) {
      const { userId } = call.body as { userId: number };
      users = users.map((one) => (one.id === userId ? { ...one, status: 0 } : one));
      return json(200, users.find((one) => one.id === userId));
    }
    if (call.method === 'PATCH' && call.path === `${MANAGE}/reactivate-user`) {
      const { userId } = call.body as { userId: number };
      users = users.map((one) => (one.id === userId ? { ...one, status: 4 } : one));
      return json(200, users.find((one) => one.id === userId));
    }
    const revoked = new RegExp(`^${MANAGE}/invitations/(\\d+)$`).exec(call.path);
    if (call.method === 'DELETE' && revoked) {
      invitations = invitations.filter((item) => item.id !== Number(revoked[1]));
      return json(200, { id: Number(revoked[1]) });
    }
    if (call.method === 'POST' && call.path === `${MANAGE}/invitations`) {
      const body = call.body as { email: string; privileges: string[] };
      return json(201, { id: 1, email: body.email, privileges: body.privileges, createdAt: '2026-05-05T10:00:00.000Z', expiresAt: '2026-05-12T10:00:00.000Z', invitedBy: 'Diego Norte' });
    }
    return undefined;
  });
  return { api, calls };
}

async function openPage(api: ReturnType<typeof createFakeApi>) {
  const app = await renderApp('/users-management', api);
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: tx('usersManagement.title') }, { timeout: 8_000 });
  return { ...app, main };
}

describe('/users-management', () => {
  it('lists the company users with role, status and last login; the manager cannot deactivate themselves', async () => {
    const { api } = managementApi();
    const { main, unmount } = await openPage(api);
    // The table shows skeleton rows until the list comes.
    await within(main).findByText('Diego Norte');
    const table = within(main).getByRole('table', { name: tx('usersManagement.usersCaption') });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const diego = rows.find((row) => row.textContent?.includes('Diego Norte'));
    const carla = rows.find((row) => row.textContent?.includes('Carla Colega'));
    expect(diego?.textContent).toContain(tx('role.distributor'));
    expect(diego?.textContent).toContain(tx('usersManagement.status.QUALIFIED'));
    expect(diego?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-05-04T08:30:00.000Z');
    expect(carla?.textContent).toContain(tx('usersManagement.neverLoggedIn'));
    expect(within(main).queryByRole('button', { name: tx('usersManagement.deactivateUser', { name: 'Diego Norte' }) })).toBeNull();
    expect(within(main).getByRole('button', { name: tx('usersManagement.deactivateUser', { name: 'Carla Colega' }) })).toBeEnabled();
    unmount();
  });

  it('sorts by a column header (the kit DataTable), and says when the list cannot be read, with a retry', async () => {
    let failOnce = true;
    const { api } = managementApi({ refuse: (call) => (call.method === 'GET' && failOnce ? ((failOnce = false), failure(503, 'UNAVAILABLE')) : undefined) });
    const { main, unmount } = await openPage(api);
    const table = await within(main).findByRole('table', { name: tx('usersManagement.usersCaption') });
    expect(await within(table).findByRole('alert')).toHaveTextContent(tx('usersManagement.loadFailed'));
    await userEvent.click(within(table).getByRole('button', { name: tx('dataTable.retry') }));
    const loaded = await within(main).findByRole('table', { name: tx('usersManagement.usersCaption') });
    await within(loaded).findByText('Carla Colega');
    const names = () => within(loaded).getAllByRole('rowheader').map((cell) => cell.querySelector('.users-management__name')?.firstChild?.textContent);
    const byUser = within(loaded).getByRole('button', { name: tx('usersManagement.column.user') });
    await userEvent.click(byUser);
    expect(names()).toEqual(['Carla Colega', 'Diego Norte']);
    expect(byUser.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(byUser);
    expect(names()).toEqual(['Diego Norte', 'Carla Colega']);
    unmount();
  });

  it('saves the ticked privileges as the whole set among the grantable ones', async () => {
    const { api, calls } = managementApi();
    const { main, unmount } = await openPage(api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.editPrivilegesOf', { name: 'Carla Colega' }) }));
    const dialog = await screen.findByRole('dialog', { name: tx('usersManagement.privilegesTitle', { name: 'Carla Colega' }) });
    expect(within(dialog).getByRole('checkbox', { name: tx('privilege.project.view') })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: tx('privilege.order.view') }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: tx('privilege.project.view') }));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('usersManagement.savePrivileges') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ userId: 9, updatedPrivileges: ['order.view'] });
    unmount();
  });

  it('keeps the manager from taking user management away from themselves', async () => {
    const { api } = managementApi();
    const { main, unmount } = await openPage(api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.editPrivilegesOf', { name: 'Diego Norte' }) }));
    const dialog = await screen.findByRole('dialog');
    const own = within(dialog).getByRole('checkbox', { name: new RegExp(`^${tx('privilege.company.manage.user')}`) });
    expect(own).toBeChecked();
    expect(own).toBeDisabled();
    unmount();
  });

  it('shows the server’s refusal in the dialog and changes nothing', async () => {
    const { api } = managementApi({ refuse: (call) => (call.method === 'PATCH' ? failure(403, 'FORBIDDEN') : undefined) });
    const { main, unmount } = await openPage(api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.editPrivilegesOf', { name: 'Carla Colega' }) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('usersManagement.savePrivileges') }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tx('error.modifyUserPrivileges.403'));
    unmount();
  });

  it('turns the privileges buttons off while privilege updates are locked, and says why', async () => {
    const { api } = managementApi({ locked: true });
    const { main, unmount } = await openPage(api);
    expect(await within(main).findByRole('note')).toHaveTextContent(tx('usersManagement.locked'));
    expect(within(main).getByRole('button', { name: tx('usersManagement.editPrivilegesOf', { name: 'Carla Colega' }) })).toBeDisabled();
    unmount();
  });

  it('deactivates a colleague after confirmation', async () => {
    const { api, calls } = managementApi();
    const { main, unmount } = await openPage(api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.deactivateUser', { name: 'Carla Colega' }) }));
    const dialog = await screen.findByRole('alertdialog', { name: tx('usersManagement.deactivateTitle', { name: 'Carla Colega' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('usersManagement.deactivateConfirm') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH' && call.path.endsWith('/deactivate-user'))).toBe(true));
    await waitFor(() => expect(within(main).getAllByText(tx('usersManagement.status.DELETED')).length).toBeGreaterThan(0));
    unmount();
  });

  it('reactivates a deactivated colleague (issue 30 §6)', async () => {
    const { api, calls } = managementApi();
    const { main, unmount } = await openPage(api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.deactivateUser', { name: 'Carla Colega' }) }));
    const dialog = await screen.findByRole('alertdialog', { name: tx('usersManagement.deactivateTitle', { name: 'Carla Colega' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('usersManagement.deactivateConfirm') }));
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.reactivateUser', { name: 'Carla Colega' }) }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH' && call.path.endsWith('/reactivate-user'))).toBe(true));
    expect(await within(main).findByRole('button', { name: tx('usersManagement.deactivateUser', { name: 'Carla Colega' }) })).toBeInTheDocument();
    expect(within(main).queryByText(tx('usersManagement.status.DELETED'))).not.toBeInTheDocument();
    unmount();
  });

  it('revokes an open invitation (issue 30 §6)', async () => {
    const invitation = { id: 9, email: 'pending@example.com', privileges: ['project.view'], createdAt: '2026-05-05T10:00:00.000Z', expiresAt: '2026-05-12T10:00:00.000Z', invitedBy: 'Diego Norte' };
    const { api, calls } = managementApi({ invitations: [invitation] });
    const { main, unmount } = await openPage(api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('usersManagement.invitations.revokeFor', { email: 'pending@example.com' }) }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/invitations/9'))).toBe(true));
    await waitFor(() => expect(within(main).queryByText('pending@example.com')).not.toBeInTheDocument());
    unmount();
  });

  it('invites a colleague with the ticked privileges; a refused address says so', async () => {
    const { api, calls } = managementApi({
      refuse: (call) => (call.method === 'POST' && (call.body as { email: string }).email === 'taken@example.com' ? failure(409, 'EMAIL_TAKEN') : undefined),
    });
    const { main, unmount } = await openPage(api);
    const form = await within(main).findByRole('form', { name: tx('usersManagement.invite.title') });
    await userEvent.click(within(form).getByRole('button', { name: tx('usersManagement.invite.submit') }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await fill(within(form).getByRole('textbox', { name: new RegExp(tx('usersManagement.invite.email')) }), 'taken@example.com');
    await userEvent.click(within(form).getByRole('button', { name: tx('usersManagement.invite.submit') }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(tx('error.inviteColleague.409'));
    const field = within(form).getByRole('textbox', { name: new RegExp(tx('usersManagement.invite.email')) });
    await userEvent.clear(field);
    await fill(field, 'new@example.com');
    await userEvent.click(within(form).getByRole('checkbox', { name: tx('privilege.order.view') }));
    await userEvent.click(within(form).getByRole('button', { name: tx('usersManagement.invite.submit') }));
    expect(await within(form).findByRole('status')).toHaveTextContent(tx('usersManagement.invite.sent', { email: 'new@example.com' }));
    const sent = calls.filter((call) => call.method === 'POST').at(-1);
    expect(sent?.body).toEqual({ email: 'new@example.com', privileges: ['order.view', 'project.add', 'project.view'] });
    unmount();
  });

  it('the user menu leads a manager there, and offers it to no one else', async () => {
    const { api } = managementApi();
    const { history, unmount } = await renderApp('/', api);
    const trigger = await waitFor(
      () => {
        const button = screen.getByRole('button', { name: tx('header.userMenuFor', { name: 'Diego Norte' }) });
        expect(button).toHaveAttribute('aria-expanded');
        return button;
      },
      { timeout: 8_000 },
    );
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: tx('menu.usersManagement') }));
    await waitFor(() => expect(history.location.pathname).toBe('/users-management'));
    unmount();

    const other = await renderApp('/', createFakeApi({ account: makeAccount({ role: 'specifier', name: 'Sofía Prieto' }) }));
    const otherTrigger = await waitFor(
      () => {
        const button = screen.getByRole('button', { name: tx('header.userMenuFor', { name: 'Sofía Prieto' }) });
        expect(button).toHaveAttribute('aria-expanded');
        return button;
      },
      { timeout: 8_000 },
    );
    await userEvent.click(otherTrigger);
    await screen.findByRole('menuitem', { name: tx('header.profile') });
    expect(screen.queryByRole('menuitem', { name: tx('menu.usersManagement') })).toBeNull();
    other.unmount();
  });

  it('is not open to users without company.manage.user', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'specifier' }) });
    const { history, unmount } = await renderApp('/users-management', api);
    await waitFor(() => expect(history.location.pathname).not.toBe('/users-management'));
    unmount();
  });
});

describe('/invitation', () => {
  it('signs the colleague up through the link, logs in and goes home', async () => {
    const api = createFakeApi({ account: null });
    const calls: FakeCall[] = [];
    const colleague = makeAccount({ id: 12, userId: 12, role: 'distributor', name: 'Nora Nueva', email: 'nora@example.com', company });
    api.handle((call) => {
      if (call.path === '/api/users/v1/auth/invitations/token-token-token-1') return json(200, { email: 'nora@example.com', companyName: company.name, expiresAt: '2026-05-12T10:00:00.000Z' });
      if (call.path === '/api/users/v1/auth/invitations/accept') {
        calls.push(call);
        return json(201, { userId: 12, email: 'nora@example.com' });
      }
      if (call.path === '/api/users/v1/auth/login') {
        calls.push(call);
        return json(200, colleague);
      }
      return undefined;
    });
    const { history, unmount } = await renderApp('/invitation?token=token-token-token-1', api);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(tx('invitation.intro', { company: company.name, email: 'nora@example.com' }), {}, { timeout: 8_000 })).toBeInTheDocument();
    await fill(within(main).getByRole('textbox', { name: new RegExp(tx('invitation.name')) }), 'Nora Nueva');
    const [password, confirm] = within(main).getAllByLabelText(/password/i, { selector: 'input' });
    if (!password || !confirm) throw new Error('password fields');
    await fill(password, 'nora-password-1');
    await fill(confirm, 'nora-password-1');
    await userEvent.click(within(main).getByRole('button', { name: tx('invitation.submit') }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(calls.map((call) => call.path)).toEqual(['/api/users/v1/auth/invitations/accept', '/api/users/v1/auth/login']);
    expect(calls[0]?.body).toMatchObject({ token: 'token-token-token-1', name: 'Nora Nueva', password: 'nora-password-1', lang: 'en' });
    expect(calls[1]?.body).toEqual({ email: 'nora@example.com', password: 'nora-password-1' });
    unmount();
  });

  it('says when the link is not valid any more', async () => {
    const api = createFakeApi({ account: null });
    api.handle((call) => (call.path.startsWith('/api/users/v1/auth/invitations/') ? failure(400, 'INVALID_INVITATION') : undefined));
    const { unmount } = await renderApp('/invitation?token=used-used-used-used-1', api);
    expect(await screen.findByRole('alert', {}, { timeout: 8_000 })).toHaveTextContent(tx('invitation.invalid'));
    unmount();
  });
});
