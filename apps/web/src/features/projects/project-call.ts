import type { Account, Lang } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import type { ApiClient } from '../../api';

// The project page's call, spelled once for the page (loadProject, project-target.ts) and for the
// start, which sends it as soon as the account is known instead of once the page's modules have
// loaded (issue 9 §4: on a phone the modules of the page are the longest wait before its data).
// Light on purpose: the entry imports it through the router.

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

/** Whether the page asks for prices: the account holds price.view. */
export const seesPrices = (privileges: readonly string[]): boolean => hasAnyPrivilege(privileges, ['price.view']);

/** At start on /project/{projectId}: sends the page's call now; the page's loadProject takes the answer. */
export function prefetchProjectPage({ api, account, lang, params }: { api: ApiClient; account: Pick<Account, 'privileges'>; lang: Lang; params: Readonly<Record<string, string | undefined>> }): void {
  const projectId = parseProjectId(params.projectId);
  if (projectId === null) return;
  const { path, query } = projectCall({ projectId, prices: seesPrices(account.privileges), lang });
  api.prefetch('projects', path, query);
}
