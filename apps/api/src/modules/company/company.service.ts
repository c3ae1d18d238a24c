import {
  type AcceptInvitationBody,
  type Company,
  type CompanyInvitation,
  type CompanyUser,
  type CompanyUsers,
  DEFAULT_LANG,
  type FieldError,
  type InvitationPreview,
  type InviteColleagueBody,
  Lang,
  type ModifyUserPrivilegesBody,
  type UpdateCompanyBody,
} from '@lumen/contracts';
import { PRIVILEGES, type Privilege, privilegesOfRoles, REGISTER_TYPE, ROLE_NAMES, ROLES, type RoleName, USER_STATUS, USER_TYPE } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, RateLimitedError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { recordIdempotentResource } from '../../http/idempotency';
import { createRateLimiter, type RatePolicy } from '../../http/rate-limits';
import { auditWho, recordAudit } from '../../lib/audit';
import { headerText } from '../../lib/mail-text';
import { hashPassword, refuseCommonPassword } from '../../lib/passwords';
import { hashToken, randomToken, signToken, verifyToken } from '../../lib/tokens';
import type { FlagsService } from '../flags/flags.service';
import type { UsersService } from '../users/users.service';
import * as users from '../users/users.accounts';
import * as repo from './company.repository';

/** Invitations one manager may send per hour (issue 29 §3). */
export const INVITATIONS_PER_MANAGER: RatePolicy = { limit: 20, windowMs: 60 * 60 * 1000 };
/** Invitations one company's managers may send together per day. */
export const INVITATIONS_PER_COMPANY: RatePolicy = { limit: 50, windowMs: 24 * 60 * 60 * 1000 };
/** Invitations one address may receive per day, from every company together. */
export const INVITATIONS_PER_RECIPIENT: RatePolicy = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };
/** The longest manager's and company's names an invitation mail carries (one line, no control characters). */
export const INVITATION_NAME_MAX = 80;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITATION_PURPOSE = 'company-invitation';

/**
 * What a company may grant its users: what the roles of customers' companies give (web user,
 * specifier, distributor, importer). Staff privileges (backoffice, the sales view of assigned
 * companies) are never a company's to give.
 */
export const COMPANY_GRANTABLE: readonly Privilege[] = privilegesOfRoles(['webUser', 'specifier', 'distributor', 'importer']);

/** The roles a company's members hold; an invited colleague gets the inviting manager's. */
const COMPANY_ROLES: readonly RoleName[] = ['importer', 'distributor', 'specifier'];

function isPrivilege(code: string): code is Privilege {
  return (PRIVILEGES as readonly string[]).includes(code);
}

function rolePrivilegesOf(roleIds: readonly number[]): Set<string> {
  const names = ROLE_NAMES.filter((name) => roleIds.includes(ROLES[name]));
  return new Set(privilegesOfRoles(names));
}

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

function asLang(value: string): Lang {
  const parsed = Lang.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LANG;
}

export interface CompanyServiceDeps {
  flags: FlagsService;
  users: UsersService;
}

/** The client code of a company (the order system's customer account), or null: for orders and the ERP. */
export function clientCodeOfCompany(db: DbOrTx, companyId: number): Promise<string | null> {
  return repo.clientCodeOfCompany(db, companyId);
}

export function createCompanyService(ctx: AppContext, deps: CompanyServiceDeps) {
  const { db, clock, config } = ctx;
  const limiter = createRateLimiter(db, clock);

  /** The company the principal may manage: their own, or any for backoffice. Another company: 404. */
  function assertManages(principal: Principal, companyId: number): void {
    if (!principal.privileges.includes('company.manage.user')) throw new AppError('FORBIDDEN');
    const backoffice = principal.privileges.includes('backoffice');
    if (!backoffice && principal.companyId !== companyId) throw new AppError('NOT_FOUND');
  }

  /** What this manager may give or take: what a company may grant and the manager holds. */
  function grantableBy(principal: Principal): Privilege[] {
    return COMPANY_GRANTABLE.filter((privilege) => principal.privileges.includes(privilege));
  }

  /**
   * Checks a list of privilege codes against what the manager may grant: unknown names are a 400,
   * names above the manager's a 403, each with the field at fault.
   */
  function checkPrivileges(principal: Principal, codes: readonly string[], field: string): Privilege[] {
    const unknown: FieldError[] = [];
    const above: FieldError[] = [];
    const grantable = new Set<string>(grantableBy(principal));
    codes.forEach((code, index) => {
      if (!isPrivilege(code)) unknown.push({ path: `body.${field}.${index}`, message: 'formError.privilegeUnknown' });
      else if (!grantable.has(code)) above.push({ path: `body.${field}.${index}`, message: 'formError.privilegeNotGrantable' });
    });
    if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', 'Unknown privilege', unknown);
    if (above.length > 0) throw new AppError('FORBIDDEN', 'You cannot grant a privilege you do not hold, or one a company may not grant', above);
    return [...new Set(codes)].filter(isPrivilege);
  }

  async function assertPrivilegeUpdatesAllowed(principal: Principal): Promise<void> {
    const flags = deps.flags.forCaller({ userId: principal.userId, email: principal.email });
    if (await flags.isEnabled('preventCompanyPrivilegeUpdates')) {
      throw new AppError('FORBIDDEN', 'Privilege updates are turned off for companies (preventCompanyPrivilegeUpdates)');
    }
  }

  function toCompanyUser(row: repo.CompanyUserRow): CompanyUser {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      rolId: row.roles[row.roles.length - 1]?.id ?? ROLES.webUser,
      status: row.status,
      lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
      privileges: row.privileges,
    };
  }

  /** A user of the company the principal manages; anyone else (another company, unknown): 404. */
  async function managedUser(tx: DbOrTx, principal: Principal, userId: number): Promise<repo.CompanyUserRow> {
    const row = await repo.findCompanyUser(tx, userId);
    if (!row || row.companyId === null) throw new AppError('NOT_FOUND');
    assertManages(principal, row.companyId);
    return row;
  }

  /**
   * The overrides that make a user with `roleIds` hold exactly `wanted` among `managed` privileges:
   * granted when the role lacks one that is wanted, withheld when the role gives one that is not.
   */
  async function overridesFor(tx: DbOrTx, roleIds: readonly number[], managed: readonly Privilege[], wanted: ReadonlySet<string>) {
    const ids = await repo.privilegeIds(tx, managed);
    const fromRoles = rolePrivilegesOf(roleIds);
    const overrides: Array<{ privilegeId: number; granted: boolean }> = [];
    for (const privilege of managed) {
      const privilegeId = ids.get(privilege);
      if (privilegeId === undefined) continue;
      if (wanted.has(privilege) && !fromRoles.has(privilege)) overrides.push({ privilegeId, granted: true });
      if (!wanted.has(privilege) && fromRoles.has(privilege)) overrides.push({ privilegeId, granted: false });
    }
    return { ids: [...ids.values()], overrides };
  }

  function invitationOf(row: repo.InvitationRow & { invitedByName: string | null }): CompanyInvitation {
    return {
      id: row.id,
      email: row.email,
      privileges: row.privileges,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      invitedBy: row.invitedByName,
    };
  }

  /** The invitation a token names, when it was signed here, is unused and unexpired; otherwise 400 with the reason. */
  async function liveInvitation(tx: DbOrTx, token: string): Promise<repo.InvitationRow> {
    const invalid = (reason: string) => new AppError('INVALID_INVITATION', reason, [{ path: 'token', message: 'auth.invitation.invalid' }]);
    if (verifyToken(config.jwtSecret, INVITATION_PURPOSE, token) === null) throw invalid('The invitation link is not valid');
    const invitation = await repo.findInvitationByHash(tx, hashToken(token));
    if (!invitation) throw invalid('The invitation link is not valid');
    if (invitation.usedAt) throw invalid('The invitation was used already');
    if (invitation.expiresAt.getTime() <= clock().getTime()) throw invalid('The invitation has expired');
    return invitation;
  }

  return {
    COMPANY_GRANTABLE,

    /** GET users/manage/by-company/{id}: the company's users with role, status, last login and privileges. */
    async companyUsers(principal: Principal, companyId: number): Promise<CompanyUsers> {
      assertManages(principal, companyId);
      const company = await repo.findCompany(db, companyId);
      if (!company) throw new AppError('NOT_FOUND');
      const flags = deps.flags.forCaller({ userId: principal.userId, email: principal.email });
      const [rows, invitations, locked] = await Promise.all([
        repo.listCompanyUsers(db, companyId),
        repo.openInvitations(db, companyId, clock()),
        flags.isEnabled('preventCompanyPrivilegeUpdates'),
      ]);
      return {
        company: { id: company.id, name: company.name },
        grantable: grantableBy(principal),
        privilegeUpdatesLocked: locked,
        users: rows.map(toCompanyUser),
        invitations: invitations.map(invitationOf),
      };
    },

    /**
     * PATCH users/manage/by-company/modify-user-privileges: the user holds exactly `updatedPrivileges`
     * among the manager's grantable privileges afterwards; the others are left as they were. Refused
     * while preventCompanyPrivilegeUpdates is on, for a deleted user, and when the manager would take
     * user management away from themselves.
     */
    async modifyPrivileges(principal: Principal, body: ModifyUserPrivilegesBody): Promise<CompanyUser> {
      const wanted = new Set<string>(checkPrivileges(principal, body.updatedPrivileges, 'updatedPrivileges'));
      await assertPrivilegeUpdatesAllowed(principal);
      if (body.userId === principal.userId && !wanted.has('company.manage.user')) {
        throw new AppError('FORBIDDEN', 'You cannot take user management away from yourself', [{ path: 'body.updatedPrivileges', message: 'usersManagement.error.selfLockout' }]);
      }
      const { row, revocation } = await db.transaction(async (tx) => {
        await repo.lockUser(tx, body.userId);
        const target = await managedUser(tx, principal, body.userId);
        if (target.status === USER_STATUS.DELETED) throw new AppError('CONFLICT', 'The user is deactivated');
        const managed = grantableBy(principal);
        const { ids, overrides } = await overridesFor(
          tx,
          target.roles.map((role) => role.id),
          managed,
          wanted,
        );
        await repo.setOverrides(tx, target.id, ids, overrides);
        const after = await repo.findCompanyUser(tx, target.id);
        if (!after) throw new AppError('NOT_FOUND');
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'privileges',
          entityId: target.id,
          action: 'update',
          before: { privileges: target.privileges },
          after: { privileges: after.privileges },
          companyId: target.companyId,
        });
        // The user's tokens state their privileges: refuse them, so every session refreshes into the new ones.
        return { row: after, revocation: await ctx.revocations.revokeUser(target.id, tx) };
      });
      ctx.revocations.apply(revocation);
      return toCompanyUser(row);
    },

    /** Deactivates a user of the company (status DELETED) and ends every session of theirs at once. */
    async deactivate(principal: Principal, userId: number): Promise<CompanyUser> {
      if (userId === principal.userId) {
        throw new AppError('FORBIDDEN', 'You cannot deactivate yourself', [{ path: 'body.userId', message: 'usersManagement.error.selfDeactivation' }]);
      }
      const { row, revocation } = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const target = await managedUser(tx, principal, userId);
        if (target.status === USER_STATUS.DELETED) return { row: target, revocation: undefined };
        await users.updateUser(tx, userId, { status: USER_STATUS.DELETED }, clock());
        const revocation = await ctx.revocations.revokeUserSessions(userId, 'deactivated', { tx });
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'user',
          entityId: userId,
          action: 'status',
          before: { status: target.status },
          after: { status: USER_STATUS.DELETED },
          companyId: target.companyId,
        });
        return { row: { ...target, status: USER_STATUS.DELETED }, revocation };
      });
      if (revocation) ctx.revocations.apply(revocation);
      return toCompanyUser(row);
    },

    /**
     * Reactivates a deactivated colleague (issue 30 §6): back to a qualified professional of the
     * company, with the privileges they had; they log in again with their password. Oneself: 403.
     */
    async reactivate(principal: Principal, userId: number): Promise<CompanyUser> {
      if (userId === principal.userId) throw new AppError('FORBIDDEN', 'You cannot reactivate yourself');
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const target = await managedUser(tx, principal, userId);
        if (target.status !== USER_STATUS.DELETED) return target;
        await users.updateUser(tx, userId, { status: USER_STATUS.QUALIFIED }, clock());
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'user',
          entityId: userId,
          action: 'status',
          before: { status: target.status },
          after: { status: USER_STATUS.QUALIFIED },
          companyId: target.companyId,
        });
        return { ...target, status: USER_STATUS.QUALIFIED };
      });
      return toCompanyUser(row);
    },

    /** Revokes an open invitation of the manager's company (issue 30 §6): its link no longer works. Another company's, used or expired: 404. */
    async revokeInvitation(principal: Principal, id: number): Promise<{ id: number }> {
      if (!principal.privileges.includes('company.manage.user') || principal.companyId === null) throw new AppError('FORBIDDEN');
      const companyId = principal.companyId;
      return db.transaction(async (tx) => {
        const row = await repo.revokeInvitation(tx, id, companyId, clock());
        if (!row) throw new AppError('NOT_FOUND');
        await recordAudit(tx, { ...auditWho(principal), entity: 'user', entityId: 'invitation', action: 'invite-revoked', before: { email: row.email }, after: null, companyId });
        return { id };
      });
    },

    /**
     * Invites a colleague into the manager's company: a single-use signed link, valid
     * INVITATION_TTL_MS, mailed in the manager's language. An address that has an account: 409.
     */
    async invite(principal: Principal, body: InviteColleagueBody): Promise<CompanyInvitation> {
      if (!principal.privileges.includes('company.manage.user')) throw new AppError('FORBIDDEN');
      if (principal.companyId === null) throw new AppError('FORBIDDEN', 'Only a member of a company can invite colleagues into it');
      const chosen = checkPrivileges(principal, body.privileges, 'privileges');
      const role = COMPANY_ROLES.find((name) => principal.roles.some((held) => held.id === ROLES[name])) ?? 'specifier';
      if (await users.emailExists(db, body.email)) {
        throw new AppError('EMAIL_TAKEN', 'This e-mail address is already registered', [{ path: 'body.email', message: 'usersManagement.error.emailTaken' }]);
      }
      const companyId = principal.companyId;
      // Throttled like the other mails (issue 29 §3): per manager, per company, per recipient; a refusal is recorded too.
      try {
        await limiter.hit([
          { key: `invitation:user:${principal.userId}`, policy: INVITATIONS_PER_MANAGER },
          { key: `invitation:company:${companyId}`, policy: INVITATIONS_PER_COMPANY },
          { key: `invitation:to:${body.email.toLowerCase()}`, policy: INVITATIONS_PER_RECIPIENT },
        ]);
      } catch (error) {
        if (error instanceof RateLimitedError) {
          await recordAudit(db, { ...auditWho(principal), entity: 'user', entityId: 'invitation', action: 'invite-refused', before: null, after: { email: body.email, reason: 'rate_limited' }, companyId });
        }
        throw error;
      }
      const now = clock();
      const token = signToken(config.jwtSecret, INVITATION_PURPOSE, randomToken());
      const { invitation, companyName } = await db.transaction(async (tx) => {
        const company = await repo.findCompany(tx, companyId);
        if (!company) throw new AppError('NOT_FOUND');
        const row = await repo.insertInvitation(tx, {
          companyId,
          email: body.email,
          roleId: ROLES[role],
          privileges: chosen,
          invitedBy: principal.userId,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        });
        // The Idempotency-Key commits with the invitation (issue 29 §6): a retry after a crash answers it.
        await recordIdempotentResource(tx, { kind: 'invitation', id: row.id });
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'user',
          entityId: `invitation:${row.id}`,
          action: 'invite',
          before: null,
          after: { email: body.email, privileges: chosen },
          companyId,
        });
        return { invitation: row, companyName: company.name };
      });
      const lang = asLang(principal.lang);
      const t = translationsFor('common-front', lang);
      const link = `${config.linkOrigin}/invitation?token=${encodeURIComponent(token)}`;
      // Names someone chose go into the mail as one bounded line each: no line breaks to forge paragraphs or headers.
      const values = { name: headerText(principal.name, INVITATION_NAME_MAX), company: headerText(companyName, INVITATION_NAME_MAX), days: INVITATION_TTL_MS / 86_400_000 };
      const text = [
        interpolate(t['mail.invitation.body'] ?? '', values),
        '',
        link,
        '',
        interpolate(t['mail.invitation.expiry'] ?? '', values),
        '',
        t['mail.signature'] ?? '',
      ].join('\n');
      const subject = headerText(interpolate(t['mail.invitation.subject'] ?? '', values));
      const to = body.email;
      const who = auditWho(principal);
      // Every send is recorded with its outcome (issue 29 §3).
      ctx.background.run('company-invitation-mail', async () => {
        let outcome: 'sent' | 'failed' = 'failed';
        try {
          await ctx.mailer.send({ to, subject, text });
          outcome = 'sent';
        } finally {
          await recordAudit(db, { ...who, entity: 'user', entityId: `invitation:${invitation.id}`, action: 'invitation-mail', before: null, after: { to, outcome }, companyId });
        }
      });
      return invitationOf({ ...invitation, invitedByName: principal.name });
    },

    /** An invitation the caller's company made, as inviting answered it (the retry of a key whose invitation committed without its answer). */
    async invitation(principal: Principal, id: number): Promise<CompanyInvitation> {
      const row = await repo.findInvitation(db, id);
      if (!row || row.companyId !== principal.companyId) throw new AppError('NOT_FOUND');
      return invitationOf({ ...row, invitedByName: principal.name });
    },

    /** What the invitation page shows (public: the token is the secret). */
    async previewInvitation(token: string): Promise<InvitationPreview> {
      const invitation = await liveInvitation(db, token);
      const company = await repo.findCompany(db, invitation.companyId);
      if (!company) throw new AppError('INVALID_INVITATION', 'The invitation link is not valid');
      return { email: invitation.email, companyName: company.name, expiresAt: invitation.expiresAt.toISOString() };
    },

    /**
     * Signs up through an invitation: a qualified professional of the company, with the inviting
     * manager's company role and exactly the chosen privileges among what a company may grant. The
     * invitation is used once (a second use, or one after expiry: 400, nothing created).
     */
    async acceptInvitation(body: AcceptInvitationBody): Promise<{ userId: number; email: string }> {
      // A forged, used or expired link is refused before the (deliberately slow) password hash.
      await liveInvitation(db, body.token);
      await refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const invitation = await liveInvitation(tx, body.token);
        if (!(await repo.claimInvitation(tx, invitation.id, clock()))) {
          throw new AppError('INVALID_INVITATION', 'The invitation was used already', [{ path: 'token', message: 'auth.invitation.invalid' }]);
        }
        if (await users.emailExists(tx, invitation.email)) throw new AppError('EMAIL_TAKEN', 'This e-mail address is already registered');
        const company = await repo.findCompany(tx, invitation.companyId);
        if (!company) throw new AppError('INVALID_INVITATION', 'The invitation link is not valid');
        const user = await users.insertUser(tx, {
          email: invitation.email,
          passwordHash,
          name: body.name,
          lang: body.lang,
          catalogId: company.country === 'US' ? 21 : 16,
          status: USER_STATUS.QUALIFIED,
          registerType: REGISTER_TYPE.Email,
          userType: USER_TYPE.professional,
          clientCode: company.clientCode,
          companyId: company.id,
        });
        await users.setUserRoles(tx, user.id, [invitation.roleId]);
        const { ids, overrides } = await overridesFor(tx, [invitation.roleId], COMPANY_GRANTABLE, new Set(invitation.privileges));
        await repo.setOverrides(tx, user.id, ids, overrides);
        await repo.markInvitationUser(tx, invitation.id, user.id);
        await recordAudit(tx, {
          actor: { id: user.id, name: user.name, email: user.email },
          onBehalfOf: null,
          entity: 'user',
          entityId: user.id,
          action: 'create',
          before: null,
          after: { email: user.email, invitation: invitation.id, privileges: invitation.privileges },
          companyId: company.id,
        });
        return { userId: user.id, email: user.email };
      });
    },

    /**
     * PUT users/company/{crmId}: about the company, by a manager of that company (or backoffice).
     * A company the caller does not manage, or an unknown crm id: 404.
     */
    async updateCompany(principal: Principal, crmId: string, body: UpdateCompanyBody): Promise<Company> {
      const company = await repo.findCompanyByCrmId(db, crmId);
      if (!company) throw new AppError('NOT_FOUND');
      assertManages(principal, company.id);
      await db.transaction(async (tx) => {
        if (!(await users.companyTypeExists(tx, body.companyTypeId))) {
          throw new AppError('VALIDATION_FAILED', 'Unknown company type', [{ path: 'body.companyTypeId', message: 'formError.companyType' }]);
        }
        const after = { name: body.name, companyTypeId: body.companyTypeId, country: body.country ?? company.country };
        await repo.updateCompany(tx, company.id, after);
        // The trail (issue 29 §5): a rename is the company's, seen in the manager's history with both identities when acting.
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'company',
          entityId: company.id,
          action: body.name !== company.name ? 'rename' : 'update',
          before: { name: company.name, companyTypeId: company.companyTypeId, country: company.country },
          after,
          companyId: company.id,
        });
      });
      deps.users.forgetAccounts();
      const described = await users.findCompanyWithType(db, company.id, asLang(principal.lang));
      if (!described) throw new AppError('NOT_FOUND');
      return {
        id: described.id,
        name: described.name,
        crmId: described.crmId,
        country: body.country ?? company.country,
        companyType: { id: described.companyTypeId, description: described.companyTypeDescription ?? '' },
      };
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
