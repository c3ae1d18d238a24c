import type { AuditHistoryQuery, AuditPage, AuditTrailQuery } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { figuresForCaller } from '../../http/price-view';
import { purgeAuditEvents } from '../../lib/audit';
import type { JobQueue } from '../../lib/jobs';
import * as repo from './audit.repository';

export interface AuditDeps {
  /** Whether the caller sees the project (404 otherwise): the projects service decides. */
  projectVisible: (principal: Principal, projectId: number) => Promise<unknown>;
  jobs: JobQueue;
}

const DAY_MS = 86_400_000;
export const AUDIT_PURGE_QUEUE = 'audit.purge';

/** Reading the audit trail (issue 17 §3): a project's history, a user's history, the full trail for admins. */
export function createAuditService(ctx: AppContext, deps: AuditDeps) {
  const { db } = ctx;

  /**
   * One page of rows as the caller may read them: without price.view, the details lose every price
   * and amount (a quote's or an order's net total), by the rule of every other answer (issue 29 §1).
   */
  function page(principal: Principal, query: AuditHistoryQuery, found: { items: AuditPage['items']; total: number }): AuditPage {
    const items = found.items.map((item) => ({ ...item, before: figuresForCaller(principal, item.before), after: figuresForCaller(principal, item.after) }));
    return { items, page: query.page, limit: query.limit, total: found.total };
  }

  return {
    async projectHistory(principal: Principal, projectId: number, query: AuditHistoryQuery): Promise<AuditPage> {
      await deps.projectVisible(principal, projectId);
      return page(principal, query, await repo.pageOf(db, repo.ofProject(projectId), query.limit, (query.page - 1) * query.limit));
    },

    /** Admins (backoffice) read anyone's; a company manager (company.manage.user) the users of their own company (404 otherwise). */
    async userHistory(principal: Principal, userId: number, query: AuditHistoryQuery): Promise<AuditPage> {
      const target = await repo.companyOfUser(db, userId);
      const admin = hasAnyPrivilege(principal.privileges, ['backoffice']) && !principal.actingBy;
      if (!target || (!admin && (principal.companyId === null || target.companyId !== principal.companyId))) throw new AppError('NOT_FOUND', 'No such user in your company');
      return page(principal, query, await repo.pageOf(db, repo.ofUser(userId), query.limit, (query.page - 1) * query.limit));
    },

    async trail(principal: Principal, query: AuditTrailQuery): Promise<AuditPage> {
      const where = repo.trailFilter({
        actor: query.actor,
        entity: query.entity,
        entityId: query.entityId,
        from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        before: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
      });
      return page(principal, query, await repo.pageOf(db, where, query.limit, (query.page - 1) * query.limit));
    },

    /** The retention job (lib/jobs): removes rows older than AUDIT_RETENTION_DAYS. */
    registerWorker(): void {
      deps.jobs.work(AUDIT_PURGE_QUEUE, async () => ({ removed: await purgeAuditEvents(db, ctx.clock(), ctx.config.auditRetentionDays) }));
    },

    /** Asks for today's purge once (a singleton per UTC day, whichever process asks first). */
    async schedulePurge(): Promise<void> {
      const day = ctx.clock().toISOString().slice(0, 10);
      await deps.jobs.enqueue([{ queue: AUDIT_PURGE_QUEUE, payload: {}, singletonKey: `audit.purge:${day}`, maxAttempts: 3 }]);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
