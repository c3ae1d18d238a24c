import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CreateProjectBody, ProductInput, ProductsAdded, ProductUpdated, Project, ProjectSummary, UpdateProductBody } from '@lumen/contracts';
import { MAX_LENGTH, titleIssue, type FormErrorKey } from '@lumen/domain';
import { createAsyncAction } from '../../shared/async-action';
import { projectCall, type ProjectCallArg } from './project-call';
import { isSessionEnded } from '../../shared/session';
import { rootReducer } from '../../shared/store';

/**
 * The target project and what the other screens of the app reach through this feature (the app's
 * pages compose them with the configurators): the project a product is being chosen for, the
 * create, add-products, load, update and validate calls, the `:projectId` redirect template and the name rules.
 */

/** Spec §2: a redirect template may contain :projectId, replaced with the (created) project's id. */
export const PROJECT_ID_PLACEHOLDER = ':projectId';
export const PROJECT_PAGE_TEMPLATE = `/project/${PROJECT_ID_PLACEHOLDER}`;

export function fillProjectRedirect(template: string, projectId: number | string): string {
  return template.split(PROJECT_ID_PLACEHOLDER).join(encodeURIComponent(String(projectId)));
}

/** The project page path (spec §2: /project/{id}). */
export const projectPath = (projectId: number | string) => fillProjectRedirect(PROJECT_PAGE_TEMPLATE, projectId);

/**
 * Project title (≤ 50) and version title (≤ 30) in the spec's title pattern, checked with the domain's
 * titleIssue (the rule of its zod schemas, without zod: the projects pages load no schema library);
 * the answer is a translation key of the `projects.` texts, or null when the value is fine.
 */
function nameError(issue: FormErrorKey | null, kind: 'name' | 'versionTitle'): string | null {
  if (issue === null) return null;
  if (issue === 'formError.required') return 'projects.form.required';
  if (issue === 'formError.maxLength') return `projects.form.${kind}TooLong`;
  return 'projects.form.pattern';
}
export const projectNameError = (value: string): string | null => nameError(titleIssue(value, MAX_LENGTH.projectTitle), 'name');
/** A version title is optional: empty is fine. */
export const versionTitleError = (value: string): string | null => (value.trim() === '' ? null : nameError(titleIssue(value, MAX_LENGTH.versionTitle), 'versionTitle'));

/** POST projects /v1/projects {name, catalogId, products} (spec §3 creation payload). */
export const createProject = createAsyncAction<Project, CreateProjectBody>('createProject', (body, { extra }) => extra.api.post<Project>('projects', '/v1/projects', body));

/** POST projects /v1/projects/{id}/products with an array of products (spec §7). */
export const addProductsToProject = createAsyncAction<ProductsAdded, { projectId: number; products: ProductInput[] }>('addProducts', ({ projectId, products }, { extra }) =>
  extra.api.post<ProductsAdded>('projects', `/v1/projects/${projectId}/products`, products),
);

// The id of a project in a path, and the page's call: project-call.ts (light, the start uses them).
export { parseProjectId } from './project-call';

/**
 * GET projects /v1/projects/{id} with the grid's data (parseProducts) and, with price.view, prices.
 * Shared by the project page and the validation of a line (/validate/{projectId}/{productId}); the
 * projects slice keeps the project on screen.
 */
export const loadProject = createAsyncAction<Project, ProjectCallArg>(
  'getProject',
  (arg, { extra }) => {
    const { path, query } = projectCall(arg);
    return extra.api.get<Project>('projects', path, query);
  },
  { showError: false },
);

/** PUT projects /v1/projects/{id}/products/{productId}: quantity and configuration (a new reference, with expectedRevision). */
export const updateProduct = createAsyncAction<ProductUpdated, { projectId: number; productId: string; body: UpdateProductBody }>(
  'updateProduct',
  ({ projectId, productId, body }, { extra }) => extra.api.put<ProductUpdated>('projects', `/v1/projects/${projectId}/products/${productId}`, body),
);

export interface ProductValidated {
  _id: string;
  validation: { status: string };
  revision: number;
}

/** PUT apiv2 /project/{id}/product/{productId}/validate: the line is validated (configurator validation). */
export const validateProduct = createAsyncAction<ProductValidated, { projectId: number; productId: string }>('validateProduct', ({ projectId, productId }, { extra }) =>
  extra.api.put<ProductValidated>('apiv2', `/project/${projectId}/product/${productId}/validate`),
);

/** GET projects /v1/projects?type=LIST&editable=true: the projects the user may add products to, for "Add to project". */
/** versionNumber and versionTitle tell apart the versions of one project, which share its name. */
export type ProjectChoice = Pick<ProjectSummary, 'id' | 'name' | 'catalogId' | 'updatedAt'> & Partial<Pick<ProjectSummary, 'versionNumber' | 'versionTitle'>>;
export const loadProjectChoices = createAsyncAction<ProjectChoice[], { catalogId: number }>(
  'projectChoices',
  ({ catalogId }, { extra }) => extra.api.get<ProjectChoice[]>('projects', '/v1/projects', { type: 'LIST', catalogId, editable: true }),
  { showError: false },
);

export interface ProjectTargetState {
  /** The project a product is being chosen for (/project/{id}/add-product…), or null. */
  projectId: number | null;
}

const initialState: ProjectTargetState = { projectId: null };

export const projectTargetSlice = createSlice({
  name: 'projectTarget',
  initialState,
  reducers: {
    projectTargetSet(state, action: PayloadAction<number | null>) {
      state.projectId = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(addProductsToProject.fulfilled, () => initialState);
    builder.addCase(createProject.fulfilled, () => initialState);
    builder.addMatcher(isSessionEnded, () => initialState);
  },
});

export const { projectTargetSet } = projectTargetSlice.actions;

declare module '../../shared/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the store learns the slice's type
  export interface LazyLoadedSlices extends WithSlice<typeof projectTargetSlice> {}
}
/** The target project's state; the slice joins the store when this module loads. */
export const selectProjectTarget = projectTargetSlice.injectInto(rootReducer).selectSlice;
