import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { projectPath, projectTargetSet, selectProjectTarget } from './project-target';
import { selectProjects } from './projects-slice';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { parseProjectId } from './project-page';
import './projects.css';

/**
 * /project/{projectId}/add-product/select-collection[/{subFamilyId}]: the catalogue's collection step
 * (given as children by the router) with the project kept: it becomes the app-wide target project,
 * which the configurators' "add to project" offers first.
 */
export default function ProjectAddProduct({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const projectId = parseProjectId(useParams().projectId);

  useEffect(() => {
    if (projectId !== null) dispatch(projectTargetSet(projectId));
  }, [dispatch, projectId]);

  if (projectId === null) return <Navigate to="/projects" replace />;
  return (
    <>
      <ProjectTargetNote projectId={projectId} />
      {children}
    </>
  );
}

/**
 * The target project's note on every step of choosing a product (collection, application, model,
 * configuration, preconfigurations; issue 10 §9): the router puts it above each catalogue screen, and
 * it shows while a product is being chosen for a project (until it is added, or the user starts
 * browsing the catalogue afresh).
 */
export function ProjectTargetBanner() {
  const projectId = useAppSelector((state) => selectProjectTarget(state).projectId);
  return projectId === null ? null : <ProjectTargetNote projectId={projectId} />;
}

/** Starts browsing the catalogue for no project (the header's "Catalogue", /create-project). */
export function forgetProjectTarget() {
  return projectTargetSet(null);
}

function ProjectTargetNote({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const name = useAppSelector((state) => {
    const { data } = selectProjects(state).project;
    return data?.id === projectId ? data.name : null;
  });
  return (
    <p className="card project-target" role="note">
      <span>{name ? t('projects.add.targetNamed', { name }) : t('projects.add.target')}</span>{' '}
      <Link className="text-link" to={projectPath(projectId)}>
        {t('projects.add.backToProject')}
      </Link>
    </p>
  );
}

/** /project/{projectId}/add-product[/{subFamilyId}] → its select-collection page (spec §2). */
export function ProjectAddProductRedirect() {
  const { projectId, subFamilyId } = useParams();
  const id = parseProjectId(projectId);
  if (id === null) return <Navigate to="/projects" replace />;
  return <Navigate to={`/project/${id}/add-product/select-collection${subFamilyId && /^\d+$/.test(subFamilyId) ? `/${subFamilyId}` : ''}`} replace />;
}
