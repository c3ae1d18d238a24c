import { type Account, CATALOGS, DEFAULT_LANG, Lang, type Profession, type QualificationBody, type TradeLead, type UpdateProfileBody, type UserSummary } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import { ROLES, USER_STATUS, USER_TYPE } from '@lumen/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { auditWho, recordAudit } from '../../lib/audit';
import { type InternalUsers, isInternalEmail } from '../../lib/internal-users';
import type { FlagsService } from '../flags/flags.service';
import { builtinCrm, type CrmAdapter } from './users.crm';
import * as repo from './users.repository';

function asLang(value: string): Lang {
  const parsed = Lang.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LANG;
}

function asCatalogId(value: number): 16 | 21 {
  return value === 21 ? 21 : 16;
}

/** The account of spec §3 for a user, in the user's language; `internal` by the rule of the configuration. */
export async function buildAccount(db: DbOrTx, userId: number, internalUsers: InternalUsers): Promise<Account> {
  return (await loadAccount(db, userId, internalUsers)).account;
}

/** The account and the user's token generation it was read under. */
async function loadAccount(db: DbOrTx, userId: number, internalUsers: InternalUsers): Promise<{ account: Account; generation: number }> {
  const aggregate = await repo.loadUserAggregate(db, userId, null);
  if (!aggregate) throw new AppError('NOT_FOUND');
  return { account: accountOf(aggregate, internalUsers), generation: aggregate.user.tokenGeneration };
}

function accountOf({ user, roles, privileges, company }: repo.UserAggregate, internalUsers: InternalUsers): Account {
  const lang = asLang(user.lang);
  const catalogId = asCatalogId(user.catalogId);
  return {
    id: user.id,
    userId: user.id,
    crm: user.crm,
    rolId: roles[roles.length - 1]?.id ?? ROLES.webUser,
    email: user.email,
    name: user.name,
    lang,
    language: { isoCode: lang },
    catalog: CATALOGS[catalogId].name,
    catalogId,
    status: user.status,
    roles,
    privileges,
    profesion: user.profesion,
    registerType: user.registerType,
    userType: user.userType,
    clientCode: user.clientCode,
    company: company
      ? {
          id: company.id,
          name: company.name,
          crmId: company.crmId,
          companyType: { id: company.companyTypeId, description: company.companyTypeDescription ?? '' },
        }
      : null,
    internal: isInternalEmail(internalUsers, user.email),
  };
}

/** How long a process serves an account from memory when nothing in it bumped the user's generation. */
export const ACCOUNT_CACHE_TTL_MS = 60_000;
const ACCOUNT_CACHE_SIZE = 10_000;

export interface UsersServiceDeps {
  /** The caller's flags (showQualifiedUserDataFromDynamics). */
  flags: Pick<FlagsService, 'forCaller'>;
  /** The CRM behind the account and the profile (defaults to the built-in one). */
  crm?: CrmAdapter;
}

export function createUsersService(ctx: AppContext, deps: UsersServiceDeps) {
  const { db, clock } = ctx;
  const crm = deps.crm ?? builtinCrm();
  /**
   * Accounts by user, with the token generation they were read under. Every change of an account
   * through this service bumps the generation (revokeUser), and a request names its generation in its
   * token, so a changed account is read afresh in every process; what changes elsewhere (a company
   * renamed by another system) shows within ACCOUNT_CACHE_TTL_MS. Oldest first, so the first key goes.
   */
  const accounts = new Map<number, { generation: number; fromCrm: boolean; account: Account; expiresAt: number }>();

  /** Writes a change of the user's own account and bumps their generation in one transaction. */
  async function changeAccount(userId: number, write: (tx: DbOrTx) => Promise<void>): Promise<Account> {
    const { account, revocation } = await db.transaction(async (tx) => {
      await write(tx);
      return { account: await buildAccount(tx, userId, ctx.config), revocation: await ctx.revocations.revokeUser(userId, tx) };
    });
    ctx.revocations.apply(revocation);
    accounts.delete(userId);
    return account;
  }

  /**
   * A change of one's own account in the trail (issue 29 §5): the user's row (entity `user`), with the
   * staff member as actor when acting; only the fields that changed are kept, nothing when none did.
   */
  async function auditOwnChange(tx: DbOrTx, principal: Principal, action: string, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
    await recordAudit(tx, { ...auditWho(principal), entity: 'user', entityId: principal.userId, action, before, after, companyId: principal.companyId });
  }

  return {
    /** The account of the logged-in user; served from memory while their token generation holds. */
    async account(principal: Principal): Promise<Account> {
      const now = clock().getTime();
      const fromCrm = await deps.flags.forCaller({ userId: principal.userId, email: principal.email }).isEnabled('showQualifiedUserDataFromDynamics');
      const known = accounts.get(principal.userId);
      if (known && known.generation === principal.generation && known.fromCrm === fromCrm && known.expiresAt > now) return known.account;
      const loaded = await loadAccount(db, principal.userId, ctx.config);
      const generation = loaded.generation;
      let account = loaded.account;
      // showQualifiedUserDataFromDynamics (spec §7): a qualified user's contact as the CRM holds it.
      if (fromCrm && account.crm && account.status >= USER_STATUS.QUALIFIED) {
        const contact = await crm.readContact(db, account.crm);
        if (contact) account = { ...account, name: contact.name, profesion: contact.profesion };
      }
      accounts.delete(principal.userId);
      if (accounts.size >= ACCOUNT_CACHE_SIZE) {
        const oldest = accounts.keys().next();
        if (!oldest.done) accounts.delete(oldest.value);
      }
      accounts.set(principal.userId, { generation, fromCrm, account, expiresAt: now + ACCOUNT_CACHE_TTL_MS });
      return account;
    },

    /** Forgets the accounts held in memory (a company changed: its members' accounts name it). */
    forgetAccounts(): void {
      accounts.clear();
    },

    companyTypes: (lang: Lang) => repo.listCompanyTypes(db, lang),

    /** Self; a user of one's own company with company.manage.user; anyone for backoffice. */
    async userById(principal: Principal, id: number): Promise<UserSummary> {
      const isSelf = principal.userId === id;
      const isBackoffice = principal.privileges.includes('backoffice');
      const managesCompany = principal.privileges.includes('company.manage.user') && principal.companyId !== null;
      if (!isSelf && !isBackoffice && !managesCompany) throw new AppError('FORBIDDEN');
      const user = await repo.findUserById(db, id);
      const visible = user && (isSelf || isBackoffice || (managesCompany && user.companyId === principal.companyId));
      if (!user || !visible || user.status === USER_STATUS.DELETED) throw new AppError('NOT_FOUND');
      const roles = await repo.rolesOfUser(db, user.id);
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        rolId: roles[roles.length - 1]?.id ?? ROLES.webUser,
        status: user.status,
        companyId: user.companyId,
      };
    },

    async updateLang(principal: Principal, lang: Lang): Promise<Account> {
      return changeAccount(principal.userId, async (tx) => {
        const before = await repo.findUserById(tx, principal.userId);
        await repo.updateUser(tx, principal.userId, { lang }, clock());
        await auditOwnChange(tx, principal, 'lang', { lang: before?.lang ?? null }, { lang });
      });
    },

    /**
     * A user may record the client code of their own company's customer account (the one the order
     * system knows); any other code is refused, so a code cannot be claimed to see someone's invoices.
     */
    async updateClientCode(principal: Principal, clientCode: string): Promise<Account> {
      const wanted = clientCode.toUpperCase();
      const company = principal.companyId === null ? undefined : await repo.findCompanyWithType(db, principal.companyId, 'en');
      if (!company?.clientCode || company.clientCode.toUpperCase() !== wanted) {
        throw new AppError('VALIDATION_FAILED', 'The client code does not belong to your company', [
          { path: 'body.clientCode', message: 'formError.clientCodeUnknown' },
        ]);
      }
      const clientCodeOfCompany = company.clientCode;
      return changeAccount(principal.userId, async (tx) => {
        const before = await repo.findUserById(tx, principal.userId);
        await repo.updateUser(tx, principal.userId, { clientCode: clientCodeOfCompany }, clock());
        await auditOwnChange(tx, principal, 'client-code', { clientCode: before?.clientCode ?? null }, { clientCode: clientCodeOfCompany });
      });
    },

    async updateProfile(principal: Principal, id: number, body: UpdateProfileBody): Promise<Account> {
      if (principal.userId !== id) throw new AppError('FORBIDDEN');
      // The platform's record and, for a user known to the CRM, the CRM's contact (through the adapter), together.
      return changeAccount(id, async (tx) => {
        const before = await repo.findUserById(tx, id);
        await repo.updateUser(tx, id, { name: body.name, profesion: body.profesion }, clock());
        await auditOwnChange(tx, principal, 'profile', { name: before?.name ?? null, profesion: before?.profesion ?? null }, { name: body.name, profesion: body.profesion });
        const user = await repo.findUserById(tx, id);
        if (user?.crm) await crm.writeContact(tx, { crmId: user.crm, name: body.name, profesion: body.profesion, email: user.email }, clock());
      });
    },

    /**
     * A web user asks to become a professional with a company. With QUALIFICATION_AUTO_APPROVE on (the
     * default, and the demo's) they are qualified at once; otherwise the request is a trade lead: the
     * user's status is 3 TRADE_LEAD until sales staff approve or decline it (tradeLeads, decideTradeLead).
     * Status and roles change, so the user's access tokens are revoked: every session refreshes into the new ones.
     */
    async qualify(principal: Principal, body: QualificationBody): Promise<Account> {
      if (principal.status >= USER_STATUS.QUALIFIED) throw new AppError('CONFLICT', 'The account is already qualified');
      const { account, revocation } = await db.transaction(async (tx) => {
        if (!(await repo.companyTypeExists(tx, body.companyTypeId))) {
          throw new AppError('VALIDATION_FAILED', 'Unknown company type', [{ path: 'body.companyTypeId', message: 'formError.companyType' }]);
        }
        if (ctx.config.qualificationAutoApprove) {
          await applyQualification(tx, principal.userId, body, clock());
        } else {
          if (await repo.hasPendingTradeLead(tx, principal.userId)) throw new AppError('CONFLICT', 'A qualification request of this account is waiting for approval');
          await repo.insertTradeLead(tx, { userId: principal.userId, ...body, requestedAt: clock() });
          await repo.updateUser(tx, principal.userId, { status: USER_STATUS.TRADE_LEAD, profesion: body.profesion }, clock());
        }
        const status = ctx.config.qualificationAutoApprove ? USER_STATUS.QUALIFIED : USER_STATUS.TRADE_LEAD;
        await auditOwnChange(tx, principal, 'qualification', { status: principal.status }, { status, companyName: body.companyName, companyTypeId: body.companyTypeId, country: body.country });
        return { account: await buildAccount(tx, principal.userId, ctx.config), revocation: await ctx.revocations.revokeUser(principal.userId, tx) };
      });
      ctx.revocations.apply(revocation);
      accounts.delete(principal.userId);
      return account;
    },

    /** The trade leads waiting (or decided) for sales staff of the lead's catalogue and admins; anyone else: 403. */
    async tradeLeads(principal: Principal, decision: TradeLead['decision'], lang: Lang): Promise<TradeLead[]> {
      const scope = leadScope(principal);
      const rows = await repo.listTradeLeads(db, decision, scope, lang);
      return rows.map(tradeLeadOf);
    },

    /**
     * Approves (the user becomes a qualified specifier with the company they named) or declines (back
     * to web user) a pending trade lead, once; the user gets a mail in their language either way.
     */
    async decideTradeLead(principal: Principal, id: number, decision: 'approved' | 'declined', lang: Lang): Promise<TradeLead> {
      const scope = leadScope(principal);
      const { lead, revocation } = await db.transaction(async (tx) => {
        const found = await repo.findTradeLead(tx, id, lang);
        if (!found || (scope !== null && (found.country === 'US') !== scope)) throw new AppError('NOT_FOUND');
        if (!(await repo.decideTradeLead(tx, id, decision, principal.userId, clock()))) throw new AppError('CONFLICT', 'The request was decided already');
        const user = await repo.findUserById(tx, found.userId);
        if (!user || user.status !== USER_STATUS.TRADE_LEAD) throw new AppError('CONFLICT', 'The account is no longer waiting for approval');
        if (decision === 'approved') await applyQualification(tx, found.userId, found, clock());
        else await repo.updateUser(tx, found.userId, { status: USER_STATUS.WEB_USER }, clock());
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'user',
          entityId: found.userId,
          action: `qualification-${decision}`,
          before: { status: USER_STATUS.TRADE_LEAD },
          after: { status: decision === 'approved' ? USER_STATUS.QUALIFIED : USER_STATUS.WEB_USER },
        });
        return { lead: { ...found, decision }, revocation: await ctx.revocations.revokeUser(found.userId, tx) };
      });
      ctx.revocations.apply(revocation);
      accounts.delete(lead.userId);
      const t = translationsFor('common-front', asLang(lead.userLang));
      const values = { name: lead.userName, company: lead.companyName };
      const mail = {
        to: lead.userEmail,
        subject: t[`mail.tradeLead.${decision}.subject`] ?? 'Lumen Pro',
        text: [interpolate(t[`mail.tradeLead.${decision}.body`] ?? '', values), '', t['mail.signature'] ?? ''].join('\n'),
      };
      ctx.background.run('trade-lead-mail', () => ctx.mailer.send(mail));
      return tradeLeadOf(lead);
    },

    /** apiv2 options/professions: the professions a user may choose, described in `lang`. */
    professions(lang: Lang): Profession[] {
      const t = translationsFor('common-front', lang);
      return PROFESSIONS.map((code, index) => ({ id: index + 1, code, description: t[`profession.${code}`] ?? code }));
    },
  };
}

/** The professions of apiv2 options/professions (ids are their place here: append, never reorder). */
export const PROFESSIONS = ['architect', 'interiorDesigner', 'lightingDesigner', 'engineer', 'installer', 'distributor', 'retailer', 'developer', 'other'] as const;

/** Whose leads a principal may see: admins all (null); sales staff those of their catalogue (true: the United States'); anyone else 403. */
function leadScope(principal: Principal): boolean | null {
  if (principal.roles.some((role) => role.id === ROLES.admin)) return null;
  if (principal.roles.some((role) => role.id === ROLES.sales)) return principal.catalogId === 21;
  throw new AppError('FORBIDDEN');
}

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

function tradeLeadOf(lead: repo.TradeLeadWithUser): TradeLead {
  const decision = lead.decision === 'approved' || lead.decision === 'declined' ? lead.decision : 'pending';
  return {
    id: lead.id,
    user: { id: lead.userId, email: lead.userEmail, name: lead.userName, lang: asLang(lead.userLang) },
    profesion: lead.profesion,
    companyName: lead.companyName,
    companyType: { id: lead.companyTypeId, description: lead.companyTypeDescription ?? '' },
    country: lead.country,
    requestedAt: lead.requestedAt.toISOString(),
    decision,
  };
}

/** The qualification itself (auto-approved or approved by sales staff): a company, status QUALIFIED, the specifier role. */
async function applyQualification(tx: DbOrTx, userId: number, body: { profesion: string; companyName: string; companyTypeId: number; country: string }, now: Date): Promise<void> {
  const company = await repo.insertCompany(tx, { name: body.companyName, companyTypeId: body.companyTypeId, country: body.country });
  await repo.updateUser(
    tx,
    userId,
    {
      status: USER_STATUS.QUALIFIED,
      userType: USER_TYPE.professional,
      profesion: body.profesion,
      companyId: company.id,
      catalogId: body.country === 'US' ? 21 : 16,
    },
    now,
  );
  const kept = (await repo.rolesOfUser(tx, userId)).map((role) => role.id).filter((id) => id !== ROLES.webUser && id !== ROLES.specifier);
  await repo.setUserRoles(tx, userId, [...kept, ROLES.specifier].sort((a, b) => a - b));
}

export type UsersService = ReturnType<typeof createUsersService>;
