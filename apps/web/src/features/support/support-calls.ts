import type { CatalogId, Lang, SupportRequestBody, SupportRequestCreated, SupportType } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

export interface SupportTypesArg {
  catalogId: CatalogId;
  lang: Lang;
  /** The account's role ids (spec §6: comma-joined); none for a visitor, whom the api offers the visitors' subjects. */
  roleIds: readonly number[];
}

/** `GET support /v1/support-types` (spec §7): the subjects for the caller's roles, named in `lang`. Failure shown in place with "Try again". */
export const loadSupportTypes = createAsyncAction<SupportType[], SupportTypesArg>(
  'supportTypes',
  async ({ catalogId, lang, roleIds }, { extra }) =>
    extra.api.get<SupportType[]>('support', '/v1/support-types', { catalogId, lang, ...(roleIds.length > 0 ? { roleIds: roleIds.join(',') } : {}) }),
  { showError: false },
);

/**
 * `POST support /v1/support-request` (spec §3, §7). The client gives it an Idempotency-Key, so a
 * replay after a session refresh creates one request. Its failure is shown in the form (the
 * "support requested error" of spec §4), never in the dialog over it.
 */
export const sendSupportRequest = createAsyncAction<SupportRequestCreated, SupportRequestBody>(
  'supportRequest',
  async (body, { extra }) => extra.api.post<SupportRequestCreated>('support', '/v1/support-request', body),
  { showError: false },
);
