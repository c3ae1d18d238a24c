import type { AppDispatch, RootState, StartLoadContext } from '../../shared/store';
import { parseProjectId, seesPrices, type ProjectListArg } from './project-call';
import { loadProjects } from './projects-calls';
import { loadListPage, loadProjectWithVersions, selectProjects, type ListQuery } from './projects-slice';
import { loadProject } from './project-target';

/**
 * The request whose answer a start loaded for its first screen (`readyProjectPage`,
 * `readyProjectsPage`): a project, or the list's first page. The page takes it once as it mounts,
 * while the store still holds that very answer: it then renders it at once instead of a loading
 * state under the top the server painted (apps/api first-view.ts), and does not ask for it again.
 */
interface StartLoad {
  requestId: string;
  /** The list's query, for the list's load: the page may be at another by the time it takes it. */
  listQuery?: ProjectListArg;
}
let loadedAtStart: StartLoad | null = null;

function take(holds: (loaded: StartLoad) => boolean): boolean {
  const taken = loadedAtStart !== null && holds(loadedAtStart);
  loadedAtStart = null;
  return taken;
}

/** At start on /project/{projectId}, once the account is known: the page's own calls, the project and its versions (they take the prefetched answers). */
export async function loadProjectAtStart({ dispatch, account, lang, params }: StartLoadContext): Promise<void> {
  const projectId = parseProjectId(params.projectId);
  if (projectId === null) return;
  const [result] = await dispatch(loadProjectWithVersions({ projectId, prices: seesPrices(account.privileges), lang }));
  loadedAtStart = loadProject.fulfilled.match(result) ? { requestId: result.meta.requestId } : null;
}

/** At start on /projects, once the account is known: the list's first page (it takes the prefetched answer). */
export async function loadProjectsAtStart({ dispatch }: StartLoadContext): Promise<void> {
  const result = await dispatch(loadListPage());
  loadedAtStart = loadProjects.fulfilled.match(result) ? { requestId: result.meta.requestId, listQuery: result.meta.arg } : null;
}

/** Whether the store holds this project as the start just loaded it for the page's first render; true once. */
export const takeProjectLoadedAtStart =
  (projectId: number) =>
  (_dispatch: AppDispatch, getState: () => RootState): boolean => {
    const { project } = selectProjects(getState());
    return take(({ requestId }) => project.requestId === requestId && project.id === projectId);
  };

/** Whether the store holds the list's first page as the start just loaded it for the page's first render; true once. */
export const takeListLoadedAtStart =
  () =>
  (_dispatch: AppDispatch, getState: () => RootState): boolean => {
    const { list, query } = selectProjects(getState());
    return take(({ requestId, listQuery }) => list.requestId === requestId && listQuery !== undefined && (Object.keys(query) as Array<keyof ListQuery>).every((key) => query[key] === listQuery[key]));
  };
