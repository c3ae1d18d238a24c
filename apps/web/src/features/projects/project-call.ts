import type { Account, Lang, ProjectListPageSize, ProjectSort, ProjectTypeFilter } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import type { ApiClient } from '../../api';
import { readPageSize } from './page-size';

// The calls of the project page and of the projects list, each spelled once for its page
// (loadProject, project-target.ts; loadProjects, projects-calls.ts) and for the start, which sends
// it as soon as the account is known instead of once the page's modules have loaded (issue 9 §4: on
// a phone the modules of the page are the longest wait before its data). Light on purpose: the entry
// imports it through the router.

/** The id of a project in a path (/project/{projectId}…), or null when it cannot be one. */
export function parseProjectId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export interface ProjectCallArg {
  projectId: number;
  prices: boolean;
  lang: Lang;
}

/** GET projects /v1/projects/{id} with the grid's data (parseProducts) and, with price.view, prices. */
export function projectCall({ projectId, prices, lang }: ProjectCallArg) {
  return { path: `/v1/projects/${projectId}`, query: { lang, prices, parseProducts: true } };
}

/**
 * GET apiv2 /project/{id}/versions: the version family of a project. The page asks for it with the
 * project, so that the header's version switcher is there from the page's first render instead of
 * pushing the actions down once it arrives.
 */
export function versionsCall(projectId: number) {
  return { path: `/project/${projectId}/versions` };
}

/** Whether the page asks for prices: the account holds price.view. */
export const seesPrices = (privileges: readonly string[]): boolean => hasAnyPrivilege(privileges, ['price.view']);

/** The projects list's query: a page of it, searched, sorted and filtered by origin. */
export interface ProjectListArg {
  page: number;
  itemsPerPage: number;
  search: string;
  sortBy: ProjectSort;
  projectType: ProjectTypeFilter;
}

/** GET projects /v1/projects/filter: itemsPerPage, page, search, sortBy, projectType (the language goes with every call). */
export function projectListCall({ page, itemsPerPage, search, sortBy, projectType }: ProjectListArg) {
  return {
    path: '/v1/projects/filter',
    query: { page, itemsPerPage, search: search.trim() || undefined, sortBy, projectType: projectType === 'ALL' ? undefined : projectType },
  };
}

/** The list's query when a session starts: its first page, in the page size kept in this browser. */
export function initialListQuery(itemsPerPage: ProjectListPageSize = readPageSize()): ProjectListArg & { itemsPerPage: ProjectListPageSize } {
  return { page: 1, itemsPerPage, search: '', sortBy: 'UPDATED_RECENT', projectType: 'ALL' };
}

/** At start on /projects: sends the list's first call now; the page's loadProjects takes the answer. */
export function prefetchProjectsPage({ api }: { api: ApiClient }): void {
  const { path, query } = projectListCall(initialListQuery());
  api.prefetch('projects', path, query);
}

/** At start on /project/{projectId}: sends the page's calls now (the project, its versions); the page's loads take the answers. */
export function prefetchProjectPage({ api, account, lang, params }: { api: ApiClient; account: Pick<Account, 'privileges'>; lang: Lang; params: Readonly<Record<string, string | undefined>> }): void {
  const projectId = parseProjectId(params.projectId);
  if (projectId === null) return;
  const { path, query } = projectCall({ projectId, prices: seesPrices(account.privileges), lang });
  api.prefetch('projects', path, query);
  api.prefetch('apiv2', versionsCall(projectId).path);
}
