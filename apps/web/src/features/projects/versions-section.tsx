import { PROJECT_STATUS, type Project, type ProjectVersion } from '@lumen/contracts';
import { Button, Modal, Skeleton, TextField } from '@lumen/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPath, versionTitleError } from './project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormat } from '../../i18n/use-format';
import { loadVersions } from './projects-calls';
import { selectProjects, versionAndReload, versionStatusReset } from './projects-slice';

type VersionsRemote = { status: 'loading' } | { status: 'ready'; versions: ProjectVersion[] } | { status: 'failed' };

/** The project's versions: list (each opens its project), switch, and a new version. */
export function VersionsSection({ project }: { project: Project }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [remote, setRemote] = useState<VersionsRemote>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const versionStatus = useAppSelector((state) => selectProjects(state).versionStatus);
  const canVersion = project.status !== PROJECT_STATUS.DELETED && project.permissions.edit;
  // A new version changes the chain: read it again once it is made.
  const versionMade = versionStatus === 'success';

  useEffect(() => {
    let current = true;
    setRemote({ status: 'loading' });
    void dispatch(loadVersions({ projectId: project.id })).then((result) => {
      if (!current) return;
      setRemote(loadVersions.fulfilled.match(result) ? { status: 'ready', versions: result.payload } : { status: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [dispatch, project.id, attempt, versionMade]);

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
          <Button variant="secondary" size="sm" onPress={() => setAttempt((n) => n + 1)}>
            {t('projects.retry')}
          </Button>
        </div>
      ) : remote.versions.length <= 1 ? (
        <p className="projects__lead">{t('projects.versions.none')}</p>
      ) : (
        <ol className="project__version-list" aria-label={t('projects.versions.listLabel')}>
          {remote.versions.map((version) => {
            const label = version.versionTitle
              ? t('projects.versions.itemTitled', { number: version.versionNumber, title: version.versionTitle })
              : t('projects.versions.item', { number: version.versionNumber });
            return (
              <li key={version.id} className={version.id === project.id ? 'project__version project__version--current' : 'project__version'}>
                {version.id === project.id ? (
                  <span aria-current="page">
                    {label} <span className="projects__badge">{t('projects.versions.current')}</span>
                  </span>
                ) : (
                  <Link className="text-link" to={projectPath(version.id)}>
                    {label}
                  </Link>
                )}
                <span className="project__version-facts">
                  {t('projects.item.updated', { date: format.date(version.updatedAt) })} · {t('projects.item.products', { count: version.productsCount })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
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
