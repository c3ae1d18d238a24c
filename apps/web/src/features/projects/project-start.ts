import type { Lang } from '@lumen/contracts';
import type { AppDispatch, RootState, StartLoadContext } from '../../shared/store';
import { parseProjectId, seesPrices, type ProjectListArg } from './project-call';
import { loadProjects, loadProjectTypes } from './projects-calls';
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

/**
 * At start on /projects, once the account is known: the list's first page (it takes the prefetched
 * answer) and the origin filters this user may use. With the filters in, the first render shows
 * them as they stay: their arrival after it rebuilt the filter's list in a render of its own, and the
 * page asked for them in its first commit (issue 35 §5).
 */
export async function loadProjectsAtStart({ dispatch, lang }: StartLoadContext): Promise<void> {
  const [result, types] = await Promise.all([dispatch(loadListPage()), dispatch(loadProjectTypes({}))]);
  loadedAtStart = loadProjects.fulfilled.match(result) ? { requestId: result.meta.requestId, listQuery: result.meta.arg } : null;
  typesLoadedAtStart = loadProjectTypes.fulfilled.match(types) ? lang : null;
}

let typesLoadedAtStart: Lang | null = null;

/** Whether the start loaded the origin filters in this language for the page's first render; true once. */
export function takeTypesLoadedAtStart(lang: Lang): boolean {
  const taken = typesLoadedAtStart === lang;
  typesLoadedAtStart = null;
  return taken;
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
