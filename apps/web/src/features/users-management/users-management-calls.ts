import type { AcceptInvitationBody, Account, CompanyInvitation, CompanyUser, CompanyUsers, InvitationPreview, InviteColleagueBody, ModifyUserPrivilegesBody } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';
import { signedIn } from '../../shared/session';

/*
 * Users management's calls (issue 17 §1; apps/api README "Users management"). The api enforces every
 * rule (company.manage.user, the manager's own company, what a manager may grant, the
 * preventCompanyPrivilegeUpdates flag); failures show in place (showError false).
 */

/** GET users /v1/users/manage/by-company/{id}: the company's users, what the manager may grant, open invitations. */
export const loadCompanyUsers = createAsyncAction<CompanyUsers, { companyId: number }>(
  'companyUsers',
  ({ companyId }, { extra }) => extra.api.get<CompanyUsers>('users', `/v1/users/manage/by-company/${companyId}`),
  { showError: false },
);

/** PATCH users /v1/users/manage/by-company/modify-user-privileges: `updatedPrivileges` is the whole set among the grantable ones. */
export const modifyUserPrivileges = createAsyncAction<CompanyUser, ModifyUserPrivilegesBody>(
  'modifyUserPrivileges',
  (body, { extra }) => extra.api.patch<CompanyUser>('users', '/v1/users/manage/by-company/modify-user-privileges', body),
  { showError: false },
);

/** PATCH users /v1/users/manage/by-company/deactivate-user: status DELETED, every session of the user ends. */
export const deactivateUser = createAsyncAction<CompanyUser, { userId: number }>(
  'deactivateUser',
  (body, { extra }) => extra.api.patch<CompanyUser>('users', '/v1/users/manage/by-company/deactivate-user', body),
  { showError: false },
);

/** PATCH users /v1/users/manage/by-company/reactivate-user: a deactivated colleague is a qualified professional again (a failure opens the error dialog). */
export const reactivateUser = createAsyncAction<CompanyUser, { userId: number }>('reactivateUser', (body, { extra }) =>
  extra.api.patch<CompanyUser>('users', '/v1/users/manage/by-company/reactivate-user', body),
);

/** DELETE users /v1/users/manage/by-company/invitations/{id}: the invitation's link stops working (a failure opens the error dialog). */
export const revokeInvitation = createAsyncAction<{ id: number }, { id: number }>('revokeInvitation', ({ id }, { extra }) =>
  extra.api.delete<{ id: number }>('users', `/v1/users/manage/by-company/invitations/${id}`),
);

/** POST users /v1/users/manage/by-company/invitations: the colleague gets a single-use link by e-mail. */
export const inviteColleague = createAsyncAction<CompanyInvitation, InviteColleagueBody>(
  'inviteColleague',
  (body, { extra }) => extra.api.post<CompanyInvitation>('users', '/v1/users/manage/by-company/invitations', body),
  { showError: false },
);

/** GET users /v1/auth/invitations/{token}: the company and address an invitation link is for. */
export const loadInvitation = createAsyncAction<InvitationPreview, { token: string }>(
  'invitation',
  ({ token }, { extra }) => extra.api.get<InvitationPreview>('users', `/v1/auth/invitations/${encodeURIComponent(token)}`),
  { showError: false },
);

/**
 * POST users /v1/auth/invitations/accept, then the login with the address of the invitation and the
 * chosen password (the api sets the session cookies): the colleague lands logged in.
 */
export const acceptInvitation = createAsyncAction<Account, AcceptInvitationBody & { email: string }>(
  'acceptInvitation',
  async ({ email, ...body }, { extra, dispatch }) => {
    await extra.api.post<{ userId: number; email: string }>('users', '/v1/auth/invitations/accept', body);
    const account = await extra.api.post<Account>('users', '/v1/auth/login', { email, password: body.password });
    await dispatch(signedIn(account));
    return account;
  },
  { showError: false },
);
