import { useParams } from 'react-router';
import { NotFoundPage } from '../../features/errors';
import { BudgetQuotationUsaScreen } from '../../features/budgets/budget-quotation-usa-screen';
import { GenerateBudgetScreen } from '../../features/budgets/generate-budget-screen';
import { PublicQuoteScreen } from '../../features/budgets/public-quote-screen';
import { parseProjectId } from '../../features/projects/project-target';

/*
 * The pages of budgets and quotes (issue 12): the budgets feature's screens at the routes of spec §2
 * (the router guards them by privilege; the api enforces privileges and the project's scope), and
 * the public quote page.
 */

/** /project/{projectId}/generate-budget (`budget` or `budget.add`). */
export function GenerateBudgetPage() {
  const projectId = parseProjectId(useParams().projectId);
  if (projectId === null) return <NotFoundPage />;
  return <GenerateBudgetScreen key={projectId} projectId={projectId} />;
}

/** /project/{projectId}/budget-quotation-usa (`project.registration`). */
export function BudgetQuotationUsaPage() {
  const projectId = parseProjectId(useParams().projectId);
  if (projectId === null) return <NotFoundPage />;
  return <BudgetQuotationUsaScreen key={projectId} projectId={projectId} />;
}

/** /quote/{token}: the quote a client got by e-mail, without an account. */
export function PublicQuotePage() {
  const token = useParams().token ?? '';
  return <PublicQuoteScreen key={token} token={token} />;
}
