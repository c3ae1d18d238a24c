import type {
  BudgetRequestBody,
  BudgetRequestInfo,
  Lang,
  ProjectRegistrationBody,
  ProjectRegistrationInfo,
  RequestDetail,
  RequestMessage,
  RequestPage,
  RequestProjectSnapshot,
  RequestSummary,
  SiteLocation,
  SupportRequestBody,
  SupportRequestCreated,
  SupportType,
  UsaBudgetRequestBody,
} from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordIdempotentResource } from '../../http/idempotency';
import type { Principal } from '../../http/sessions';
import { createRateLimiter, type RateCheck, type RatePolicy } from '../../http/rate-limits';
import type { FilesService } from '../files/files.service';
import type { ProjectsService } from '../projects/projects.service';
import {
  findLatestProjectRequest,
  findRecentVisitorRequest,
  findRequestFile,
  findSupportRequest,
  insertRequestFiles,
  insertRequestMessage,
  insertSupportRequest,
  listRequestFiles,
  listRequestMessages,
  listRequests,
  lockSupportRequest,
  type RequestListRow,
  setRequestStatus,
  type SupportRequestRow,
} from './support.repository';
import { supportAckMail, supportDeskMail, supportReplyMail } from './support.mail';
import { REQUEST_KIND_NAMES, SUPPORT_TYPES, supportTypesFor } from './support-types';

/** Support requests an account may send per hour. */
export const SUPPORT_PER_USER: RatePolicy = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Support requests a visitor's address may send per hour, and one e-mail address may claim per day. */
export const SUPPORT_PER_VISITOR_IP: RatePolicy = { limit: 5, windowMs: 60 * 60 * 1000 };
export const SUPPORT_PER_VISITOR_EMAIL: RatePolicy = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };
/** A visitor's identical request within this time is the same request (no idempotency key without an account). */
const VISITOR_DUPLICATE_MS = 10 * 60 * 1000;

/** Budget requests and registrations an account may send per hour (each mails the desk). */
export const PROJECT_REQUESTS_PER_USER: RatePolicy = { limit: 20, windowMs: 60 * 60 * 1000 };

type SupportRequestInput = z.output<typeof SupportRequestBody>;
type BudgetRequestInput = z.output<typeof BudgetRequestBody>;
type UsaBudgetRequestInput = z.output<typeof UsaBudgetRequestBody>;
type RegistrationInput = z.output<typeof ProjectRegistrationBody>;

interface RegistrationDetails {
  siteLocation: SiteLocation;
  specifier: { name: string; email: string; company: string };
  stage: RegistrationInput['stage'];
  expectedBidDate: string | null;
  expectedOrderDate: string;
  expectedInstallationDate: string | null;
  competitors: string | null;
  notes: string | null;
}

/** The project's lines as the desk reads them in the mail. */
function projectSummary(project: RequestProjectSnapshot): string {
  const lines = project.lines.slice(0, 100).map((line) => `${line.quantity} × ${line.referenceCode ?? line.model}${line.description ? ` — ${line.description}` : ''}${line.pendantHeightCm !== null ? ` (${line.pendantHeightCm} cm)` : ''}`);
  const more = project.lines.length > 100 ? [`… ${project.lines.length - 100} more`] : [];
  return [`Project #${project.id} “${project.name}”, ${project.lines.length} line(s):`, ...lines, ...more].join('\n');
}

const siteText = (site: SiteLocation): string => [site.city, site.region, site.country].filter(Boolean).join(', ');

/** Support (spec §3, §6, §7; issue 11 §2): subjects by role, requests stored, mailed to the desk and acknowledged. */
export function createSupportService(ctx: AppContext, deps: { files: FilesService; projects: ProjectsService }) {
  const { db, clock, config, mailer, background } = ctx;
  const limiter = createRateLimiter(db, clock);

  const callerRoles = (principal: Principal | null): number[] | null => (principal ? principal.roles.map((role) => role.id) : null);

  function mailBoth(input: Parameters<typeof supportDeskMail>[0]): void {
    // After the commit: the request is stored whatever the mail server does; a failed mail is logged by background.
    background.run('support-request-mails', async () => {
      await mailer.send(supportDeskMail(input, config.supportEmail));
      await mailer.send(supportAckMail(input));
    });
  }

  function requirePrivilege(principal: Principal, privilege: 'budget.request' | 'project.registration'): void {
    if (!hasAnyPrivilege(principal.privileges, [privilege])) throw new AppError('FORBIDDEN');
  }

  /**
   * The catalogues whose requests the caller answers (the desk): every one for an admin, their own
   * catalogue for sales staff, none for anyone else (undefined).
   */
  function deskCatalogues(principal: Principal): readonly number[] | null | undefined {
    const roles = principal.roles.map((role) => role.name);
    if (roles.includes('admin')) return null;
    if (roles.includes('sales')) return [principal.catalogId];
    return undefined;
  }

  function isDeskFor(principal: Principal, row: SupportRequestRow): boolean {
    const catalogues = deskCatalogues(principal);
    return catalogues === null || (catalogues !== undefined && catalogues.includes(row.catalogId));
  }

  /** The requester, or the desk of the request's catalogue, may read a request. */
  function mayRead(principal: Principal, row: SupportRequestRow): boolean {
    return row.requesterUserId === principal.userId || isDeskFor(principal, row);
  }

  function requireDesk(principal: Principal): readonly number[] | null {
    const catalogues = deskCatalogues(principal);
    if (catalogues === undefined) throw new AppError('FORBIDDEN', 'Only the support desk (sales staff and admins) answers requests');
    return catalogues;
  }

  function subjectOf(row: SupportRequestRow, lang: Lang): string {
    if (row.kind === 'support') return SUPPORT_TYPES.find((type) => type.code === row.typeCode)?.names[lang] ?? row.typeCode ?? '';
    return REQUEST_KIND_NAMES[row.kind as keyof typeof REQUEST_KIND_NAMES]?.[lang] ?? row.kind;
  }

  function summaryOf(row: RequestListRow, lang: Lang): RequestSummary {
    const snapshot = row.projectSnapshot as RequestProjectSnapshot | null;
    return {
      id: row.id,
      kind: row.kind as RequestSummary['kind'],
      status: row.status as RequestSummary['status'],
      catalogId: row.catalogId as RequestSummary['catalogId'],
      subject: subjectOf(row, lang),
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      projectId: row.projectId,
      projectName: snapshot?.name ?? null,
      files: row.files,
      replies: row.replies,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function detailOf(row: SupportRequestRow, lang: Lang): Promise<RequestDetail> {
    const [attachments, messages] = await Promise.all([listRequestFiles(db, row.id), listRequestMessages(db, row.id)]);
    const details = (row.details ?? {}) as { siteLocation?: SiteLocation };
    return {
      ...summaryOf({ ...row, files: attachments.length, replies: messages.length }, lang),
      lang: row.lang as Lang,
      message: row.message,
      contactPhone: row.contactPhone,
      contactCompany: row.contactCompany,
      siteLocation: details.siteLocation ?? null,
      project: (row.projectSnapshot as RequestProjectSnapshot | null) ?? null,
      attachments,
      messages: messages.map((message) => ({ id: message.id, authorName: message.authorName, body: message.body, createdAt: message.createdAt.toISOString() })),
    };
  }

  /** A request the caller may read, else 404 (whether it exists is not told). */
  async function readable(principal: Principal, id: number): Promise<SupportRequestRow> {
    const row = await findSupportRequest(db, id);
    if (!row || !mayRead(principal, row)) throw new AppError('NOT_FOUND', 'No such request');
    return row;
  }

  /**
   * Stores a request about a project in one transaction: the project's snapshot (renamed first when
   * asked), the request, its files; then mails the desk and the requester.
   */
  async function projectRequest(
    principal: Principal,
    input: { kind: keyof typeof REQUEST_KIND_NAMES; catalogId: number; lang: Lang; project: number; rename?: string; message: string; files: readonly string[]; details: Record<string, unknown> },
    mailText: (project: RequestProjectSnapshot) => string,
  ): Promise<SupportRequestCreated> {
    await limiter.hit([{ key: `project-request:user:${principal.userId}`, policy: PROJECT_REQUESTS_PER_USER }]);
    const now = clock();
    const { request, project, files } = await db.transaction(async (tx) => {
      const project = await deps.projects.snapshotForRequest(tx, principal, input.project, { lang: input.lang, rename: input.rename, renamePath: 'body.changeProjectName' });
      if (project.catalogId !== input.catalogId) {
        throw new AppError('VALIDATION_FAILED', `The project belongs to catalogue ${project.catalogId}`, [{ path: 'body.catalogId', message: 'formError.catalogMismatch' }]);
      }
      if (project.lines.length === 0) throw new AppError('VALIDATION_FAILED', 'The project holds no product yet', [{ path: 'body.project', message: 'formError.projectEmpty' }]);
      const request = await insertSupportRequest(tx, {
        kind: input.kind,
        status: 'received',
        catalogId: input.catalogId,
        lang: input.lang,
        requesterUserId: principal.userId,
        contactName: principal.name,
        contactEmail: principal.email,
        message: input.message,
        projectId: project.id,
        projectSnapshot: project,
        details: input.details,
        createdAt: now,
        updatedAt: now,
      });
      // The Idempotency-Key commits with the request (issue 29 §6): a retry after a crash answers it (created).
      await recordIdempotentResource(tx, { kind: 'support_request', id: request.id });
      const files = await deps.files.attach(tx, { ids: input.files, userId: principal.userId, domain: 'support', entity: input.kind, field: 'body.files' });
      await insertRequestFiles(tx, request.id, [...new Set(input.files)]);
      return { request, project, files };
    });
    mailBoth({
      id: request.id,
      lang: input.lang,
      catalogId: input.catalogId,
      subjectNames: REQUEST_KIND_NAMES[input.kind],
      message: mailText(project),
      contact: { name: principal.name, email: principal.email, phone: null, company: null },
      account: principal.email,
      files: files.map((file) => ({ name: file.name, size: file.size })),
    });
    return { id: request.id, status: 'received', createdAt: request.createdAt.toISOString() };
  }

  return {
    /** The subjects offered to the caller in `lang` (a visitor: the visitors' ones). */
    types(principal: Principal | null, query: { lang: Lang; roleIds?: number[] }): SupportType[] {
      return supportTypesFor(callerRoles(principal), query.roleIds).map((type) => ({ id: type.id, code: type.code, name: type.names[query.lang] }));
    },

    async createRequest(principal: Principal | null, ip: string, body: SupportRequestInput): Promise<SupportRequestCreated> {
      if (principal && !hasAnyPrivilege(principal.privileges, ['support.request'])) throw new AppError('FORBIDDEN');
      const type = SUPPORT_TYPES.find((candidate) => candidate.id === body.typeId);
      if (!type || !supportTypesFor(callerRoles(principal)).includes(type)) {
        throw new AppError('VALIDATION_FAILED', 'This subject is not offered to you', [{ path: 'body.typeId', message: 'formError.supportType' }]);
      }
      const given = body.contact ?? {};
      const name = principal?.name ?? given.name;
      const email = principal?.email ?? given.email;
      if (!name || !email) {
        throw new AppError('VALIDATION_FAILED', 'Say who we should answer', [
          ...(name ? [] : [{ path: 'body.contact.name', message: 'formError.required' }]),
          ...(email ? [] : [{ path: 'body.contact.email', message: 'formError.required' }]),
        ]);
      }
      const contact = { name, email, phone: given.phone ?? null, company: given.company ?? null };

      if (!principal) {
        const duplicate = await findRecentVisitorRequest(db, {
          kind: 'support',
          contactEmail: contact.email,
          typeCode: type.code,
          message: body.message,
          since: new Date(clock().getTime() - VISITOR_DUPLICATE_MS),
        });
        if (duplicate) return { id: duplicate.id, status: 'received', createdAt: duplicate.createdAt.toISOString() };
      }
      const checks: RateCheck[] = principal
        ? [{ key: `support:user:${principal.userId}`, policy: SUPPORT_PER_USER }]
        : [
            { key: `support:ip:${ip}`, policy: SUPPORT_PER_VISITOR_IP },
            { key: `support:email:${contact.email}`, policy: SUPPORT_PER_VISITOR_EMAIL },
          ];
      await limiter.hit(checks);

      const now = clock();
      const { request, files } = await db.transaction(async (tx) => {
        const request = await insertSupportRequest(tx, {
          kind: 'support',
          status: 'received',
          catalogId: body.catalogId,
          lang: body.lang,
          typeCode: type.code,
          requesterUserId: principal?.userId ?? null,
          contactName: contact.name,
          contactEmail: contact.email,
          contactPhone: contact.phone,
          contactCompany: contact.company,
          message: body.message,
          createdAt: now,
          updatedAt: now,
        });
        await recordIdempotentResource(tx, { kind: 'support_request', id: request.id });
        const files = await deps.files.attach(tx, { ids: body.files, userId: principal?.userId ?? null, domain: 'support', entity: 'support-request', field: 'body.files' });
        await insertRequestFiles(
          tx,
          request.id,
          body.files.filter((id, index) => body.files.indexOf(id) === index),
        );
        return { request, files };
      });
      mailBoth({
        id: request.id,
        lang: body.lang,
        catalogId: body.catalogId,
        subjectNames: type.names,
        message: body.message,
        contact,
        account: principal?.email ?? null,
        files: files.map((file) => ({ name: file.name, size: file.size })),
      });
      return { id: request.id, status: 'received', createdAt: request.createdAt.toISOString() };
    },

    /**
     * The answer of a create whose request committed without its answer (the process died between;
     * issue 29 §6): the request as created, for a retry of its Idempotency-Key. Its mails went with
     * the process (they are sent after the commit); the desk sees the request in its inbox.
     */
    async created(principal: Principal, id: number): Promise<SupportRequestCreated> {
      const row = await findSupportRequest(db, id);
      if (!row || row.requesterUserId !== principal.userId) throw new AppError('NOT_FOUND', 'No such request');
      return { id: row.id, status: 'received', createdAt: row.createdAt.toISOString() };
    },

    /** As created, for a desk reply (the retry of a reply's key). */
    async replied(principal: Principal, requestId: number, messageId: number): Promise<RequestMessage> {
      requireDesk(principal);
      const message = (await listRequestMessages(db, requestId)).find((row) => row.id === messageId);
      if (!message) throw new AppError('NOT_FOUND', 'No such reply');
      return { id: message.id, authorName: message.authorName, body: message.body, createdAt: message.createdAt.toISOString() };
    },

    /** A budget request (spec §3), international: description and files, the project as it is now. */
    async createBudgetRequest(principal: Principal, body: BudgetRequestInput): Promise<SupportRequestCreated> {
      requirePrivilege(principal, 'budget.request');
      return projectRequest(
        principal,
        { kind: 'project-budget', catalogId: body.catalogId, lang: body.lang, project: body.project, rename: body.changeProjectName, message: body.description, files: body.files, details: { siteLocation: body.siteLocation } },
        (project) => [`Site: ${siteText(body.siteLocation)}`, body.description, projectSummary(project)].join('\n\n'),
      );
    },

    /** The United States budget request (spec §7): no description or files, the project and its site. */
    async createUsaBudgetRequest(principal: Principal, body: UsaBudgetRequestInput): Promise<SupportRequestCreated> {
      requirePrivilege(principal, 'budget.request');
      return projectRequest(
        principal,
        { kind: 'project-budget-usa', catalogId: body.catalogId, lang: body.lang, project: body.project, rename: body.changeProjectName, message: '', files: [], details: { siteLocation: body.siteLocation } },
        (project) => [`Site: ${siteText(body.siteLocation)}`, projectSummary(project)].join('\n\n'),
      );
    },

    /** A United States project registration (spec §7), so that a representative protects the project. */
    async registerProject(principal: Principal, body: RegistrationInput): Promise<SupportRequestCreated> {
      requirePrivilege(principal, 'project.registration');
      const details: RegistrationDetails = {
        siteLocation: body.siteLocation,
        specifier: body.specifier,
        stage: body.stage,
        expectedBidDate: body.expectedBidDate ?? null,
        expectedOrderDate: body.expectedOrderDate,
        expectedInstallationDate: body.expectedInstallationDate ?? null,
        competitors: body.competitors ?? null,
        notes: body.notes ?? null,
      };
      return projectRequest(
        principal,
        { kind: 'project-registration-usa', catalogId: body.catalogId, lang: body.lang, project: body.project, message: body.notes ?? '', files: [], details: { ...details } },
        (project) =>
          [
            `Site: ${siteText(body.siteLocation)}`,
            `Specifier: ${body.specifier.name} <${body.specifier.email}>, ${body.specifier.company}`,
            `Stage: ${body.stage}; bid ${body.expectedBidDate ?? '—'}; order ${body.expectedOrderDate}; installation ${body.expectedInstallationDate ?? '—'}`,
            ...(body.competitors ? [`Competitors: ${body.competitors}`] : []),
            ...(body.notes ? [body.notes] : []),
            projectSummary(project),
          ].join('\n\n'),
      );
    },

    /** A budget request read back (GET …/info-project-budget/{id}): its requester or the desk; 404 for anyone else. */
    async budgetRequestInfo(principal: Principal, id: number): Promise<BudgetRequestInfo> {
      const row = await findSupportRequest(db, id);
      if (!row || (row.kind !== 'project-budget' && row.kind !== 'project-budget-usa') || !mayRead(principal, row) || !row.projectSnapshot) {
        throw new AppError('NOT_FOUND', 'No such budget request');
      }
      const details = (row.details ?? {}) as { siteLocation?: SiteLocation };
      return {
        id: row.id,
        kind: row.kind,
        status: row.status as BudgetRequestInfo['status'],
        createdAt: row.createdAt.toISOString(),
        siteLocation: details.siteLocation ?? { country: 'US' },
        description: row.message,
        project: row.projectSnapshot as RequestProjectSnapshot,
        files: await listRequestFiles(db, row.id),
      };
    },

    /** A project's latest registration (GET …/project-registration/{projectId}); 404 when there is none the caller may read. */
    async projectRegistration(principal: Principal, projectId: number): Promise<ProjectRegistrationInfo> {
      const row = await findLatestProjectRequest(db, projectId, 'project-registration-usa');
      if (!row || !mayRead(principal, row) || !row.projectSnapshot) throw new AppError('NOT_FOUND', 'This project has no registration');
      const details = row.details as unknown as RegistrationDetails;
      return {
        id: row.id,
        status: row.status as ProjectRegistrationInfo['status'],
        createdAt: row.createdAt.toISOString(),
        ...details,
        project: row.projectSnapshot as RequestProjectSnapshot,
      };
    },

    /** The desk's inbox: requests of the catalogues the caller answers, newest first, filtered. */
    async deskList(principal: Principal, query: { status?: string; kind?: string; search?: string; page: number; limit: number; lang?: Lang }): Promise<RequestPage> {
      const catalogIds = requireDesk(principal);
      const { rows, total } = await listRequests(db, { catalogIds, status: query.status, kind: query.kind, search: query.search, offset: (query.page - 1) * query.limit, limit: query.limit });
      const lang = query.lang ?? (principal.lang as Lang);
      return { items: rows.map((row) => summaryOf(row, lang)), total, page: query.page, limit: query.limit };
    },

    /** A request whole, for the desk (another catalogue's: 404). */
    async deskDetail(principal: Principal, id: number, lang?: Lang): Promise<RequestDetail> {
      requireDesk(principal);
      const row = await findSupportRequest(db, id);
      if (!row || !isDeskFor(principal, row)) throw new AppError('NOT_FOUND', 'No such request');
      return detailOf(row, lang ?? (principal.lang as Lang));
    },

    /** The desk replies: stored with the request (now answered) in one transaction, then mailed to the requester. */
    async reply(principal: Principal, id: number, body: { message: string }): Promise<RequestMessage> {
      requireDesk(principal);
      const now = clock();
      const { row, message } = await db.transaction(async (tx) => {
        const row = await lockSupportRequest(tx, id);
        if (!row || !isDeskFor(principal, row)) throw new AppError('NOT_FOUND', 'No such request');
        const message = await insertRequestMessage(tx, { requestId: id, authorUserId: principal.userId, authorName: principal.name, body: body.message, createdAt: now });
        await recordIdempotentResource(tx, { kind: 'support_message', id: message.id });
        await setRequestStatus(tx, id, 'answered', now);
        return { row, message };
      });
      background.run('support-request-reply-mail', async () => {
        await mailer.send(
          supportReplyMail({ id, lang: row.lang as Lang, to: row.contactEmail, name: row.contactName, author: principal.name, subject: subjectOf(row, row.lang as Lang), reply: body.message }),
        );
      });
      return { id: message.id, authorName: message.authorName, body: message.body, createdAt: message.createdAt.toISOString() };
    },

    /** The desk moves a request to in progress, answered or closed (a closed one may be reopened). */
    async setStatus(principal: Principal, id: number, status: 'in_progress' | 'answered' | 'closed', lang?: Lang): Promise<RequestDetail> {
      requireDesk(principal);
      const row = await db.transaction(async (tx) => {
        const row = await lockSupportRequest(tx, id);
        if (!row || !isDeskFor(principal, row)) throw new AppError('NOT_FOUND', 'No such request');
        await setRequestStatus(tx, id, status, clock());
        return { ...row, status };
      });
      return detailOf(row, lang ?? (principal.lang as Lang));
    },

    /** The caller's own requests (on a project when `projectId`), newest first. */
    async mine(principal: Principal, query: { projectId?: number; lang?: Lang }): Promise<RequestSummary[]> {
      const { rows } = await listRequests(db, { catalogIds: null, requesterUserId: principal.userId, projectId: query.projectId, offset: 0, limit: 100 });
      const lang = query.lang ?? (principal.lang as Lang);
      return rows.map((row) => summaryOf(row, lang));
    },

    /** One of the caller's own requests, with the desk's replies. */
    async mineDetail(principal: Principal, id: number, lang?: Lang): Promise<RequestDetail> {
      const row = await findSupportRequest(db, id);
      if (!row || row.requesterUserId !== principal.userId) throw new AppError('NOT_FOUND', 'No such request');
      return detailOf(row, lang ?? (principal.lang as Lang));
    },

    /** An attachment of a request, for its requester or the desk. */
    async attachment(principal: Principal, id: number, fileId: string) {
      const row = await readable(principal, id);
      if (!(await findRequestFile(db, row.id, fileId))) throw new AppError('NOT_FOUND', 'No such file');
      return deps.files.open(fileId);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
