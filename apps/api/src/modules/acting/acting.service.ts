import type { ActingCandidatesPage, ActingCandidatesQuery, ActingState } from '@lumen/contracts';
import { ROLES, USER_STATUS } from '@lumen/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import type { Revocation } from '../../http/revocations';
import type { ActingBy } from '../../http/sessions';
import { recordAudit } from '../../lib/audit';
import type { AuthService, ClientMeta, SessionTokens } from '../auth/auth.service';
import type { FlagsService } from '../flags/flags.service';
import * as repo from './acting.repository';

/**
 * Acting as a customer (issue 17 §3): who may act for whom.
 * - Admins may act for any customer; sales representatives for the customers of the companies
 *   assigned to them (sales_company_assignments, the same data that scopes their projects).
 * - A customer is a live user (not DELETED) of a company who holds no staff role (sales, admin, api user).
 * - Nobody acts as themselves, and an acted session cannot act again.
 * Checked when acting starts and again at every refresh of the acted session (so a sales user whose
 * assignment or role is withdrawn stops acting within one access-token lifetime, at once when the
 * change revokes their tokens).
 */
export type ActingRefusal = 'not-staff' | 'not-a-customer' | 'not-served' | 'self';

function isStaff(roles: ReadonlyArray<{ id: number }>): boolean {
  return roles.some((role) => repo.STAFF_ROLE_IDS.includes(role.id));
}

function roleIds(roles: ReadonlyArray<{ id: number }>): number[] {
  return roles.map((role) => role.id);
}

/** The reason a staff member may not act as a user, or null when they may. */
export async function actingRefusal(db: DbOrTx, actor: repo.ActingPerson, subject: repo.ActingPerson): Promise<ActingRefusal | null> {
  const ids = roleIds(actor.roles);
  const admin = ids.includes(ROLES.admin);
  if (actor.status === USER_STATUS.DELETED || (!admin && !ids.includes(ROLES.sales))) return 'not-staff';
  if (actor.id === subject.id) return 'self';
  if (subject.status === USER_STATUS.DELETED || subject.companyId === null || isStaff(subject.roles)) return 'not-a-customer';
  if (!admin && !(await repo.servesCompany(db, actor.id, subject.companyId))) return 'not-served';
  return null;
}

/** The staff member behind an acted session, when they may still act as its user (auth's refresh asks). */
export async function actingCheck(db: DbOrTx, actorUserId: number, subjectUserId: number): Promise<ActingBy | undefined> {
  const [actor, subject] = await Promise.all([repo.findPerson(db, actorUserId), repo.findPerson(db, subjectUserId)]);
  if (!actor || !subject || (await actingRefusal(db, actor, subject)) !== null) return undefined;
  return { userId: actor.id, name: actor.name, email: actor.email, generation: actor.generation };
}

export interface ActingDeps {
  auth: AuthService;
  flags: FlagsService;
}

export function createActingService(ctx: AppContext, deps: ActingDeps) {
  const { db } = ctx;

  function requireStaff(principal: Principal): { admin: boolean } {
    if (principal.actingBy) throw new AppError('ACTED_SESSION_REFUSED', 'An acted session cannot act for someone else');
    const ids = roleIds(principal.roles);
    const admin = ids.includes(ROLES.admin);
    if (!admin && !ids.includes(ROLES.sales)) throw new AppError('FORBIDDEN');
    return { admin };
  }

  return {
    async candidates(principal: Principal, query: ActingCandidatesQuery): Promise<ActingCandidatesPage> {
      const { admin } = requireStaff(principal);
      const { items, total } = await repo.listCandidates(db, {
        salesUserId: admin ? null : principal.userId,
        excludeUserId: principal.userId,
        search: query.search || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: items.map((item) => ({ ...item, roles: item.roles.map((role) => role.name) })), page: query.page, limit: query.limit, total };
    },

    /**
     * Starts acting as a user: a new session for that user carrying the staff member. With the
     * impersonationWithoutLogout flag the staff member's own session stays open to return to;
     * without it, it is ended first (they log in again after stopping). Written to the trail.
     */
    async start(principal: Principal, subjectUserId: number, meta: ClientMeta): Promise<{ tokens: SessionTokens; state: ActingState; keptOwnSession: boolean }> {
      requireStaff(principal);
      const [actor, subject] = await Promise.all([repo.findPerson(db, principal.userId), repo.findPerson(db, subjectUserId)]);
      if (!subject) throw new AppError('NOT_FOUND', 'No such user');
      if (!actor) throw new AppError('UNAUTHENTICATED');
      const refusal = await actingRefusal(db, actor, subject);
      if (refusal !== null) throw new AppError('ACTING_NOT_ALLOWED', `You may not act as this user (${refusal})`);
      const keepOwnSession = await deps.flags.forCaller(principal).isEnabled('impersonationWithoutLogout');
      const revocations: Revocation[] = [];
      const tokens = await db.transaction(async (tx) => {
        if (!keepOwnSession) revocations.push(await ctx.revocations.revokeSession(principal.sessionId, 'acting-started', tx));
        const opened = await deps.auth.openActedSession(tx, subject.id, { actorUserId: actor.id, parentSessionId: keepOwnSession ? principal.sessionId : null }, meta);
        await recordAudit(tx, {
          actor: { id: actor.id, name: actor.name, email: actor.email },
          onBehalfOf: { id: subject.id, name: subject.name, email: subject.email },
          entity: 'user',
          entityId: subject.id,
          action: 'acting.start',
          after: { ownSessionKept: keepOwnSession },
          companyId: subject.companyId,
        });
        return opened;
      });
      for (const revocation of revocations) ctx.revocations.apply(revocation);
      return {
        tokens,
        keptOwnSession: keepOwnSession,
        state: {
          acting: {
            actor: { id: actor.id, name: actor.name, email: actor.email },
            subject: { id: subject.id, name: subject.name, email: subject.email },
            returnsToOwnSession: keepOwnSession,
          },
        },
      };
    },

    async state(principal: Principal): Promise<ActingState> {
      if (!principal.actingBy) return { acting: null };
      const parent = await repo.findParentSession(db, principal.sessionId);
      return {
        acting: {
          actor: { id: principal.actingBy.userId, name: principal.actingBy.name, email: principal.actingBy.email },
          subject: { id: principal.userId, name: principal.name, email: principal.email },
          returnsToOwnSession: parent !== null,
        },
      };
    },

    /**
     * Stops acting: ends the acted session (written to the trail) and, when the staff member's own
     * session was kept and its refresh token is presented, returns to it with fresh tokens.
     */
    async stop(principal: Principal, ownRefreshToken: string | undefined): Promise<{ tokens: SessionTokens | null }> {
      const actingBy = principal.actingBy;
      if (!actingBy) throw new AppError('NOT_ACTING', 'This session acts for no one');
      const parent = await repo.findParentSession(db, principal.sessionId);
      const revocation = await db.transaction(async (tx) => {
        const ended = await ctx.revocations.revokeSession(principal.sessionId, 'acting-stopped', tx);
        await recordAudit(tx, {
          actor: { id: actingBy.userId, name: actingBy.name, email: actingBy.email },
          onBehalfOf: { id: principal.userId, name: principal.name, email: principal.email },
          entity: 'user',
          entityId: principal.userId,
          action: 'acting.stop',
          companyId: principal.companyId,
        });
        return ended;
      });
      ctx.revocations.apply(revocation);
      if (parent === null) return { tokens: null };
      const own = await deps.auth.liveSessionOfRefreshToken(ownRefreshToken);
      if (!own || own.sessionId !== parent || own.userId !== actingBy.userId) return { tokens: null };
      const refreshed = await deps.auth.refresh(ownRefreshToken);
      return { tokens: refreshed.tokens };
    },
  };
}

export type ActingService = ReturnType<typeof createActingService>;
