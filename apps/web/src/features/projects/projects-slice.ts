import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Project, ProjectListItem, ProjectListMeta, ProjectListPageSize, ProjectSort, ProjectSummary, ProjectTypeFilter, ProjectVersion } from '@lumen/contracts';
import { PROJECT_LIST_RELOAD_ITEMS } from '@lumen/contracts/constants';
import { DEFAULT_PAGE_SIZE, storePageSize } from './page-size';
import { initialListQuery } from './project-call';
import { addProductsToProject, validateProduct } from './project-target';
import { isSessionEnded } from '../../shared/session';
import { rootReducer, type AppDispatch, type RootState } from '../../shared/store';
import {
  cloneProduct,
  deleteProduct,
  deleteProject,
  duplicateProject,
  importProject,
  loadProject,
  loadProjectTypes,
  loadProjects,
  loadVersions,
  renameProject,
  updateVersionTitle,
  updateProduct,
  versionProject,
  type ProjectListArg,
  type ProjectTypeOption,
} from './projects-calls';

export const LIST_ORIGINS = ['ALL', 'IMPORTER', 'THIRDPARTY', 'ASSIGNED'] as const satisfies readonly ProjectTypeFilter[];

/** How the last import of an assigned project ended (spec §4: a 404 or 400 is a non-success answered 200). */
export interface ImportNotice {
  name: string;
  /** The project made by a successful import. */
  projectId: number | null;
  /** 200 on success; 404 (no longer assigned to the caller) or 400 (already imported); 0 when the call failed. */
  status: number;
}

export type PlaceholderKind = 'import' | 'clone' | 'version';
export interface Placeholder {
  key: string;
  kind: PlaceholderKind;
  /** The name of the project being copied. */
  name: string;
}

/** The versions of the project on screen (GET apiv2 /project/{id}/versions). */
export type VersionsRemote = { status: 'loading' } | { status: 'ready'; versions: ProjectVersion[] } | { status: 'failed' };

/** Spec §4: the version-project status, null until asked, with an explicit reset. */
export type VersionStatus = null | 'loading' | 'success' | 'failure';

export interface ListQuery {
  page: number;
  /** Projects (version families) per page: 10, 25 or 50, the user's choice kept in this browser. */
  itemsPerPage: ProjectListPageSize;
  search: string;
  sortBy: ProjectSort;
  projectType: ProjectTypeFilter;
}

export interface ProjectsState {
  /** The list's search, sort, origin and page: kept while the user visits a project and comes back. */
  query: ListQuery;
  list: {
    status: 'idle' | 'loading' | 'ready' | 'failed';
    items: ProjectListItem[];
    meta: ProjectListMeta | null;
    /** The api refused the search (a 400 on querystring.search): its message key, shown on the field. */
    searchError: string | null;
    requestId: string | null;
    /** Projects a duplicate or version just made: they stay on top when the list reloads. */
    fresh: ProjectSummary[];
  };
  placeholders: Placeholder[];
  /** The origin filters the api offers this user (GET v1/projects/types); null until they arrive. */
  types: ProjectTypeOption[] | null;
  importNotice: ImportNotice | null;
  versionStatus: VersionStatus;
  /** The last version made, to offer opening it. */
  lastVersion: ProjectSummary | null;
  project: { id: number | null; status: 'loading' | 'ready' | 'failed'; data: Project | null; httpStatus: number; requestId: string | null };
  /**
   * The versions of the project on screen, loaded with it: the page waits for both (its header holds
   * the version switcher). `settled`: an answer (or a failure) came for this project; reading them
   * again (a retry) keeps the page, only the versions section shows it loads.
   */
  versions: { projectId: number | null; remote: VersionsRemote; requestId: string | null; settled: boolean };
}

const initialState: ProjectsState = {
  query: initialListQuery(DEFAULT_PAGE_SIZE),
  list: { status: 'idle', items: [], meta: null, requestId: null, fresh: [], searchError: null },
  placeholders: [],
  types: null,
  importNotice: null,
  versionStatus: null,
  lastVersion: null,
  project: { id: null, status: 'loading', data: null, httpStatus: 0, requestId: null },
  versions: { projectId: null, remote: { status: 'loading' }, requestId: null, settled: false },
};

/** The state a session starts with: the page size is the browser's. */
function freshState(): ProjectsState {
  return { ...initialState, query: initialListQuery() };
}

/** Whether a failed list call is the api refusing the search: its message key then, else null. */
function searchErrorOf(error: { ErrorCode: number; fields?: Array<{ path: string; message: string }> } | undefined): string | null {
  if (error?.ErrorCode !== 400) return null;
  const field = error.fields?.find((item) => item.path === 'querystring.search');
  return field ? field.message : null;
}

function withoutDuplicates<T extends ProjectSummary>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

function httpStatusOf(payload: { error: { ErrorCode: number } } | undefined): number {
  return payload?.error.ErrorCode ?? 0;
}

export const projectsSlice = createSlice({
  name: 'projects',
  initialState: freshState,
  reducers: {
    /** Search, sort or origin changed: back to the first page. A page change keeps the rest. */
    listQueryChanged(state, action: PayloadAction<Partial<ListQuery>>) {
      const next = { ...state.query, ...action.payload };
      if (action.payload.page === undefined) next.page = 1;
      if (action.payload.itemsPerPage !== undefined) storePageSize(action.payload.itemsPerPage);
      state.query = next;
    },
    importNoticeDismissed(state) {
      state.importNotice = null;
    },
    versionStatusReset(state) {
      state.versionStatus = null;
      state.lastVersion = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadProjects.pending, (state, action) => {
        state.list.status = 'loading';
        state.list.requestId = action.meta.requestId;
      })
      .addCase(loadProjects.fulfilled, (state, action) => {
        if (state.list.requestId !== action.meta.requestId) return;
        const { items, meta } = action.payload;
        state.list.status = 'ready';
        state.list.searchError = null;
        if (action.meta.arg.reload) {
          // After a duplicate or a version: the new project on top, then the reloaded first items.
          const size = state.query.itemsPerPage;
          state.list.items = withoutDuplicates([...state.list.fresh, ...items]).slice(0, size);
          state.list.meta = { ...meta, page: 1, itemsPerPage: size, totalPages: Math.max(1, Math.ceil(meta.totalItems / size)) };
          state.query.page = 1;
        } else {
          state.list.items = items;
          state.list.meta = meta;
        }
        state.list.fresh = [];
      })
      .addCase(loadProjects.rejected, (state, action) => {
        if (state.list.requestId !== action.meta.requestId) return;
        // A search the api refuses is the user's to correct: said on the field, the list stays as it was.
        const searchError = searchErrorOf(action.payload?.error);
        state.list.searchError = searchError;
        state.list.status = searchError ? 'ready' : 'failed';
      })
      // Placeholders (spec §4): on top while a project is imported, cloned or versioned.
      .addCase(duplicateProject.pending, (state, action) => {
        state.placeholders.unshift({ key: action.meta.requestId, kind: 'clone', name: action.meta.arg.name });
      })
      .addCase(versionProject.pending, (state, action) => {
        state.placeholders.unshift({ key: action.meta.requestId, kind: 'version', name: action.meta.arg.name });
        state.versionStatus = 'loading';
        state.lastVersion = null;
      })
      .addCase(importProject.pending, (state, action) => {
        state.placeholders.unshift({ key: action.meta.requestId, kind: 'import', name: action.meta.arg.name });
        state.importNotice = null;
      })
      .addCase(loadProjectTypes.fulfilled, (state, action) => {
        state.types = action.payload;
      })
      .addCase(duplicateProject.fulfilled, (state, action) => {
        replacePlaceholder(state, action.meta.requestId, action.payload);
      })
      .addCase(versionProject.fulfilled, (state, action) => {
        replacePlaceholder(state, action.meta.requestId, action.payload);
        state.versionStatus = 'success';
        state.lastVersion = action.payload;
      })
      .addCase(importProject.fulfilled, (state, action) => {
        const made = action.payload.success ? (action.payload.project ?? null) : null;
        replacePlaceholder(state, action.meta.requestId, made);
        state.importNotice = { name: action.meta.arg.name, projectId: made?.id ?? null, status: made ? 200 : action.payload.status };
      })
      .addCase(duplicateProject.rejected, (state, action) => {
        replacePlaceholder(state, action.meta.requestId, null);
      })
      .addCase(versionProject.rejected, (state, action) => {
        replacePlaceholder(state, action.meta.requestId, null);
        state.versionStatus = 'failure';
      })
      .addCase(importProject.rejected, (state, action) => {
        replacePlaceholder(state, action.meta.requestId, null);
        state.importNotice = { name: action.meta.arg.name, projectId: null, status: action.payload?.error.ErrorCode ?? 0 };
      })
      // The project page.
      .addCase(loadProject.pending, (state, action) => {
        const same = state.project.id === action.meta.arg.projectId && state.project.data !== null;
        state.project = {
          id: action.meta.arg.projectId,
          // Reloading the project on screen keeps it visible.
          status: same ? state.project.status : 'loading',
          data: same ? state.project.data : null,
          httpStatus: 0,
          requestId: action.meta.requestId,
        };
      })
      .addCase(loadProject.fulfilled, (state, action) => {
        if (state.project.requestId !== action.meta.requestId) return;
        state.project.status = 'ready';
        state.project.data = action.payload;
      })
      .addCase(loadProject.rejected, (state, action) => {
        if (state.project.requestId !== action.meta.requestId) return;
        if (state.project.data) return; // a failed quiet reload leaves the project as it was
        state.project.status = 'failed';
        state.project.httpStatus = httpStatusOf(action.payload);
      })
      .addCase(loadVersions.pending, (state, action) => {
        const { projectId } = action.meta.arg;
        const { remote } = state.versions;
        // Another version of the family on screen (or the same read again): the list stays while it is read.
        const kept = remote.status === 'ready' && remote.versions.some((version) => version.id === projectId);
        const settled = kept || (state.versions.projectId === projectId && state.versions.settled);
        state.versions = { projectId, remote: kept ? remote : { status: 'loading' }, requestId: action.meta.requestId, settled };
      })
      .addCase(loadVersions.fulfilled, (state, action) => {
        if (state.versions.requestId !== action.meta.requestId) return;
        state.versions.remote = { status: 'ready', versions: action.payload };
        state.versions.settled = true;
      })
      .addCase(loadVersions.rejected, (state, action) => {
        if (state.versions.requestId !== action.meta.requestId) return;
        state.versions.remote = { status: 'failed' };
        state.versions.settled = true;
      })
      .addCase(updateVersionTitle.fulfilled, (state, action) => {
        // A version's title is that version's own: the page and its place in the versions list take it.
        const { id, versionTitle, revision, updatedAt } = action.payload;
        if (state.project.data?.id === id) Object.assign(state.project.data, { versionTitle, revision, updatedAt });
        if (state.versions.remote.status === 'ready') for (const version of state.versions.remote.versions) if (version.id === id) Object.assign(version, { versionTitle, updatedAt });
      })
      .addCase(renameProject.fulfilled, (state, action) => {
        // A name is the project's: every version in the list takes it (the api renamed them all).
        const { id, name, revision, updatedAt, versionOf } = action.payload;
        if (state.project.data?.id === id) Object.assign(state.project.data, { name, revision, updatedAt });
        for (const item of state.list.items) {
          if (item.versionOf !== versionOf) continue;
          if (item.status === 1) item.name = name;
          for (const version of item.versions ?? []) if (version.status === 1) version.name = name;
        }
      })
      .addCase(deleteProject.fulfilled, (state, action) => {
        const { projectId } = action.meta.arg;
        const gone = new Set([projectId, ...(action.payload.deleted ?? [])]);
        state.list.items = state.list.items.filter((item) => !gone.has(item.id));
        for (const item of state.list.items) if (item.versions) item.versions = item.versions.filter((version) => !gone.has(version.id));
        if (state.project.id !== null && gone.has(state.project.id)) state.project = initialState.project;
        if (state.versions.projectId !== null && gone.has(state.versions.projectId)) state.versions = initialState.versions;
      })
      .addCase(updateProduct.pending, (state, action) => {
        const { projectId, productId, body } = action.meta.arg;
        const product = state.project.data?.id === projectId ? state.project.data.products.find((item) => item._id === productId) : undefined;
        if (product && body.quantity !== undefined) product.quantity = body.quantity;
      })
      .addCase(updateProduct.fulfilled, (state, action) => {
        const data = state.project.data;
        if (data?.id !== action.payload.projectId) return;
        data.revision = action.payload.revision;
        const index = data.products.findIndex((item) => item._id === action.payload.product._id);
        const current = data.products[index];
        if (current) data.products[index] = { ...current, ...action.payload.product };
      })
      .addCase(validateProduct.fulfilled, (state, action) => {
        const data = state.project.data;
        if (data?.id !== action.meta.arg.projectId) return;
        data.revision = action.payload.revision;
        const product = data.products.find((item) => item._id === action.meta.arg.productId);
        if (product) product.validation = { status: action.payload.validation.status };
      })
      .addCase(cloneProduct.fulfilled, (state, action) => {
        const data = state.project.data;
        if (data?.id !== action.payload.projectId) return;
        data.revision = action.payload.revision;
        const index = data.products.findIndex((item) => item._id === action.meta.arg.productId);
        data.products.splice(index < 0 ? data.products.length : index + 1, 0, ...action.payload.products);
      })
      .addCase(deleteProduct.fulfilled, (state, action) => {
        const data = state.project.data;
        if (data?.id !== action.meta.arg.projectId) return;
        data.products = data.products.filter((item) => item._id !== action.meta.arg.productId);
      })
      .addCase(addProductsToProject.fulfilled, (state, action) => {
        const data = state.project.data;
        if (data?.id !== action.payload.projectId) return;
        data.revision = action.payload.revision;
        data.products.push(...action.payload.products);
      })
      .addMatcher(isSessionEnded, () => freshState());
  },
});

function replacePlaceholder(state: ProjectsState, key: string, project: ProjectSummary | null) {
  state.placeholders = state.placeholders.filter((item) => item.key !== key);
  if (!project) return;
  state.list.items = withoutDuplicates([project, ...state.list.items]);
  state.list.fresh = withoutDuplicates([project, ...state.list.fresh]);
}

export const { importNoticeDismissed, listQueryChanged, versionStatusReset } = projectsSlice.actions;

declare module '../../shared/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the store learns the slice's type
  export interface LazyLoadedSlices extends WithSlice<typeof projectsSlice> {}
}
/** The projects state; the slice joins the store when the feature loads. */
export const selectProjects = projectsSlice.injectInto(rootReducer).selectSlice;

function listArg(query: ListQuery): ProjectListArg {
  return { ...query };
}

/** Loads the list's current page. */
export function loadListPage() {
  return (dispatch: AppDispatch, getState: () => RootState) => dispatch(loadProjects(listArg(selectProjects(getState()).query)));
}

/** After a duplicate or a version the list reloads its first 4 items under the new project (spec §4, §9). */
function reloadAfterCopy() {
  return (dispatch: AppDispatch, getState: () => RootState) =>
    dispatch(loadProjects({ ...listArg(selectProjects(getState()).query), page: 1, itemsPerPage: PROJECT_LIST_RELOAD_ITEMS, reload: true }));
}

/** The project page's data: the project and its versions, asked for together (the page shows them together). */
export function loadProjectWithVersions(arg: Parameters<typeof loadProject>[0]) {
  return (dispatch: AppDispatch) => Promise.all([dispatch(loadProject(arg)), dispatch(loadVersions({ projectId: arg.projectId }))]);
}

/** Whether the versions of this project have been answered (or failed to load): the page renders the project then. */
export const versionsSettled = (state: RootState, projectId: number): boolean => {
  const { versions } = selectProjects(state);
  return versions.projectId === projectId && versions.settled;
};

export function duplicateAndReload(arg: { projectId: number; name: string }) {
  return async (dispatch: AppDispatch) => {
    const result = await dispatch(duplicateProject(arg));
    if (duplicateProject.fulfilled.match(result)) await dispatch(reloadAfterCopy());
    return result;
  };
}

export function versionAndReload(arg: Parameters<typeof versionProject>[0]) {
  return async (dispatch: AppDispatch) => {
    const result = await dispatch(versionProject(arg));
    if (versionProject.fulfilled.match(result)) await dispatch(reloadAfterCopy());
    return result;
  };
}
