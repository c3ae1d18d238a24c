import { Button, Modal, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createProject, fillProjectRedirect, PROJECT_PAGE_TEMPLATE, projectNameError } from '../../app/project-target';
import { useAppDispatch, useAppSelector } from '../../app/store';

/** New project: a name (the domain's project-title rule) in the user's catalogue; then its page. */
export function CreateProjectModal({ onClose, redirectTemplate = PROJECT_PAGE_TEMPLATE }: { onClose: () => void; redirectTemplate?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const catalogId = useAppSelector((state) => state.session.account?.catalogId ?? 16);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = projectNameError(name);
    setError(problem);
    if (problem) return;
    setPending(true);
    const result = await dispatch(createProject({ name: name.trim(), catalogId, products: [] }));
    setPending(false);
    if (createProject.fulfilled.match(result)) {
      onClose();
      void navigate(fillProjectRedirect(redirectTemplate, result.payload.id));
    }
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('projects.create.title')}
      fullScreenOnSmall
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" form="create-project-form" isLoading={pending}>
            {t('projects.create.submit')}
          </Button>
        </>
      }
    >
      <form id="create-project-form" onSubmit={(event) => void submit(event)} noValidate>
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
