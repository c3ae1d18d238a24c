import type { Project, ProjectProduct } from '@lumen/contracts';
import { PROJECT_STATUS, PROJECT_STATUS_ACTIONS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button, Icon, Skeleton } from '@lumen/ui';
import { memo, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { parseProjectId } from './project-target';
import { takeProjectLoadedAtStart } from './project-start';
import { useFlag } from '../../shared/flags';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormat } from '../../i18n/use-format';
import { AddByReferenceModal } from './add-by-reference-modal';
import { AssignThirdpartyModal } from './assign-thirdparty-modal';
import { ProductsGrid } from './products-grid';
import { DeleteProjectModal, RenameProjectModal } from './project-dialogs';
import { duplicateAndReload, loadProjectWithVersions, selectProjects, versionsSettled } from './projects-slice';
import { useProjectVersions } from './use-project-versions';
import { VersionsSection, VersionSwitcher } from './versions-section';
import { ProjectHistorySection } from './project-history';
import './projects.css';

export { parseProjectId };

export interface ProjectPageSlots {
  /** More actions of the project's header, from another feature (the app page joins them: budget requests). */
  renderActions?: (project: Project) => ReactNode;
  /** More sections under the versions, from another feature (the requests sent about the project). */
  renderSections?: (project: Project) => ReactNode;
  /** More actions of each product line, from another feature (its documents). */
  renderLineActions?: (project: Project, product: ProjectProduct, name: string) => ReactNode;
}

/** /project/{projectId}: the project's products, its actions by status, and its versions. */
export default function ProjectPage({ renderActions, renderSections, renderLineActions }: ProjectPageSlots = {}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const projectId = parseProjectId(useParams().projectId);
  const lang = useAppSelector((state) => state.preferences.lang);
  const seesPrices = useAppSelector((state) => hasAnyPrivilege(state.session.account?.privileges ?? [], ['price.view']));
  // Rendered from a deferred copy: the project's arrival renders in a transition, which React slices
  // into short tasks, instead of the one long task of a store update (issue 9 §4).
  const current = useDeferredValue(useAppSelector((state) => selectProjects(state).project));
  // The header holds the version switcher: the project shows with its versions, so that nothing in
  // the header moves (and no action slides from under a pointer) when they arrive.
  const versionsKnown = useDeferredValue(useAppSelector((state) => projectId !== null && versionsSettled(state, projectId)));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (projectId === null) return;
    // Loaded by the start for this first render (project-start.ts): not asked for again.
    if (attempt === 0 && dispatch(takeProjectLoadedAtStart(projectId))) return;
    void dispatch(loadProjectWithVersions({ projectId, prices: seesPrices, lang }));
  }, [dispatch, projectId, seesPrices, lang, attempt]);

  // Another company's project answers 404 like one that does not exist (its id is not confirmed to
  // strangers, apps/api README): either way the user lands on the forbidden page (spec §2), which
  // says the project is not theirs to open or no longer exists. A 403 gets there through the client.
  if (projectId !== null && current.id === projectId && current.status === 'failed' && current.httpStatus === 404) {
    return <Navigate to="/error-403" replace state={{ reason: 'project' }} />;
  }
  if (projectId === null) {
    return (
      <section className="page page--narrow projects" aria-labelledby="project-missing-title">
        <h1 id="project-missing-title">{t('projects.page.notFoundTitle')}</h1>
        <p>{t('projects.page.notFound')}</p>
        <Link className="text-link" to="/projects">
          {t('projects.page.toList')}
        </Link>
      </section>
    );
  }
  if (current.id === projectId && current.status === 'failed') {
    return (
      <section className="page page--narrow projects">
        <div className="card projects__message" role="alert">
          <p>{t('projects.page.loadFailed')}</p>
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            {t('projects.retry')}
          </Button>
        </div>
      </section>
    );
  }
  if (current.id !== projectId || !current.data || !versionsKnown) {
    return (
      <section className="page projects" role="status" aria-live="polite">
        <span className="lm-visually-hidden">{t('common.loading')}</span>
        <Skeleton width="40%" height="2.5rem" />
        <div className="card">
          <Skeleton lines={6} />
        </div>
      </section>
    );
  }
  return <ProjectView project={current.data} seesPrices={seesPrices} renderActions={renderActions} renderSections={renderSections} renderLineActions={renderLineActions} />;
}

type Dialog = 'rename' | 'delete' | 'reference' | 'assign' | null;

interface ProjectViewProps {
  project: Project;
  seesPrices: boolean;
  renderActions: ProjectPageSlots['renderActions'] | undefined;
  renderSections: ProjectPageSlots['renderSections'] | undefined;
  renderLineActions: ProjectPageSlots['renderLineActions'] | undefined;
}

const ProjectView = memo(function ProjectView({ project, seesPrices, renderActions, renderSections, renderLineActions }: ProjectViewProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const format = useFormat();
  const privileges = useAppSelector((state) => state.session.account?.privileges ?? []);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { remote: versions, retry: retryVersions } = useProjectVersions(project);
  // What lies below the lines (versions, the other features' sections, the history) renders in a
  // render of its own, after the page's first one: that one (the header and the first lines) is
  // the largest paint, and its commit is a long task when it inserts everything at once.
  const belowReady = useDeferredValue(true, false);
  const family = versions.status === 'ready' ? versions.versions : [];

  // One function per project answer, so the memoised lines re-render only when the project does.
  const lineActions = useMemo(() => (renderLineActions ? (product: ProjectProduct, name: string) => renderLineActions(project, product, name) : undefined), [renderLineActions, project]);
  const statusActions = PROJECT_STATUS_ACTIONS[project.status];
  const editable = project.status === PROJECT_STATUS.EDITION && project.permissions.edit;
  const canRename = statusActions.includes('editName') && project.permissions.edit;
  // Deleting the project deletes every version: not while one of them is ordered (its versions in progress go one by one).
  const canDelete = statusActions.includes('delete') && project.permissions.delete && !family.some((version) => version.status !== PROJECT_STATUS.EDITION);
  // hideCloneProjectButton hides duplicating (the api refuses it alike).
  const cloneHidden = useFlag('hideCloneProjectButton');
  const canClone = !cloneHidden && project.status !== PROJECT_STATUS.DELETED && project.permissions.clone && hasAnyPrivilege(privileges, ['project.clone']);
  // The owner with project.asigment.thirdparty, while the project is in EDITION (the api decides it: permissions).
  const canAssign = project.permissions.assignThirdparty && hasAnyPrivilege(privileges, ['project.asigment.thirdparty']);
  const canAddByReference = editable && project.permissions.addByReference && hasAnyPrivilege(privileges, ['product.add.reference']);

  /** The list shows the copy's placeholder on top while it is made, then the copy (spec §4). */
  function duplicate() {
    void dispatch(duplicateAndReload({ projectId: project.id, name: project.name }));
    void navigate('/projects');
  }

  return (
    <section className="page projects project" aria-labelledby="project-title">
      <nav className="project__crumbs" aria-label={t('projects.page.crumbs')}>
        <Link className="text-link" to="/projects">
          {t('projects.list.title')}
        </Link>
      </nav>
      <header className="project__header">
        <div className="project__heading">
          <p className="page-eyebrow">
            {t('projects.page.eyebrow')}
            {project.versionNumber > 1 && ` · ${t('projects.item.version', { number: project.versionNumber })}`}
            {project.versionTitle && ` · ${project.versionTitle}`}
          </p>
          <h1 id="project-title">{project.name}</h1>
          <p className="projects__item-facts">
            <span>{t(`projects.status.${project.status}`)}</span>
            <span>{t('projects.item.updated', { date: format.date(project.updatedAt) })}</span>
            <span>{t(`projects.catalog.${project.catalogId}`)}</span>
            {project.origin !== 'OWN' && <span>{t('projects.item.owner', { name: project.owner.name })}</span>}
          </p>
          <VersionSwitcher project={project} remote={versions} />
        </div>
        <div className="project__actions">
          {renderActions?.(project)}
          {canRename && (
            <Button variant="secondary" size="sm" onPress={() => setDialog('rename')}>
              {t('projects.rename.action')}
            </Button>
          )}
          {canClone && (
            <Button variant="secondary" size="sm" onPress={duplicate}>
              {t('projects.duplicate.action')}
            </Button>
          )}
          {canAssign && (
            <Button variant="secondary" size="sm" onPress={() => setDialog('assign')}>
              {t('projects.assign.action')}
            </Button>
          )}
          {canDelete && (
            <Button variant="ghost" size="sm" onPress={() => setDialog('delete')}>
              {t('projects.delete.action')}
            </Button>
          )}
        </div>
      </header>

      {project.status !== PROJECT_STATUS.EDITION && (
        <p className="card project__notice" role="note">
          {t(project.status === PROJECT_STATUS.ORDER ? 'projects.page.readOnlyOrder' : 'projects.page.readOnlyDeleted')}
        </p>
      )}

      <section className="project__products" aria-labelledby="project-products-title">
        <div className="project__section-header">
          <h2 id="project-products-title">{t('projects.grid.title', { count: project.products.length })}</h2>
          {editable && (
            <div className="project__actions">
              <Link className="lm-button lm-button--primary lm-button--sm project__link-button" to={`/project/${project.id}/add-product`}>
                <Icon name="plus" size={16} aria-hidden="true" />
                {t('projects.add.fromCatalogue')}
              </Link>
              {canAddByReference && (
                <Button variant="secondary" size="sm" onPress={() => setDialog('reference')}>
                  {t('projects.reference.action')}
                </Button>
              )}
            </div>
          )}
        </div>
        <ProductsGrid project={project} editable={editable} seesPrices={seesPrices} renderLineActions={lineActions} />
      </section>

      {belowReady && (
        <>
          <VersionsSection project={project} remote={versions} onRetry={retryVersions} />
          {renderSections?.(project)}
          <ProjectHistorySection project={project} />
        </>
      )}

      {dialog === 'rename' && <RenameProjectModal project={project} versionsCount={family.length} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteProjectModal project={project} versionsCount={family.length} onClose={() => setDialog(null)} />}
      {dialog === 'reference' && <AddByReferenceModal project={project} onClose={() => setDialog(null)} />}
      {dialog === 'assign' && <AssignThirdpartyModal project={project} onClose={() => setDialog(null)} />}
    </section>
  );
});
