import type { ProjectListItem, ProjectListPageSize, ProjectSort, ProjectTypeFilter } from '@lumen/contracts';
import { PROJECT_LIST_PAGE_SIZES, PROJECT_SEARCH_MAX_LENGTH, PROJECT_SORTS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button, Icon, Pager, Select, Skeleton, TextField } from '@lumen/ui';
import { memo, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPath } from './project-target';
import { useFlag } from '../../shared/flags';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormat } from '../../i18n/use-format';
import { CreateProjectModal } from './create-project-modal';
import { duplicateAndReload, importNoticeDismissed, LIST_ORIGINS, listQueryChanged, loadListPage, selectProjects, type ImportNotice, type Placeholder } from './projects-slice';
import { importProject, loadProjectTypes } from './projects-calls';
import { isPageSize } from './page-size';
import { takeListLoadedAtStart, takeTypesLoadedAtStart } from './project-start';
import { useVersionLabel } from './version-label';
import { ProjectFacts } from './project-facts';
import './projects.css';
import './project-list.css';

/** Typing in the search waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 400;

/** /projects: the user's projects with search, sorts, origin filters and paging; create and duplicate. */
export default function ProjectsPage() {
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const projects = useAppSelector(selectProjects);
  const canCreate = account ? hasAnyPrivilege(account.privileges, ['project.add']) : false;

  // Keyed on the query's values, not its object: until the slice's first action the selector answers
  // a new initial state each time, and the list was asked for twice.
  const { page, itemsPerPage, search, sortBy, projectType } = projects.query;
  useEffect(() => {
    // The list's first page loaded by the start for this first render (project-start.ts): not asked for again.
    if (dispatch(takeListLoadedAtStart())) return;
    void dispatch(loadListPage());
  }, [dispatch, page, itemsPerPage, search, sortBy, projectType, lang]);

  // The origin filters this user may use, in their language (GET v1/projects/types); the start may have loaded them.
  useEffect(() => {
    if (takeTypesLoadedAtStart(lang)) return;
    void dispatch(loadProjectTypes({}));
  }, [dispatch, lang]);

  // The page renders from a deferred copy: a store update renders at once, in one long task; the
  // list's arrival then renders in a transition, which React slices into short tasks (issue 9 §4).
  return <ProjectsView projects={useDeferredValue(projects)} canCreate={canCreate} />;
}

const ProjectsView = memo(function ProjectsView({ projects, canCreate }: { projects: ReturnType<typeof selectProjects>; canCreate: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { query, list, placeholders } = projects;
  const [creating, setCreating] = useState(false);

  const meta = list.meta;
  const totalPages = meta?.totalPages ?? 1;
  const page = meta?.page ?? query.page;
  const filtered = query.search.trim() !== '' || query.projectType !== 'ALL';
  // The v3 list has 5 projects a page whatever the size chosen (spec §9): no size to choose then.
  const fixedPageSize = useFlag('projectListV3');

  return (
    <section className="page projects" aria-labelledby="projects-title">
      <header className="projects__header">
        <div>
          <h1 id="projects-title">{t('projects.list.title')}</h1>
          <p className="projects__lead">{t('projects.list.lead')}</p>
        </div>
        {canCreate && (
          <Button onPress={() => setCreating(true)}>
            <Icon name="plus" size={18} aria-hidden="true" />
            {t('projects.create.action')}
          </Button>
        )}
      </header>

      <ListToolbar />

      {projects.importNotice && <ImportNoticeCard notice={projects.importNotice} />}

      <div className="projects__count" role="status" aria-live="polite">
        {list.status === 'ready' && meta ? t('projects.list.count', { count: meta.totalItems }) : ''}
      </div>

      {list.status === 'failed' ? (
        <div className="card projects__message" role="alert">
          <p>{t('projects.list.loadFailed')}</p>
          <Button variant="secondary" onPress={() => void dispatch(loadListPage())}>
            {t('projects.retry')}
          </Button>
        </div>
      ) : list.status !== 'ready' && list.items.length === 0 && placeholders.length === 0 ? (
        <ListSkeleton />
      ) : list.items.length === 0 && placeholders.length === 0 ? (
        <div className="card projects__message">
          <p>{filtered ? t('projects.list.noMatch') : t('projects.list.empty')}</p>
          {!filtered && canCreate && <Button onPress={() => setCreating(true)}>{t('projects.create.action')}</Button>}
        </div>
      ) : (
        <ul className="projects__list" aria-label={t('projects.list.label')} aria-busy={list.status === 'loading'}>
          {placeholders.map((placeholder) => (
            <PlaceholderItem key={placeholder.key} placeholder={placeholder} />
          ))}
          {list.items.map((project) => (
            <ProjectItem key={project.id} project={project} />
          ))}
        </ul>
      )}

      {meta && (totalPages > 1 || meta.totalItems > (PROJECT_LIST_PAGE_SIZES[0] as number)) && (
        <div className="projects__footer">
          {totalPages > 1 ? <Pager className="projects__paging" page={page} pageCount={totalPages} onPageChange={(next) => dispatch(listQueryChanged({ page: next }))} aria-label={t('projects.paging.label')} /> : <span />}
          {fixedPageSize ? (
            <span />
          ) : (
            <Select<string>
              className="projects__page-size"
              label={t('projects.paging.size')}
              options={PROJECT_LIST_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              value={String(query.itemsPerPage)}
              onChange={(value) => {
                const size = Number(value);
                if (isPageSize(size)) dispatch(listQueryChanged({ itemsPerPage: size as ProjectListPageSize }));
              }}
            />
          )}
        </div>
      )}

      {creating && <CreateProjectModal onClose={() => setCreating(false)} />}
    </section>
  );
});

/** A search the list cannot take: longer than the api's limit (the api says the same with a 400). */
function searchProblem(search: string): string | null {
  return search.trim().length > PROJECT_SEARCH_MAX_LENGTH ? 'projects.list.searchTooLong' : null;
}

function ListToolbar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const query = useAppSelector((state) => selectProjects(state).query);
  const types = useAppSelector((state) => selectProjects(state).types);
  const refused = useAppSelector((state) => selectProjects(state).list.searchError);
  const [search, setSearch] = useState(query.search);
  const problem = searchProblem(search);

  // The search is sent once the user pauses typing; one the list cannot take is said on the field instead.
  useEffect(() => {
    if (search === query.search || problem) return;
    const timer = setTimeout(() => dispatch(listQueryChanged({ search })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, search, query.search, problem]);

  // The api's refusal names a message key (formError.maxLength): the field says it in the list's words.
  const error = problem ?? (refused && search === query.search ? (refused === 'formError.maxLength' ? 'projects.list.searchTooLong' : refused) : null);

  return (
    <form
      className="projects__toolbar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) dispatch(listQueryChanged({ search }));
      }}
    >
      <TextField
        className="projects__search"
        type="search"
        label={t('projects.list.search')}
        value={search}
        onChange={setSearch}
        isInvalid={error !== null}
        errorMessage={error ? t(error, { max: PROJECT_SEARCH_MAX_LENGTH }) : undefined}
      />
      <Select<ProjectSort>
        className="projects__select"
        label={t('projects.list.sort')}
        options={PROJECT_SORTS.map((sort) => ({ value: sort, label: t(`projects.sort.${sort}`) }))}
        value={query.sortBy}
        onChange={(sortBy) => dispatch(listQueryChanged({ sortBy }))}
      />
      <Select<ProjectTypeFilter>
        className="projects__select"
        label={t('projects.list.origin')}
        options={originOptions(types).map((origin) => ({ value: origin, label: t(`projects.origin.${origin}`) }))}
        value={query.projectType}
        onChange={(projectType) => dispatch(listQueryChanged({ projectType }))}
      />
    </form>
  );
}

/**
 * The list's origin filters: those the api offers this user (GET v1/projects/types), the one chosen
 * kept; until they arrive (or when they cannot be read) the filters every user has.
 */
function originOptions(types: readonly { code: ProjectTypeFilter }[] | null): ProjectTypeFilter[] {
  return types && types.length > 0 ? types.map((type) => type.code) : [...LIST_ORIGINS];
}

/** How the last import ended: the new project to open, or why there is none (spec §4's non-success answers). */
function ImportNoticeCard({ notice }: { notice: ImportNotice }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const done = notice.projectId !== null;
  const key = done ? 'projects.import.done' : notice.status === 404 ? 'projects.import.gone' : notice.status === 400 ? 'projects.import.already' : 'projects.import.failed';
  return (
    <div className={`card projects__notice${done ? '' : ' projects__notice--failed'}`} role={done ? 'status' : 'alert'}>
      <p>{t(key, { name: notice.name })}</p>
      <div className="projects__notice-actions">
        {done && notice.projectId !== null && (
          <Link className="text-link" to={projectPath(notice.projectId)}>
            {t('projects.import.open')}
          </Link>
        )}
        <Button variant="ghost" size="sm" onPress={() => dispatch(importNoticeDismissed())}>
          {t('projects.import.dismiss')}
        </Button>
      </div>
    </div>
  );
}

/** A project of the list: its newest version, and every version under it when there are several (issue 10 §5). */
function ProjectItem({ project }: { project: ProjectListItem }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const versionLabel = useVersionLabel();
  const account = useAppSelector((state) => state.session.account);
  // hideCloneProjectButton hides duplicating (the api refuses it alike).
  const cloneHidden = useFlag('hideCloneProjectButton');
  const canClone = !cloneHidden && project.permissions.clone && (account ? hasAnyPrivilege(account.privileges, ['project.clone']) : false);
  // A project a specifier assigned to this user (spec §3 isAssignedThirdparty): they may import a copy of it as theirs.
  const canImport = project.origin === 'ASSIGNED' && project.isAssignedThirdparty && (account ? hasAnyPrivilege(account.privileges, ['project.add']) : false);
  const titleId = `project-${project.id}-name`;
  const versions = project.versions ?? [];
  return (
    <li className="projects__item card" aria-labelledby={titleId}>
      <div className="projects__item-main">
        <h2 className="projects__item-name" id={titleId}>
          <Link to={projectPath(project.id)}>{project.name}</Link>
        </h2>
        <p className="projects__item-facts">
          <span>{t('projects.item.updated', { date: format.date(project.updatedAt) })}</span>
          <span>{t('projects.item.products', { count: project.productsCount })}</span>
          {versions.length > 1 ? (
            <span>{t('projects.item.versions', { count: versions.length })}</span>
          ) : (
            project.versionNumber > 1 && <span>{versionLabel(project)}</span>
          )}
          {project.origin !== 'OWN' && <span className="projects__badge">{t(`projects.origin.${project.origin}`)}</span>}
          {project.status !== 1 && <span className="projects__badge projects__badge--status">{t(`projects.status.${project.status}`)}</span>}
        </p>
        {project.origin !== 'OWN' && <p className="projects__item-owner">{t('projects.item.owner', { name: project.owner.name })}</p>}
        <ProjectFacts projectId={project.id} name={project.name} />
        {versions.length > 1 && (
          <ol className="projects__versions" aria-label={t('projects.item.versionsOf', { name: project.name })}>
            {versions.map((version) => (
              <li key={version.id} className="projects__version">
                <Link className="text-link" to={projectPath(version.id)}>
                  {versionLabel(version)}
                </Link>
                <span className="projects__version-facts">
                  {version.id === project.id && <span className="projects__badge">{t('projects.item.latest')}</span>}
                  {version.status === 2 && <span className="projects__badge projects__badge--status">{t('projects.status.2')}</span>}
                  <span>{t('projects.item.updated', { date: format.date(version.updatedAt) })}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      {(canClone || canImport) && (
        <div className="projects__item-actions">
          {canImport && (
            <Button size="sm" onPress={() => void dispatch(importProject({ projectId: project.id, name: project.name }))}>
              <span aria-hidden="true">{t('projects.import.action')}</span>
              <span className="lm-visually-hidden">{t('projects.import.actionNamed', { name: project.name })}</span>
            </Button>
          )}
          {canClone && (
            <Button variant="secondary" size="sm" onPress={() => void dispatch(duplicateAndReload({ projectId: project.id, name: project.name }))}>
              <span aria-hidden="true">{t('projects.duplicate.action')}</span>
              <span className="lm-visually-hidden">{t('projects.duplicate.actionNamed', { name: project.name })}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function PlaceholderItem({ placeholder }: { placeholder: Placeholder }) {
  const { t } = useTranslation();
  return (
    <li className="projects__item projects__item--placeholder card" aria-busy="true" data-testid="project-placeholder">
      <div className="projects__item-main">
        <p className="projects__item-name">{t(`projects.placeholder.${placeholder.kind}`, { name: placeholder.name })}</p>
        <Skeleton width="60%" />
      </div>
    </li>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="projects__list" role="status" aria-live="polite">
      <span className="lm-visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="projects__item card">
          <Skeleton lines={2} />
        </div>
      ))}
    </div>
  );
}
