import type { Project } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../shared/audit';

/**
 * The project's history (issue 17 §3): who changed the project, its lines and versions, its quotes and
 * orders, and when — with both names when a staff member acted for a customer. Loaded when opened;
 * loaded again after each change of the project.
 */
export function ProjectHistorySection({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="project__history" aria-labelledby="project-history-title">
      <div className="project__section-header">
        <h2 id="project-history-title">{t('projects.history.title')}</h2>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls="project-history-panel" onPress={() => setOpen((shown) => !shown)}>
          {t(open ? 'projects.history.hide' : 'projects.history.show')}
        </Button>
      </div>
      <div id="project-history-panel" hidden={!open}>
        {open && <AuditHistory key={`${project.id}:${project.revision}`} source={{ kind: 'project', id: project.id }} label={t('projects.history.listLabel', { name: project.name })} />}
      </div>
    </section>
  );
}
