import type { DownloadList, Lang, OpenQuoteList, OrderListPage, ProjectListPage } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/*
 * The logged-in home's reads (issue 35 §4: a dashboard of the user's work). Each is a page of a list
 * the app already reads elsewhere, asked for in its shortest form; failures show in place.
 */

/** How many items each panel shows. */
export const DASHBOARD_ITEMS = 4;

/** GET projects /v1/projects/filter: the projects changed last (every variant of the list answers the same items). */
export const loadRecentProjects = createAsyncAction<ProjectListPage, { lang: Lang }>(
  'homeRecentProjects',
  ({ lang }, { extra }) => extra.api.get<ProjectListPage>('projects', '/v1/projects/filter', { page: 1, itemsPerPage: DASHBOARD_ITEMS, sortBy: 'UPDATED_RECENT', lang }),
  { showError: false },
);

/** GET orders /v3/orders?completed=false: the orders not finished yet, newest first. */
export const loadOpenOrders = createAsyncAction<OrderListPage, { lang: Lang }>(
  'homeOpenOrders',
  ({ lang }, { extra }) => extra.api.get<OrderListPage>('orders', '/v3/orders', { page: 1, limit: DASHBOARD_ITEMS, completed: 'false', lang }),
  { showError: false },
);

/** GET documents /v1/downloads: the caller's downloads, newest first (the panel shows the first few). */
export const loadRecentDownloads = createAsyncAction<DownloadList, void>('homeRecentDownloads', (_arg, { extra }) => extra.api.get<DownloadList>('documents', '/v1/downloads'), {
  showError: false,
});

/** GET projects /v1/budget/open: the quotes the user made that are still open (issued or sent, valid), newest first. */
export const loadOpenQuotes = createAsyncAction<OpenQuoteList, void>('homeOpenQuotes', (_arg, { extra }) => extra.api.get<OpenQuoteList>('projects', '/v1/budget/open', { limit: DASHBOARD_ITEMS }), {
  showError: false,
});
