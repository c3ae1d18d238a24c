import type { Account, Lang } from '@lumen/contracts';
import type { AppDispatch } from '../../shared/store';
import { parseProjectId, seesPrices } from './project-call';
import { loadProject } from './project-target';

/**
 * The project a start loaded for its first screen (`readyProjectPage`), taken once by the page as it
 * mounts: the page then renders it at once instead of a loading state where the server painted the
 * project's heading (apps/api first-view.ts), and does not ask for it a second time.
 */
let loadedAtStart: number | null = null;

/** What the start hands a screen's first load (app/routes.tsx, RouteHandle.ready). */
export interface StartLoadContext {
  dispatch: AppDispatch;
  account: Pick<Account, 'privileges'>;
  lang: Lang;
  params: Readonly<Record<string, string | undefined>>;
}

/** At start on /project/{projectId}, once the account is known: the page's own call (it takes the prefetched answer). */
export async function loadProjectAtStart({ dispatch, account, lang, params }: StartLoadContext): Promise<void> {
  const projectId = parseProjectId(params.projectId);
  if (projectId === null) return;
  const result = await dispatch(loadProject({ projectId, prices: seesPrices(account.privileges), lang }));
  loadedAtStart = loadProject.fulfilled.match(result) ? projectId : null;
}

/** Whether the start just loaded this project for the page's first render; true once. */
export function takeLoadedAtStart(projectId: number): boolean {
  const taken = loadedAtStart === projectId;
  loadedAtStart = null;
  return taken;
}
