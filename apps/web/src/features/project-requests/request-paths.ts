/** The pages of a project's requests (spec §2), kept apart from the forms so that the project page's links cost nothing. */
export const projectPagePath = (projectId: number) => `/project/${projectId}`;
export const budgetRequestPath = (projectId: number) => `${projectPagePath(projectId)}/request-budget`;
export const usaBudgetRequestPath = (projectId: number) => `${projectPagePath(projectId)}/usa-request-budget`;
export const registrationUsaPath = (projectId: number) => `${projectPagePath(projectId)}/registration-usa`;
