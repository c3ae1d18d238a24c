import type { Project, ProjectVersion } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { Button, Modal, Select, Skeleton, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { projectPath, versionTitleError } from './project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormat } from '../../i18n/use-format';
import { ConfirmModal } from './confirm-modal';
import { deleteProject, updateVersionTitle } from './projects-calls';
import { selectProjects, versionAndReload, versionStatusReset } from './projects-slice';
import type { VersionsRemote } from './projects-slice';
import { useVersionLabel } from './version-label';

/** The project page's version switch (issue 10 §5): shown when the project has several versions. */
export function VersionSwitcher({ project, remote }: { project: Project; remote: VersionsRemote }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = useVersionLabel();
  if (remote.status !== 'ready' || remote.versions.length <= 1) return null;
  return (
    <Select<string>
      className="project__version-switch"
      label={t('projects.versions.switch')}
      options={remote.versions.map((version) => ({ value: String(version.id), label: label(version) }))}
      value={String(project.id)}
      onChange={(id) => {
        if (Number(id) !== project.id) void navigate(projectPath(Number(id)));
      }}
    />
  );
}

/** The project's versions: list (each opens its version), a new version, and deleting the one on screen. */
export function VersionsSection({ project, remote, onRetry }: { project: Project; remote: VersionsRemote; onRetry: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const label = useVersionLabel();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [retitling, setRetitling] = useState(false);
  const canVersion = project.status !== PROJECT_STATUS.DELETED && project.permissions.edit;
  const versions = remote.status === 'ready' ? remote.versions : [];
  // The title of the version on screen (POST apiv2 …/version/update), while it may still change.
  const canRetitle = project.status === PROJECT_STATUS.EDITION && project.permissions.edit;
  const canDeleteVersion = versions.length > 1 && project.status === PROJECT_STATUS.EDITION && project.permissions.delete;

  return (
    <section className="project__versions card" aria-labelledby="project-versions-title">
      <div className="project__section-header">
        <h2 id="project-versions-title">{t('projects.versions.title')}</h2>
        {canVersion && (
          <Button variant="secondary" size="sm" onPress={() => setCreating(true)}>
            {t('projects.versions.create')}
          </Button>
        )}
      </div>
      {remote.status === 'loading' ? (
        <Skeleton lines={2} />
      ) : remote.status === 'failed' ? (
        <div role="alert">
          <p>{t('projects.versions.loadFailed')}</p>
          <Button variant="secondary" size="sm" onPress={onRetry}>
            {t('projects.retry')}
          </Button>
        </div>
      ) : remote.versions.length <= 1 ? (
        <p className="projects__lead">{t('projects.versions.none')}</p>
      ) : (
        <ol className="project__version-list" aria-label={t('projects.versions.listLabel')}>
          {remote.versions.map((version) => (
            <li key={version.id} className={version.id === project.id ? 'project__version project__version--current' : 'project__version'}>
              {version.id === project.id ? (
                <span aria-current="page">
                  {label(version)} <span className="projects__badge">{t('projects.versions.current')}</span>
                </span>
              ) : (
                <Link className="text-link" to={projectPath(version.id)}>
                  {label(version)}
                </Link>
              )}
              <span className="project__version-facts">
                {t('projects.item.updated', { date: format.date(version.updatedAt) })} · {t('projects.item.products', { count: version.productsCount })}
                {version.status === PROJECT_STATUS.ORDER && ` · ${t('projects.status.2')}`}
              </span>
              {version.id === project.id && canRetitle && (
                <Button variant="ghost" size="sm" onPress={() => setRetitling(true)}>
                  {t('projects.versions.retitle')}
                </Button>
              )}
              {version.id === project.id && canDeleteVersion && (
                <Button variant="ghost" size="sm" onPress={() => setDeleting(true)}>
                  {t('projects.versions.delete')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {retitling && <RetitleVersionModal project={project} onClose={() => setRetitling(false)} />}
      {deleting && <DeleteVersionModal project={project} versions={versions} onClose={() => setDeleting(false)} />}
      {creating && (
        <VersionModal
          project={project}
          onClose={() => {
            setCreating(false);
            dispatch(versionStatusReset());
          }}
        />
      )}
    </section>
  );
}

/** Deletes the version on screen (the others stay together), then opens the newest one left. */
function DeleteVersionModal({ project, versions, onClose }: { project: Project; versions: readonly ProjectVersion[]; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const label = useVersionLabel();
  const [pending, setPending] = useState(false);
  const next = [...versions].reverse().find((version) => version.id !== project.id);

  async function confirm() {
    setPending(true);
    const result = await dispatch(deleteProject({ projectId: project.id, version: true }));
    setPending(false);
    onClose();
    if (deleteProject.fulfilled.match(result)) void navigate(next ? projectPath(next.id) : '/', { replace: true });
  }

  return (
    <ConfirmModal title={t('projects.versions.deleteTitle')} confirmLabel={t('projects.delete.confirm')} pending={pending} onConfirm={() => void confirm()} onClose={onClose}>
      <p>{t('projects.versions.deleteText', { version: label(project), name: project.name, count: versions.length - 1 })}</p>
    </ConfirmModal>
  );
}

/** The title of the version on screen (the domain's version-title rule: required, 30 characters). */
const retitleError = (value: string): string | null => (value.trim() === '' ? 'formError.required' : versionTitleError(value));

function RetitleVersionModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [title, setTitle] = useState(project.versionTitle ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = retitleError(title);
    setError(problem);
    if (problem || pending) return;
    setPending(true);
    setFailed(false);
    const result = await dispatch(updateVersionTitle({ projectId: project.id, title: title.trim() }));
    setPending(false);
    if (updateVersionTitle.fulfilled.match(result)) onClose();
    else setFailed(true);
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('projects.versions.retitleTitle')}
      fullScreenOnSmall
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" form="retitle-version-form" isLoading={pending}>
            {t('projects.versions.retitleSubmit')}
          </Button>
        </>
      }
    >
      <form id="retitle-version-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('projects.versions.titleLabel')}
          description={t('projects.versions.titleHint')}
          value={title}
          onChange={(value) => {
            setTitle(value);
            if (error) setError(retitleError(value));
          }}
          autoFocus
          isInvalid={error !== null}
          errorMessage={error ? t(error) : undefined}
        />
        {failed && (
          <p className="form-alert" role="alert">
            {t('projects.versions.retitleFailed')}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** A new version: optional title (the domain's version-title rule); the status of spec §4 drives the dialog. */
function VersionModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { versionStatus, lastVersion } = useAppSelector(selectProjects);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = versionTitleError(title);
    setError(problem);
    if (problem || versionStatus === 'loading') return;
    void dispatch(versionAndReload({ projectId: project.id, name: project.name, body: title.trim() ? { title: title.trim() } : {} }));
  }

  const done = versionStatus === 'success' && lastVersion;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('projects.versions.createTitle')}
      fullScreenOnSmall
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {done ? t('projects.close') : t('projects.cancel')}
          </Button>
          {done ? (
            <Link className="lm-button lm-focus-ring lm-button--primary lm-button--md" to={projectPath(lastVersion.id)} onClick={onClose}>
              {t('projects.versions.open')}
            </Link>
          ) : (
            <Button type="submit" form="version-project-form" isLoading={versionStatus === 'loading'}>
              {t('projects.versions.submit')}
            </Button>
          )}
        </>
      }
    >
      {done ? (
        <p role="status">{t('projects.versions.created', { number: lastVersion.versionNumber })}</p>
      ) : (
        <form id="version-project-form" onSubmit={submit} noValidate>
          <p>{t('projects.versions.createText')}</p>
          <TextField
            label={t('projects.versions.titleLabel')}
            description={t('projects.versions.titleHint')}
            value={title}
            onChange={(value) => {
              setTitle(value);
              if (error) setError(versionTitleError(value));
            }}
            autoFocus
            isInvalid={error !== null}
            errorMessage={error ? t(error) : undefined}
          />
          {versionStatus === 'failure' && (
            <p className="form-alert" role="alert">
              {t('projects.versions.failed')}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
