import { Button, Icon, Skeleton } from '@lumen/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { useFormat } from '../../i18n/use-format';
import { loadTechInfoActions, loadTooltipInfo, type ProjectTechInfoActions, type ProjectTooltipInfo } from './projects-calls';
import './project-facts.css';

/**
 * A project line's details in the list, opened on demand: its facts (GET projects
 * /v1/projects/{id}/tooltip-info: units, personalised lines, versions, last change) and the technical
 * documents its lines allow (GET …/tech-info-actions), with the way to its technical downloads when
 * the user may download. Both are asked for when the details first open; a failure says so in place
 * (spec §4: tooltip info shows no error dialog).
 */
export function ProjectFacts({ projectId, name }: { projectId: number; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="projects__facts">
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={panelId} onPress={() => setOpen((current) => !current)}>
        <Icon name="info" />
        <span aria-hidden="true">{t('projects.facts.toggle')}</span>
        <span className="lm-visually-hidden">{t('projects.facts.toggleNamed', { name })}</span>
      </Button>
      <div id={panelId} hidden={!open}>
        {open && <FactsPanel projectId={projectId} />}
      </div>
    </div>
  );
}

function FactsPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [remote, reload] = useRemote(`facts-${projectId}`, async (): Promise<[ProjectTooltipInfo, ProjectTechInfoActions]> =>
    Promise.all([dispatch(loadTooltipInfo({ projectId })).unwrap(), dispatch(loadTechInfoActions({ projectId })).unwrap()]),
  );
  if (remote.status === 'loading')
    return (
      <div role="status" aria-live="polite">
        <span className="lm-visually-hidden">{t('common.loading')}</span>
        <Skeleton lines={2} />
      </div>
    );
  if (remote.status === 'failed')
    return (
      <div role="alert" className="projects__facts-panel">
        <p>{t('projects.facts.failed')}</p>
        <Button variant="secondary" size="sm" onPress={reload}>
          {t('projects.retry')}
        </Button>
      </div>
    );
  const [info, tech] = remote.data;
  const enabled = tech.actions.filter((action) => action.enabled);
  return (
    <div className="projects__facts-panel">
      <dl className="projects__facts-list">
        <dt>{t('projects.facts.units')}</dt>
        <dd>{format.number(info.unitsCount)}</dd>
        <dt>{t('projects.facts.personalized')}</dt>
        <dd>{t('projects.facts.personalizedOf', { personalized: format.number(info.personalizedCount), total: format.number(info.productsCount) })}</dd>
        <dt>{t('projects.facts.versions')}</dt>
        <dd>{format.number(info.versionsCount)}</dd>
        <dt>{t('projects.facts.updated')}</dt>
        <dd>{format.date(info.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        <dt>{t('projects.facts.documents')}</dt>
        <dd>{enabled.length > 0 ? enabled.map((action) => t(`downloads.doc.${action.code}`)).join(', ') : t('projects.facts.noDocuments')}</dd>
      </dl>
      {tech.download && enabled.length > 0 && (
        <Link className="text-link" to={`/project/${projectId}/technical-downloads`}>
          {t('projects.facts.technicalDownloads')}
        </Link>
      )}
    </div>
  );
}
