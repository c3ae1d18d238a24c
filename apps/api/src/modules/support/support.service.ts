import type { Lang, SupportRequestCreated, SupportType } from '@lumen/contracts';
import type { SupportRequestBody } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../http/sessions';
import { createRateLimiter, type RateCheck, type RatePolicy } from '../../http/rate-limits';
import type { FilesService } from '../files/files.service';
import { insertRequestFiles, insertSupportRequest, findRecentVisitorRequest } from './support.repository';
import { supportAckMail, supportDeskMail } from './support.mail';
import { SUPPORT_TYPES, supportTypesFor } from './support-types';

/** Support requests an account may send per hour. */
export const SUPPORT_PER_USER: RatePolicy = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Support requests a visitor's address may send per hour, and one e-mail address may claim per day. */
export const SUPPORT_PER_VISITOR_IP: RatePolicy = { limit: 5, windowMs: 60 * 60 * 1000 };
export const SUPPORT_PER_VISITOR_EMAIL: RatePolicy = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };
/** A visitor's identical request within this time is the same request (no idempotency key without an account). */
const VISITOR_DUPLICATE_MS = 10 * 60 * 1000;

type SupportRequestInput = z.output<typeof SupportRequestBody>;

/** Support (spec §3, §6, §7; issue 11 §2): subjects by role, requests stored, mailed to the desk and acknowledged. */
export function createSupportService(ctx: AppContext, deps: { files: FilesService }) {
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
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
