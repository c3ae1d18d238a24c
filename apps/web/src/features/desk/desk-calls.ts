import type { Lang, ProjectRegistrationInfo, RequestDetail, RequestMessage, RequestPage, RequestSummary } from '@lumen/contracts';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';

/*
 * The support desk's calls (apps/api README "Support", the desk; issue 11 §5): sales staff see their
 * catalogue's requests, admins every one; the api answers 403 to anyone else. Loads and changes show
 * their failures in place (showError false).
 */

export type RequestStatus = RequestSummary['status'];
export type RequestKind = RequestSummary['kind'];
/** What the desk may set: `received` is only where a request starts. */
export type DeskStatus = Exclude<RequestStatus, 'received'>;

export interface DeskQuery {
  status?: RequestStatus;
  kind?: RequestKind;
  search?: string;
  page: number;
  limit: number;
  lang: Lang;
}

/** GET support /v1/desk/requests: the inbox, newest first, filtered and paged. */
export const loadDeskRequests = createAsyncAction<RequestPage, DeskQuery>(
  'deskRequests',
  (query, { extra }) => extra.api.get<RequestPage>('support', '/v1/desk/requests', { ...query }),
  { showError: false },
);

/** GET support /v1/desk/requests/{id}: a request whole (message, contact, site, project as sent, files, conversation). */
export const loadDeskRequest = createAsyncAction<RequestDetail, { id: number; lang: Lang }>(
  'deskRequest',
  ({ id, lang }, { extra }) => extra.api.get<RequestDetail>('support', `/v1/desk/requests/${id}`, { lang }),
  { showError: false },
);

/** POST support /v1/desk/requests/{id}/replies: mailed to the requester and shown to them; the request becomes answered. */
export const replyToRequest = createAsyncAction<RequestMessage, { id: number; message: string }>(
  'deskReply',
  ({ id, message }, { extra }) => extra.api.post<RequestMessage>('support', `/v1/desk/requests/${id}/replies`, { message }),
  { showError: false },
);

/** PATCH support /v1/desk/requests/{id}: in progress, answered or closed; answers the request whole. */
export const setDeskRequestStatus = createAsyncAction<RequestDetail, { id: number; status: DeskStatus; lang: Lang }>(
  'deskStatus',
  ({ id, status, lang }, { extra }) => extra.api.patch<RequestDetail>('support', `/v1/desk/requests/${id}`, { status }, { lang }),
  { showError: false },
);

/**
 * GET support /v1/support-request/project-registration/{projectId}: the project's latest registration,
 * which carries what a registration asked (specifier, stage, dates); null when there is none (404).
 */
export const loadLatestRegistration = createAsyncAction<ProjectRegistrationInfo | null, { projectId: number; lang: Lang }>(
  'deskRegistration',
  async ({ projectId, lang }, { extra }) => {
    try {
      return await extra.api.get<ProjectRegistrationInfo>('support', `/v1/support-request/project-registration/${projectId}`, { lang });
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return null;
      throw error;
    }
  },
  { showError: false },
);
