import { TextField } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProjectFormModal } from './project-form-modal';
import { createProject, fillProjectRedirect, PROJECT_PAGE_TEMPLATE } from './project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useProjectNameField } from './use-project-name-field';

/** New project: a name (the domain's project-title rule) in the user's catalogue; then its page. */
export function CreateProjectModal({ onClose, redirectTemplate = PROJECT_PAGE_TEMPLATE }: { onClose: () => void; redirectTemplate?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const catalogId = useAppSelector((state) => state.session.account?.catalogId ?? 16);
  const nameField = useProjectNameField();
  const { pending, onSubmit } = useFormSubmit(nameField.validate, async () => {
    const result = await dispatch(createProject({ name: nameField.name, catalogId, products: [] }));
    if (!createProject.fulfilled.match(result)) return false;
    onClose();
    void navigate(fillProjectRedirect(redirectTemplate, result.payload.id));
  });

  return (
    <ProjectFormModal
      title={t('projects.create.title')}
      formId="create-project-form"
      submitLabel={t('projects.create.submit')}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField {...nameField.fieldProps} autoFocus />
    </ProjectFormModal>
  );
}
