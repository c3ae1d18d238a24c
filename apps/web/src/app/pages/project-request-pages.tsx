import type { Project } from '@lumen/contracts';
import { hasAnyPrivilege, USER_STATUS } from '@lumen/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../features/errors';
import { parseProjectId, projectPath } from '../../features/projects/project-target';
import { BudgetRequestScreen } from '../../features/project-requests/budget-request-screen';
import { budgetRequestPath, usaBudgetRequestPath } from '../../features/project-requests/request-paths';
import { RegistrationUsaScreen } from '../../features/project-requests/registration-usa-screen';
import { UsaBudgetRequestScreen } from '../../features/project-requests/usa-budget-request-screen';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { NOT_ALLOWED_PATH } from '../guards';
import { WithProject } from './remote-page';

/*
 * The request pages of a project (issue 11 §3–§4): the project loaded by the projects feature, the
 * form by the project-requests feature. project-page-with-requests.tsx and profile-with-requests.tsx join them on the project page and
 * the profile.
 */

/** The project of the route's projectId, or the not-found page. */
function WithRouteProject({ children }: { children: (project: Project) => ReactNode }) {
  const projectId = parseProjectId(useParams().projectId);
  if (projectId === null) return <NotFoundPage />;
  return <WithProject projectId={projectId}>{children}</WithProject>;
}

/**
 * /project/{projectId}/request-budget (spec §2 budget.request; §4 project-budget): a visitor is sent
 * home and asked to log in, a web user below qualified is sent to the project and asked to qualify;
 * either lands here once the account is reloaded. Anyone else without the privilege: not allowed.
 * A United States project asks for its quote on its own page.
 */
export function BudgetRequestPage() {
  const projectId = parseProjectId(useParams().projectId);
  const { status, account } = useAppSelector((state) => state.session);
  const path = projectId === null ? null : budgetRequestPath(projectId);
  const mayAsk = account !== null && hasAnyPrivilege(account.privileges, ['budget.request']);
  const qualifies = account !== null && !mayAsk && account.status < USER_STATUS.QUALIFIED;
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (status !== 'ready' || path === null || mayAsk) return;
    if (account === null) dispatch(authModalOpened({ view: 'login', next: path, flow: 'project-budget' }));
    else if (qualifies) dispatch(authModalOpened({ view: 'qualification', next: path, flow: 'project-budget' }));
  }, [status, account, path, mayAsk, qualifies, dispatch]);

  if (status !== 'ready') return <LoadingState />;
  if (projectId === null) return <NotFoundPage />;
  if (account === null) return <Navigate to="/" replace />;
  if (qualifies) return <Navigate to={projectPath(projectId)} replace />;
  if (!mayAsk) return <Navigate to={NOT_ALLOWED_PATH} replace />;
  return <WithRouteProject>{(project) => (project.catalogId === 21 ? <Navigate to={usaBudgetRequestPath(project.id)} replace /> : <BudgetRequestScreen project={project} />)}</WithRouteProject>;
}

/** /project/{projectId}/usa-request-budget (budget.request, guarded by the router): an international project asks on the budget request page. */
export function UsaBudgetRequestPage() {
  return <WithRouteProject>{(project) => (project.catalogId === 16 ? <Navigate to={budgetRequestPath(project.id)} replace /> : <UsaBudgetRequestScreen project={project} />)}</WithRouteProject>;
}

/** /project/{projectId}/registration-usa (project.registration, guarded by the router): only United States projects are registered. */
export function RegistrationUsaPage() {
  const { t } = useTranslation();
  return (
    <WithRouteProject>
      {(project) =>
        project.catalogId === 21 ? (
          <RegistrationUsaScreen project={project} />
        ) : (
          <section className="page page--narrow" aria-labelledby="registration-int-title">
            <h1 id="registration-int-title">{t('registration.title')}</h1>
            <p role="note">{t('registration.onlyUsa')}</p>
            <Link className="text-link" to={projectPath(project.id)}>
              {t('projectRequests.toProject')}
            </Link>
          </section>
        )
      }
    </WithRouteProject>
  );
}
