import type {
  BudgetRequestBody,
  BudgetRequestInfo,
  Lang,
  ProjectRegistrationBody,
  ProjectRegistrationInfo,
  RequestDetail,
  RequestSummary,
  SupportRequestCreated,
  UsaBudgetRequestBody,
} from '@lumen/contracts';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import { budgetRequestPath } from '../../shared/flags';

/*
 * The requests a professional sends about a project (spec §3 budget request, §7 support calls; issue
 * 11 §3–§5). The forms show their failures beside their fields or above the form (showError false);
 * a POST carries the client's Idempotency-Key, so a replay after a session refresh sends one request.
 */

/** POST support /v1/support-request/project-budget, or apiv2 /support-request/project-budget with projectRequestBudgetV2. */
export const sendBudgetRequest = createAsyncAction<SupportRequestCreated, BudgetRequestBody>(
  'projectBudgetRequest',
  (body, { extra }) => {
    const [service, path] = budgetRequestPath(extra.flags);
    return extra.api.post<SupportRequestCreated>(service, path, body);
  },
  { showError: false },
);

/** POST support /v1/support-request/project-budget-usa (catalogue 21). */
export const sendUsaBudgetRequest = createAsyncAction<SupportRequestCreated, UsaBudgetRequestBody>(
  'projectBudgetUsaRequest',
  (body, { extra }) => extra.api.post<SupportRequestCreated>('support', '/v1/support-request/project-budget-usa', body),
  { showError: false },
);

/** POST support /v1/support-request/project-registration-usa. */
export const registerProject = createAsyncAction<SupportRequestCreated, ProjectRegistrationBody>(
  'projectRegistrationUsa',
  (body, { extra }) => extra.api.post<SupportRequestCreated>('support', '/v1/support-request/project-registration-usa', body),
  { showError: false },
);

/** GET support /v1/support-request/project-registration/{projectId}: the latest registration, null when the project has none (404). */
export const loadRegistration = createAsyncAction<ProjectRegistrationInfo | null, { projectId: number; lang: Lang }>(
  'projectRegistration',
  async ({ projectId, lang }, { extra }) => {
    try {
      return await extra.api.get<ProjectRegistrationInfo>('support', `/v1/support-request/project-registration/${projectId}`, { lang, catalogId: 21 });
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return null;
      throw error;
    }
  },
  { showError: false },
);

/** GET support /v1/support-request/info-project-budget/{id}: a budget request as it was sent. */
export const loadBudgetRequestInfo = createAsyncAction<BudgetRequestInfo, { id: number; lang: Lang }>(
  'budgetRequestInfo',
  ({ id, lang }, { extra }) => extra.api.get<BudgetRequestInfo>('support', `/v1/support-request/info-project-budget/${id}`, { lang }),
  { showError: false },
);

/** GET support /v1/my-requests: the user's own requests (one project's with projectId), newest first. */
export const loadMyRequests = createAsyncAction<RequestSummary[], { projectId?: number; lang: Lang }>(
  'myRequests',
  ({ projectId, lang }, { extra }) => extra.api.get<RequestSummary[]>('support', '/v1/my-requests', { lang, ...(projectId === undefined ? {} : { projectId }) }),
  { showError: false },
);

/** GET support /v1/my-requests/{id}: one of them whole, with the desk's replies. */
export const loadMyRequest = createAsyncAction<RequestDetail, { id: number; lang: Lang }>(
  'myRequest',
  ({ id, lang }, { extra }) => extra.api.get<RequestDetail>('support', `/v1/my-requests/${id}`, { lang }),
  { showError: false },
);
