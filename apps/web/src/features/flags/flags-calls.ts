import type { FlagDefinition, FlagHistory, FlagList, FlagSettings } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/** How many changes the history asks for at a time. */
export const HISTORY_PAGE_SIZE = 20;

/** GET masters /v1/flags: every flag with its rollout per environment and its e-mail toggles (backoffice). */
export const loadFlagList = createAsyncAction<FlagList, void>('flagList', (_arg, { extra }) => extra.api.get<FlagList>('masters', '/v1/flags'), { showError: false });

/**
 * PUT masters /v1/flags/{key}: replaces a flag's settings; the server records who, when, before and
 * after. The form shows a failure itself, so no error dialog.
 */
export const saveFlag = createAsyncAction<FlagDefinition, { key: string; settings: FlagSettings }>(
  'flagSave',
  ({ key, settings }, { extra }) => extra.api.put<FlagDefinition>('masters', `/v1/flags/${encodeURIComponent(key)}`, settings),
  { showError: false },
);

/** GET masters /v1/flags/{key}/history: the recorded changes, newest first, a page at a time. */
export const loadFlagHistory = createAsyncAction<FlagHistory, { key: string; page: number }>(
  'flagHistory',
  ({ key, page }, { extra }) => extra.api.get<FlagHistory>('masters', `/v1/flags/${encodeURIComponent(key)}/history`, { page, limit: HISTORY_PAGE_SIZE }),
  { showError: false },
);
