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

/**
 * The project list's variant (spec §7: "v3 projects, v3 projects/withOutCRM, apiv2 projects/filter or
 * v1 projects/filter (variant by flags)"): projectListV3 picks v3 (projectListWithoutCrm: its
 * withOutCRM path), else projectListFromApiv2 picks apiv2, else v1.
 */
export type ProjectListVariant = 'v1' | 'apiv2' | 'v3' | 'v3WithoutCrm';

/** What a variant needs of the flags client (the start's prefetch and the list's call pass theirs). */
export interface ListFlags {
  isEnabled(key: 'projectListV3' | 'projectListWithoutCrm' | 'projectListFromApiv2'): boolean;
}

export function projectListVariant(flags: ListFlags | undefined): ProjectListVariant {
  if (flags?.isEnabled('projectListV3')) return flags.isEnabled('projectListWithoutCrm') ? 'v3WithoutCrm' : 'v3';
  return flags?.isEnabled('projectListFromApiv2') ? 'apiv2' : 'v1';
}

/** The v3 list's page: 5 projects, whatever the page size chosen (spec §9). */
export const V3_LIST_LIMIT = 5;

const LIST_PATHS: Readonly<Record<ProjectListVariant, readonly ['projects' | 'apiv2', string]>> = {
  v1: ['projects', '/v1/projects/filter'],
  apiv2: ['apiv2', '/projects/filter'],
  v3: ['projects', '/v3/projects'],
  v3WithoutCrm: ['projects', '/v3/projects/withOutCRM'],
};

/**
 * The list's call in its variant: page, search, sortBy, projectType and the page size (itemsPerPage;
 * v3 sends limit 5) (the language goes with every call).
 */
export function projectListCall({ page, itemsPerPage, search, sortBy, projectType }: ProjectListArg, variant: ProjectListVariant = 'v1') {
  const [service, path] = LIST_PATHS[variant];
  const size = variant === 'v3' || variant === 'v3WithoutCrm' ? { limit: V3_LIST_LIMIT } : { itemsPerPage };
  return {
    service,
    path,
    query: { page, ...size, search: search.trim() || undefined, sortBy, projectType: projectType === 'ALL' ? undefined : projectType },
  };
}

/** The list's query when a session starts: its first page, in the page size kept in this browser. */
export function initialListQuery(itemsPerPage: ProjectListPageSize = readPageSize()): ProjectListArg & { itemsPerPage: ProjectListPageSize } {
  return { page: 1, itemsPerPage, search: '', sortBy: 'UPDATED_RECENT', projectType: 'ALL' };
}

/** At start on /projects: sends the list's first call now; the page's loadProjects takes the answer. */
export function prefetchProjectsPage({ api, flags }: { api: ApiClient; flags?: ListFlags }): void {
  const { service, path, query } = projectListCall(initialListQuery(), projectListVariant(flags));
  api.prefetch(service, path, query);
}

/** At start on /project/{projectId}: sends the page's calls now (the project, its versions); the page's loads take the answers. */
export function prefetchProjectPage({ api, account, lang, params }: { api: ApiClient; account: Pick<Account, 'privileges'>; lang: Lang; params: Readonly<Record<string, string | undefined>> }): void {
  const projectId = parseProjectId(params.projectId);
  if (projectId === null) return;
  const { path, query } = projectCall({ projectId, prices: seesPrices(account.privileges), lang });
  api.prefetch('projects', path, query);
  api.prefetch('apiv2', versionsCall(projectId).path);
}
