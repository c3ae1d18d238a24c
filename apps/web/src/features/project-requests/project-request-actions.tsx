import type { Project } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { hasAnyPrivilege, USER_STATUS } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { budgetRequestPath, registrationUsaPath, usaBudgetRequestPath } from './request-paths';
import './project-requests.css';

const LINK_CLASS = 'lm-button lm-button--secondary lm-button--sm project-request__link';

/**
 * The project page's ways into the requests, by catalogue and privilege (the api enforces them
 * alike): an international project offers "Ask for a budget" (budget.request), also to a web user
 * below qualified, who qualifies first (spec §4 project-budget); a United States project offers the
 * quote request (budget.request) and the registration (project.registration).
 */
export function ProjectRequestActions({ project }: { project: Project }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  if (!account || project.status === PROJECT_STATUS.DELETED) return null;
  const may = (privilege: 'budget.request' | 'project.registration') => hasAnyPrivilege(account.privileges, [privilege]);

  if (project.catalogId === 16) {
    if (may('budget.request'))
      return (
        <Link className={LINK_CLASS} to={budgetRequestPath(project.id)}>
          {t('budgetRequest.action')}
        </Link>
      );
    if (account.status < USER_STATUS.QUALIFIED)
      return (
        <Button variant="secondary" size="sm" onPress={() => dispatch(authModalOpened({ view: 'qualification', next: budgetRequestPath(project.id), flow: 'project-budget' }))}>
          {t('budgetRequest.action')}
        </Button>
      );
    return null;
  }
  return (
    <>
      {may('budget.request') && (
        <Link className={LINK_CLASS} to={usaBudgetRequestPath(project.id)}>
          {t('usaBudgetRequest.action')}
        </Link>
      )}
      {may('project.registration') && (
        <Link className={LINK_CLASS} to={registrationUsaPath(project.id)}>
          {t('registration.action')}
        </Link>
      )}
    </>
  );
}
