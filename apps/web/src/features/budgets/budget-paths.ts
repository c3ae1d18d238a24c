/** The pages of budgets and quotes (spec §2; issue 12), kept apart from the screens so that the project page's links cost nothing. */
export const generateBudgetPath = (projectId: number) => `/project/${projectId}/generate-budget`;
export const budgetQuotationUsaPath = (projectId: number) => `/project/${projectId}/budget-quotation-usa`;
/**
 * The public page of a quote, the address the api's e-mail links to (`<origin>/quote/<token>`): a
 * client without an account reads, downloads, accepts or asks about that one quote there.
 */
export const PUBLIC_QUOTE_ROUTE = '/quote/:token';
export const publicQuotePath = (token: string) => `/quote/${encodeURIComponent(token)}`;
