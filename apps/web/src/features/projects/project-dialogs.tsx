import type { Project } from '@lumen/contracts';
import { Button, Modal, TextField } from '@lumen/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectNameError } from '../../app/project-target';
import { useAppDispatch } from '../../app/store';
import { deleteProject, renameProject } from './projects-calls';

function Actions({ onCancel, submit }: { onCancel: () => void; submit: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onPress={onCancel}>
        {t('projects.cancel')}
      </Button>
      {submit}
    </>
  );
}

/** Rename (EDITION only): the domain's project-title rule. */
export function RenameProjectModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = projectNameError(name);
    setError(problem);
    if (problem) return;
    if (name.trim() === project.name) return onClose();
    setPending(true);
    const result = await dispatch(renameProject({ projectId: project.id, name: name.trim() }));
    setPending(false);
    if (renameProject.fulfilled.match(result)) onClose();
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('projects.rename.title')}
      fullScreenOnSmall
      footer={
        <Actions
          onCancel={onClose}
          submit={
            <Button type="submit" form="rename-project-form" isLoading={pending}>
              {t('projects.rename.submit')}
            </Button>
          }
        />
      }
    >
      <form id="rename-project-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('projects.form.name')}
          description={t('projects.form.nameHint')}
          value={name}
          onChange={(value) => {
            setName(value);
            if (error) setError(projectNameError(value));
          }}
          isRequired
          autoFocus
          isInvalid={error !== null}
          errorMessage={error ? t(error) : undefined}
        />
      </form>
    </Modal>
  );
}

/** Delete (EDITION only), confirmed; then home (spec §2). */
export function DeleteProjectModal({ project, onClose }: { project: Project; onClose: () => void }) {
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
    <Modal
      isOpen
      role="alertdialog"
      onClose={onClose}
      title={t('projects.delete.title')}
      footer={
        <Actions
          onCancel={onClose}
          submit={
            <Button isLoading={pending} onPress={() => void confirm()}>
              {t('projects.delete.confirm')}
            </Button>
          }
        />
      }
    >
      <p>{t('projects.delete.text', { name: project.name })}</p>
    </Modal>
  );
}
