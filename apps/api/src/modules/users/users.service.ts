import { type Account, CATALOGS, DEFAULT_LANG, Lang, type QualificationBody, type UpdateProfileBody, type UserSummary } from '@lumen/contracts';
import { ROLES, USER_STATUS, USER_TYPE } from '@lumen/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import * as repo from './users.repository';

function asLang(value: string): Lang {
  const parsed = Lang.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LANG;
}

function asCatalogId(value: number): 16 | 21 {
  return value === 21 ? 21 : 16;
}

/** The account of spec §3 for a user, in the user's language. */
export async function buildAccount(db: DbOrTx, userId: number): Promise<Account> {
  return (await loadAccount(db, userId)).account;
}

/** The account and the user's token generation it was read under. */
async function loadAccount(db: DbOrTx, userId: number): Promise<{ account: Account; generation: number }> {
  const aggregate = await repo.loadUserAggregate(db, userId, null);
  if (!aggregate) throw new AppError('NOT_FOUND');
  return { account: accountOf(aggregate), generation: aggregate.user.tokenGeneration };
}

function accountOf({ user, roles, privileges, company }: repo.UserAggregate): Account {
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
  };
}

/** How long a process serves an account from memory when nothing in it bumped the user's generation. */
export const ACCOUNT_CACHE_TTL_MS = 60_000;
const ACCOUNT_CACHE_SIZE = 10_000;

export function createUsersService(ctx: AppContext) {
  const { db, clock } = ctx;
  /**
   * Accounts by user, with the token generation they were read under. Every change of an account
   * through this service bumps the generation (revokeUser), and a request names its generation in its
   * token, so a changed account is read afresh in every process; what changes elsewhere (a company
   * renamed by another system) shows within ACCOUNT_CACHE_TTL_MS. Oldest first, so the first key goes.
   */
  const accounts = new Map<number, { generation: number; account: Account; expiresAt: number }>();

  /** Writes a change of the user's own account and bumps their generation in one transaction. */
  async function changeAccount(userId: number, write: (tx: DbOrTx) => Promise<void>): Promise<Account> {
    const { account, revocation } = await db.transaction(async (tx) => {
      await write(tx);
      return { account: await buildAccount(tx, userId), revocation: await ctx.revocations.revokeUser(userId, tx) };
    });
    ctx.revocations.apply(revocation);
    accounts.delete(userId);
    return account;
  }

  return {
    /** The account of the logged-in user; served from memory while their token generation holds. */
    async account(principal: Principal): Promise<Account> {
      const now = clock().getTime();
      const known = accounts.get(principal.userId);
      if (known && known.generation === principal.generation && known.expiresAt > now) return known.account;
      const { account, generation } = await loadAccount(db, principal.userId);
      accounts.delete(principal.userId);
      if (accounts.size >= ACCOUNT_CACHE_SIZE) {
        const oldest = accounts.keys().next();
        if (!oldest.done) accounts.delete(oldest.value);
      }
      accounts.set(principal.userId, { generation, account, expiresAt: now + ACCOUNT_CACHE_TTL_MS });
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
      return changeAccount(principal.userId, (tx) => repo.updateUser(tx, principal.userId, { lang }, clock()));
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
      return changeAccount(principal.userId, (tx) => repo.updateUser(tx, principal.userId, { clientCode: clientCodeOfCompany }, clock()));
    },

    async updateProfile(principal: Principal, id: number, body: UpdateProfileBody): Promise<Account> {
      if (principal.userId !== id) throw new AppError('FORBIDDEN');
      return changeAccount(id, (tx) => repo.updateUser(tx, id, { name: body.name, profesion: body.profesion }, clock()));
    },

    /**
     * A web user becomes a qualified professional with a company (one transaction). Status and roles
     * change, so the user's access tokens are revoked: every session refreshes into the new ones.
     */
    async qualify(principal: Principal, body: QualificationBody): Promise<Account> {
      if (principal.status >= USER_STATUS.QUALIFIED) throw new AppError('CONFLICT', 'The account is already qualified');
      const { account, revocation } = await db.transaction(async (tx) => {
        if (!(await repo.companyTypeExists(tx, body.companyTypeId))) {
          throw new AppError('VALIDATION_FAILED', 'Unknown company type', [{ path: 'body.companyTypeId', message: 'formError.companyType' }]);
        }
        const company = await repo.insertCompany(tx, { name: body.companyName, companyTypeId: body.companyTypeId, country: body.country });
        await repo.updateUser(
          tx,
          principal.userId,
          {
            status: USER_STATUS.QUALIFIED,
            userType: USER_TYPE.professional,
            profesion: body.profesion,
            companyId: company.id,
            catalogId: body.country === 'US' ? 21 : 16,
          },
          clock(),
        );
        const kept = principal.roles.map((role) => role.id).filter((id) => id !== ROLES.webUser && id !== ROLES.specifier);
        await repo.setUserRoles(tx, principal.userId, [...kept, ROLES.specifier].sort((a, b) => a - b));
        return { account: await buildAccount(tx, principal.userId), revocation: await ctx.revocations.revokeUser(principal.userId, tx) };
      });
      ctx.revocations.apply(revocation);
      accounts.delete(principal.userId);
      return account;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
