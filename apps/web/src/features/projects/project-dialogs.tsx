import type { Project } from '@lumen/contracts';
import { TextField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProjectFormModal } from './project-form-modal';
import { useAppDispatch } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useProjectNameField } from './use-project-name-field';
import { ConfirmModal } from './confirm-modal';
import { deleteProject, renameProject } from './projects-calls';

/** Rename (EDITION only): the domain's project-title rule; the name is the project's, every version takes it. */
export function RenameProjectModal({ project, versionsCount = 1, onClose }: { project: Project; versionsCount?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const nameField = useProjectNameField(project.name);
  const { pending, onSubmit } = useFormSubmit(nameField.validate, async () => {
    if (nameField.name === project.name) return onClose();
    const result = await dispatch(renameProject({ projectId: project.id, name: nameField.name }));
    if (!renameProject.fulfilled.match(result)) return false;
    onClose();
  });

  return (
    <ProjectFormModal
      title={t('projects.rename.title')}
      formId="rename-project-form"
      submitLabel={t('projects.rename.submit')}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {versionsCount > 1 && <p>{t('projects.rename.allVersions', { count: versionsCount })}</p>}
      <TextField {...nameField.fieldProps} autoFocus />
    </ProjectFormModal>
  );
}

/** Delete (EDITION only), confirmed: the project with every version of it; then home (spec §2). */
export function DeleteProjectModal({ project, versionsCount = 1, onClose }: { project: Project; versionsCount?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    const result = await dispatch(deleteProject({ projectId: project.id }));
    setPending(false);
    onClose();
    if (deleteProject.fulfilled.match(result)) void navigate('/', { replace: true });
  }

  return (
    <ConfirmModal title={t('projects.delete.title')} confirmLabel={t('projects.delete.confirm')} pending={pending} onConfirm={() => void confirm()} onClose={onClose}>
      <p>{versionsCount > 1 ? t('projects.delete.textVersions', { name: project.name, count: versionsCount }) : t('projects.delete.text', { name: project.name })}</p>
    </ConfirmModal>
  );
}
