import type { CompanyInvitation, CompanyUser, CompanyUsers } from '@lumen/contracts';
import { roleName, USER_STATUS } from '@lumen/domain';
import { Button, Card, DataTable, Modal, PageHeader, TextField, type DataTableColumn } from '@lumen/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useFailureMessage } from '../../shared/error-message';
import { email as emailRule, useFormState } from '../../shared/forms';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { AuditHistory } from '../../shared/audit';
import { deactivateUser, inviteColleague, loadCompanyUsers, modifyUserPrivileges, reactivateUser, revokeInvitation } from './users-management-calls';
import './users-management.css';

/** What an invitation offers ticked at first: the everyday project work (the manager unticks or adds). */
const INVITE_DEFAULTS = ['project.add', 'project.view', 'project.edit', 'project.download', 'downloads.view', 'support.request'];

/**
 * /users-management (company.manage.user): the manager's company users with role, status and last
 * login; each user's privileges among those the manager may grant; deactivation; invitations.
 */
export function UsersManagementPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  const companyId = account ? (account.company?.id ?? null) : null;
  // After a change the list is read again; what was shown stays until the new answer comes (and the forms keep their state).
  const [version, setVersion] = useState(0);
  const [list, reload] = useRemote(companyId === null ? null : String(companyId), () => dispatch(loadCompanyUsers({ companyId: companyId ?? 0 })).unwrap(), {
    refresh: String(version),
  });

  return (
    <section className="page users-management" aria-labelledby="users-management-title">
      <PageHeader titleId="users-management-title" title={t('usersManagement.title')} lead={list.status === 'ready' ? t('usersManagement.lead', { company: list.data.company.name }) : undefined} />
      {account && companyId === null && (
        <Card className="users-management__message">
          <p>{t('usersManagement.noCompany')}</p>
        </Card>
      )}
      {/* The kit's data table (issue 35 §1) draws the loading (skeleton rows) and the failure (its error row with a retry). */}
      {companyId !== null && list.status !== 'ready' && <UsersTable users={[]} status={list.status === 'failed' ? 'error' : 'loading'} onRetry={reload} />}
      {list.status === 'ready' && account && <CompanyUsersView data={list.data} selfId={account.id} onChanged={() => setVersion((n) => n + 1)} />}
    </section>
  );
}

function CompanyUsersView({ data, selfId, onChanged }: { data: CompanyUsers; selfId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [deactivating, setDeactivating] = useState<CompanyUser | null>(null);
  const [historyOf, setHistoryOf] = useState<CompanyUser | null>(null);
  return (
    <>
      {data.privilegeUpdatesLocked && (
        <Card className="users-management__message" role="note">
          <p>{t('usersManagement.locked')}</p>
        </Card>
      )}
      <UsersTable
        users={data.users}
        actions={{ selfId, locked: data.privilegeUpdatesLocked, onEdit: setEditing, onDeactivate: setDeactivating, onHistory: setHistoryOf, onReactivated: onChanged }}
      />
      <InviteForm grantable={data.grantable} onInvited={onChanged} />
      <InvitationsList invitations={data.invitations} onRevoked={onChanged} />
      {editing && (
        <PrivilegesModal
          user={editing}
          grantable={data.grantable}
          isSelf={editing.id === selfId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
      {historyOf && (
        // A user's history (issue 17 §3): changes to the account and its privileges, and what they did or had done for them.
        <Modal isOpen onClose={() => setHistoryOf(null)} size="large" title={t('usersManagement.historyOf', { name: historyOf.name })}>
          <AuditHistory source={{ kind: 'user', id: historyOf.id }} label={t('usersManagement.historyOf', { name: historyOf.name })} />
        </Modal>
      )}
      {deactivating && (
        <DeactivateModal
          user={deactivating}
          onClose={() => setDeactivating(null)}
          onDone={() => {
            setDeactivating(null);
            onChanged();
          }}
        />
      )}
    </>
  );
}

function statusKey(status: number): string {
  const known = Object.entries(USER_STATUS).find(([, code]) => code === status);
  return known ? `usersManagement.status.${known[0]}` : 'usersManagement.status.unknown';
}

interface UserActions {
  selfId: number;
  locked: boolean;
  onEdit: (user: CompanyUser) => void;
  onDeactivate: (user: CompanyUser) => void;
  onHistory: (user: CompanyUser) => void;
  onReactivated: () => void;
}

/** The company's users in the kit's DataTable: sortable by name, role, status and last login; the actions of each user in its last column. */
function UsersTable({ users, status = 'ready', onRetry, actions }: { users: readonly CompanyUser[]; status?: 'ready' | 'loading' | 'error'; onRetry?: () => void; actions?: UserActions }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [reactivating, setReactivating] = useState<number | null>(null);

  /** A deactivated colleague back (issue 30 §6): the list is read again; a failure opens the error dialog. */
  async function reactivate(user: CompanyUser) {
    setReactivating(user.id);
    const result = await dispatch(reactivateUser({ userId: user.id }));
    setReactivating(null);
    if (reactivateUser.fulfilled.match(result)) actions?.onReactivated();
  }
  const roleText = (user: CompanyUser) => {
    const role = roleName(user.rolId);
    return role ? t(`role.${role}`) : t('role.unknown');
  };
  const columns: DataTableColumn<CompanyUser>[] = [
    {
      id: 'user',
      header: t('usersManagement.column.user'),
      isRowHeader: true,
      sortValue: (user) => user.name,
      cell: (user) => (
        <span className={user.status === USER_STATUS.DELETED ? 'users-management__deleted' : undefined}>
          <span className="users-management__name">
            {user.name}
            {user.id === actions?.selfId && <span className="users-management__you"> {t('usersManagement.you')}</span>}
          </span>{' '}
          <span className="users-management__email">{user.email}</span>
        </span>
      ),
    },
    { id: 'role', header: t('usersManagement.column.role'), sortValue: roleText, cell: roleText },
    { id: 'status', header: t('usersManagement.column.status'), sortValue: (user) => t(statusKey(user.status)), cell: (user) => t(statusKey(user.status)) },
    {
      id: 'lastLogin',
      header: t('usersManagement.column.lastLogin'),
      sortValue: (user) => user.lastLoginAt ?? '',
      cell: (user) => (user.lastLoginAt ? <time dateTime={user.lastLoginAt}>{format.date(user.lastLoginAt, { dateStyle: 'medium', timeStyle: 'short' })}</time> : t('usersManagement.neverLoggedIn')),
    },
  ];
  return (
    <DataTable<CompanyUser>
      aria-label={t('usersManagement.usersCaption')}
      className="users-management__table"
      stacked
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      status={status}
      error={t('usersManagement.loadFailed')}
      {...(onRetry ? { onRetry } : {})}
      // Always a column of actions, so that the skeleton rows have the loaded table's columns.
      rowActions={(user) => {
        if (!actions) return null;
        const deleted = user.status === USER_STATUS.DELETED;
        return (
          <div className="users-management__actions">
            {!deleted && (
              <Button size="sm" variant="secondary" isDisabled={actions.locked} onPress={() => actions.onEdit(user)} aria-label={t('usersManagement.editPrivilegesOf', { name: user.name })}>
                {t('usersManagement.editPrivileges')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onPress={() => actions.onHistory(user)} aria-label={t('usersManagement.historyOf', { name: user.name })}>
              {t('usersManagement.history')}
            </Button>
            {!deleted && user.id !== actions.selfId && (
              <Button size="sm" variant="secondary" onPress={() => actions.onDeactivate(user)} aria-label={t('usersManagement.deactivateUser', { name: user.name })}>
                {t('usersManagement.deactivate')}
              </Button>
            )}
            {deleted && user.id !== actions.selfId && (
              <Button size="sm" variant="secondary" isLoading={reactivating === user.id} onPress={() => void reactivate(user)} aria-label={t('usersManagement.reactivateUser', { name: user.name })}>
                {t('usersManagement.reactivate')}
              </Button>
            )}
          </div>
        );
      }}
    />
  );
}

/** Checkboxes for privileges: one per grantable privilege, named in the user's language. */
function PrivilegeChoices(props: { legend: string; grantable: readonly string[]; chosen: ReadonlySet<string>; onToggle: (privilege: string) => void; fixed?: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="users-management__privileges">
      <legend>{props.legend}</legend>
      {props.grantable.map((privilege) => {
        const inputId = `${id}-${privilege}`;
        const fixed = props.fixed?.has(privilege) ?? false;
        return (
          <div key={privilege} className="users-management__privilege">
            <input id={inputId} type="checkbox" checked={props.chosen.has(privilege)} disabled={fixed} onChange={() => props.onToggle(privilege)} />
            <label htmlFor={inputId}>
              {t(`privilege.${privilege}`)}
              {fixed && <span className="users-management__hint"> {t('usersManagement.keepOwnManagement')}</span>}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

function toggled(set: ReadonlySet<string>, value: string): Set<string> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

function PrivilegesModal(props: { user: CompanyUser; grantable: readonly string[]; isSelf: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(props.user.privileges.filter((privilege) => props.grantable.includes(privilege))));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fixed = props.isSelf ? new Set(['company.manage.user']) : undefined;

  async function save() {
    setPending(true);
    setFailure(null);
    try {
      await dispatch(modifyUserPrivileges({ userId: props.user.id, updatedPrivileges: props.grantable.filter((privilege) => chosen.has(privilege)) })).unwrap();
      props.onSaved();
    } catch (error) {
      setFailure(failureMessage(error));
      setPending(false);
    }
  }

  return (
    <Modal
      isOpen
      onClose={props.onClose}
      title={t('usersManagement.privilegesTitle', { name: props.user.name })}
      footer={
        <>
          <Button variant="secondary" onPress={props.onClose}>
            {t('usersManagement.cancel')}
          </Button>
          <Button isLoading={pending} onPress={() => void save()}>
            {t('usersManagement.savePrivileges')}
          </Button>
        </>
      }
    >
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <PrivilegeChoices legend={t('usersManagement.privilegesLegend')} grantable={props.grantable} chosen={chosen} fixed={fixed} onToggle={(privilege) => setChosen((set) => toggled(set, privilege))} />
    </Modal>
  );
}

function DeactivateModal(props: { user: CompanyUser; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      await dispatch(deactivateUser({ userId: props.user.id })).unwrap();
      props.onDone();
    } catch (error) {
      setFailure(failureMessage(error));
      setPending(false);
    }
  }
  return (
    <Modal
      isOpen
      role="alertdialog"
      onClose={props.onClose}
      title={t('usersManagement.deactivateTitle', { name: props.user.name })}
      footer={
        <>
          <Button variant="secondary" onPress={props.onClose}>
            {t('usersManagement.cancel')}
          </Button>
          <Button isLoading={pending} onPress={() => void confirm()}>
            {t('usersManagement.deactivateConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('usersManagement.deactivateText', { email: props.user.email })}</p>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}

function InviteForm({ grantable, onInvited }: { grantable: readonly string[]; onInvited: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const form = useFormState<'email'>({ email: '' }, { email: emailRule });
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(INVITE_DEFAULTS.filter((privilege) => grantable.includes(privilege))));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit() {
    setFailure(null);
    setSentTo(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      const invitation = await dispatch(inviteColleague({ email: form.values.email.trim(), privileges: grantable.filter((privilege) => chosen.has(privilege)) })).unwrap();
      setSentTo(invitation.email);
      form.setValue('email', '');
      onInvited();
    } catch (error) {
      setFailure(failureMessage(error));
    }
    setPending(false);
  }

  const error = form.errors.email;
  return (
    <form
      className="card users-management__invite"
      aria-labelledby="users-management-invite-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="users-management-invite-title">{t('usersManagement.invite.title')}</h2>
      <p>{t('usersManagement.invite.text')}</p>
      <TextField
        label={t('usersManagement.invite.email')}
        type="email"
        name="email"
        autoComplete="off"
        isRequired
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        onBlur={() => form.blur('email')}
        isInvalid={Boolean(error)}
        errorMessage={error ? t(error) : undefined}
      />
      <PrivilegeChoices legend={t('usersManagement.invite.privileges')} grantable={grantable} chosen={chosen} onToggle={(privilege) => setChosen((set) => toggled(set, privilege))} />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {sentTo && (
        <p className="form-success" role="status">
          {t('usersManagement.invite.sent', { email: sentTo })}
        </p>
      )}
      <Button type="submit" isLoading={pending}>
        {t('usersManagement.invite.submit')}
      </Button>
    </form>
  );
}

function InvitationsList({ invitations, onRevoked }: { invitations: readonly CompanyInvitation[]; onRevoked: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [revoking, setRevoking] = useState<number | null>(null);

  /** An open invitation withdrawn (issue 30 §6): its link stops working; the list is read again. */
  async function revoke(id: number) {
    setRevoking(id);
    const result = await dispatch(revokeInvitation({ id }));
    setRevoking(null);
    if (revokeInvitation.fulfilled.match(result)) onRevoked();
  }

  if (invitations.length === 0) return null;
  return (
    <Card className="users-management__invitations" title={t('usersManagement.invitations.title')} titleId="users-management-invitations-title">
      <ul>
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            <span className="users-management__email">{invitation.email}</span>{' '}
            {t('usersManagement.invitations.expires', { date: format.date(invitation.expiresAt, { dateStyle: 'medium' }) })}{' '}
            <Button
              size="sm"
              variant="ghost"
              isLoading={revoking === invitation.id}
              onPress={() => void revoke(invitation.id)}
              aria-label={t('usersManagement.invitations.revokeFor', { email: invitation.email })}
            >
              {t('usersManagement.invitations.revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
