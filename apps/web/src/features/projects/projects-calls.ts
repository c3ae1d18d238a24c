import type { Article, ImportResult, ProductsAdded, ProjectListPage, ProjectSummary, ProjectTypeFilter, ProjectVersion, VersionBody } from '@lumen/contracts';
import type { Lang } from '@lumen/contracts';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import { articleByReferencePath } from '../../shared/flags';
import { projectListCall, projectListVariant, versionsCall, type ProjectListArg } from './project-call';

/**
 * The projects calls of spec §7 the screens use. Loads say what went wrong in place (showError
 * false); changes a user asked for open the error dialog when they fail (showError, the default).
 */

export type { ProjectListArg };

/** The project list in the variant the flags choose (projectListCall: v1, apiv2, v3 or v3 withOutCRM). */
export const loadProjects = createAsyncAction<ProjectListPage, ProjectListArg & { reload?: boolean }>(
  'projectsList',
  (arg, { extra }) => {
    const { service, path, query } = projectListCall(arg, projectListVariant(extra.flags));
    return extra.api.get<ProjectListPage>(service, path, query);
  },
  { showError: false },
);

// Shared with the validation of a line (app/pages/validate-project-line.tsx): they live in project-target.ts.
export { loadProject, updateProduct } from './project-target';

/** PUT projects /v1/projects/{id} {name}. */
export const renameProject = createAsyncAction<ProjectSummary, { projectId: number; name: string }>('updateProject', ({ projectId, name }, { extra }) =>
  extra.api.put<ProjectSummary>('projects', `/v1/projects/${projectId}`, { name }),
);

/** What a delete answers: the project or version asked for and every project (version) it deleted. */
export interface ProjectDeletedAnswer {
  id: number;
  status: 0;
  deleted?: number[];
}

/**
 * DELETE projects /v1/projects/{id}: the project, every version of it; or, with `version`, DELETE
 * apiv2 /project/{id}/version: that version only (the others stay together).
 */
export const deleteProject = createAsyncAction<ProjectDeletedAnswer, { projectId: number; version?: boolean }>('deleteProject', ({ projectId, version }, { extra }) =>
  version ? extra.api.delete<ProjectDeletedAnswer>('apiv2', `/project/${projectId}/version`) : extra.api.delete<ProjectDeletedAnswer>('projects', `/v1/projects/${projectId}`),
);

/** POST projects /v1/projects/{id}/clone: a copy of the project (a placeholder stands in the list meanwhile). */
export const duplicateProject = createAsyncAction<ProjectSummary, { projectId: number; name: string }>('duplicateProject', ({ projectId }, { extra }) =>
  extra.api.post<ProjectSummary>('projects', `/v1/projects/${projectId}/clone`, {}),
);

/** POST apiv2 /project/{id}/version: a new version of the project (optional title). */
export const versionProject = createAsyncAction<ProjectSummary, { projectId: number; name: string; body: VersionBody }>(
  'versionProject',
  ({ projectId, body }, { extra }) => extra.api.post<ProjectSummary>('apiv2', `/project/${projectId}/version`, body ?? {}),
  // The version dialog shows the version-project status (spec §4), failure included.
  { showError: false },
);

/**
 * POST apiv2 /project/{id}/version/update {title}: the version's title changed (the api upserts the
 * version in the CRM alike). The dialog says a failure itself (showError false).
 */
export const updateVersionTitle = createAsyncAction<ProjectSummary, { projectId: number; title: string }>(
  'updateVersion',
  ({ projectId, title }, { extra }) => extra.api.post<ProjectSummary>('apiv2', `/project/${projectId}/version/update`, { title }),
  { showError: false },
);

/** GET apiv2 /project/{id}/versions (versionsCall). */
export const loadVersions = createAsyncAction<ProjectVersion[], { projectId: number }>(
  'projectVersions',
  ({ projectId }, { extra }) => extra.api.get<ProjectVersion[]>('apiv2', versionsCall(projectId).path),
  { showError: false },
);

/** PUT projects /v1/projects/{id}/import: a third-party project; a non-success import still answers 200 (spec §4). */
export const importProject = createAsyncAction<ImportResult, { projectId: number; name: string }>(
  'importProject',
  ({ projectId }, { extra }) => extra.api.put<ImportResult>('projects', `/v1/projects/${projectId}/import`),
  // The list says how an import ended, a failed call included (projects-slice.ts importNotice).
  { showError: false },
);

/** What assign-thirdparty answers: the project and who it is assigned to now. */
export interface ThirdpartyAssigned {
  projectId: number;
  isAssignedThirdparty: true;
  assignee: { email: string; name: string };
}

/**
 * POST projects /v1/projects/{id}/assign-thirdparty {email} (project.asigment.thirdparty): the
 * project is assigned to the distributor with that address, who finds it among the projects
 * assigned to them and may import it. The dialog says a refusal on its field (showError false).
 */
export const assignThirdparty = createAsyncAction<ThirdpartyAssigned, { projectId: number; email: string }>(
  'assignThirdparty',
  ({ projectId, email }, { extra }) => extra.api.post<ThirdpartyAssigned>('projects', `/v1/projects/${projectId}/assign-thirdparty`, { email }),
  { showError: false },
);

/** One origin filter of the list as the api offers it to the caller (GET projects /v1/projects/types). */
export interface ProjectTypeOption {
  code: ProjectTypeFilter;
  description: string;
}

/** GET projects /v1/projects/types {lang, catalogId}: the origin filters the caller may use. */
export const loadProjectTypes = createAsyncAction<ProjectTypeOption[], { catalogId?: number }>(
  'projectTypes',
  ({ catalogId }, { extra, getState }) => extra.api.get<ProjectTypeOption[]>('projects', '/v1/projects/types', { lang: getState().preferences.lang, catalogId }),
  { showError: false },
);

/** POST apiv2 /projects/{id}/products/{productId}/clone. */
export const cloneProduct = createAsyncAction<ProductsAdded, { projectId: number; productId: string }>('cloneProduct', ({ projectId, productId }, { extra }) =>
  extra.api.post<ProductsAdded>('apiv2', `/projects/${projectId}/products/${productId}/clone`),
);

/** DELETE projects /v1/projects/{id}/products/{productId}. */
export const deleteProduct = createAsyncAction<{ projectId: number; revision: number; productId: string }, { projectId: number; productId: string }>(
  'deleteProduct',
  ({ projectId, productId }, { extra }) => extra.api.delete('projects', `/v1/projects/${projectId}/products/${productId}`),
);

/**
 * The catalogue's article for a reference (GET products /v1/articles/references, or apiv2
 * /articles/byReference with getArticlesByReferenceV2), or null when the catalogue has none (404).
 */
export const findArticleByReference = createAsyncAction<Article | null, { reference: string; catalogId: number; lang: Lang }>(
  'addByReference',
  async ({ reference, catalogId, lang }, { extra }) => {
    try {
      return await extra.api.get<Article>(...articleByReferencePath(extra.flags), { catalogId, reference, lang });
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return null;
      throw error;
    }
  },
  { showError: false },
);

/** GET projects /v1/projects/{id}/tooltip-info: a project's short facts (spec §4: its failure shows no dialog). */
export interface ProjectTooltipInfo {
  projectId: number;
  name: string;
  productsCount: number;
  unitsCount: number;
  personalizedCount: number;
  versionsCount: number;
  updatedAt: string;
}
export const loadTooltipInfo = createAsyncAction<ProjectTooltipInfo, { projectId: number }>(
  'tooltipInfo',
  ({ projectId }, { extra }) => extra.api.get<ProjectTooltipInfo>('projects', `/v1/projects/${projectId}/tooltip-info`),
  { showError: false },
);

/** The technical documents a project's lines allow (GET projects /v1/projects/{id}/tech-info-actions). */
export type TechInfoCode = 'specSheet' | 'manual' | 'energyLabel' | '2D_3D' | 'imagesHD' | 'photometry';
export interface ProjectTechInfoActions {
  projectId: number;
  download: boolean;
  actions: { code: TechInfoCode; enabled: boolean }[];
}
export const loadTechInfoActions = createAsyncAction<ProjectTechInfoActions, { projectId: number }>(
  'techInfoActions',
  ({ projectId }, { extra }) => extra.api.get<ProjectTechInfoActions>('projects', `/v1/projects/${projectId}/tech-info-actions`),
  { showError: false },
);
