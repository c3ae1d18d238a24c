import type { BudgetList, Project } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { budgetQuotationUsaPath, generateBudgetPath } from './budget-paths';
import { loadBudgetList } from './budgets-calls';
import { PreviousBudgets } from './previous-budgets';
import { useKept } from './use-kept-remote';
import './budgets.css';

const LINK_CLASS = 'lm-button lm-button--secondary lm-button--sm budget-link';

/** Who may price a project (spec §6; the api asks the same): `budget` or `budget.add`, and `price.view`. */
function useMayBudget(): { budget: boolean; finalQuote: boolean } {
  const privileges = useAppSelector((state) => state.session.account?.privileges ?? []);
  const prices = hasAnyPrivilege(privileges, ['price.view']);
  return { budget: prices && hasAnyPrivilege(privileges, ['budget', 'budget.add']), finalQuote: prices && hasAnyPrivilege(privileges, ['project.registration']) };
}

/** The project page's ways into budgets: "Generate budget", and for a United States project "Final quote (US)". */
export function ProjectBudgetActions({ project }: { project: Project }) {
  const { t } = useTranslation();
  const may = useMayBudget();
  if (project.status === PROJECT_STATUS.DELETED) return null;
  return (
    <>
      {may.budget && (
        <Link className={LINK_CLASS} to={generateBudgetPath(project.id)}>
          {t('budgets.action.generate')}
        </Link>
      )}
      {may.finalQuote && project.catalogId === 21 && (
        <Link className={LINK_CLASS} to={budgetQuotationUsaPath(project.id)}>
          {t('budgets.action.finalQuote')}
        </Link>
      )}
    </>
  );
}

/** The project's quotes with their status (issued, sent, accepted, declined, expired), on the project page. */
export function ProjectQuotesSection({ projectId }: { projectId: number }) {
  const may = useMayBudget();
  if (!may.budget && !may.finalQuote) return null;
  return <ProjectQuotes projectId={projectId} />;
}

function ProjectQuotes({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [list, reload] = useRemote<BudgetList>(String(projectId), () => dispatch(loadBudgetList({ projectId })).unwrap());
  const kept = useKept(list);
  if (kept) return <PreviousBudgets list={kept} onChanged={reload} />;
  if (list.status === 'loading') return null;
  if (list.status === 'failed')
    return (
      <section className="card budget-previous" aria-labelledby="budget-previous-title">
        <h2 id="budget-previous-title">{t('budgets.previous.title')}</h2>
        <p role="alert">{t('budgets.previous.failed')}</p>
        <Button variant="secondary" size="sm" onPress={reload}>
          {t('budgets.retry')}
        </Button>
      </section>
    );
  return <PreviousBudgets list={list.data} onChanged={reload} />;
}
