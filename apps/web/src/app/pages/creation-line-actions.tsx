/**
 * Saving a project's CREATION line from a configurator (issues 15–16): Cancel, and Save — a new revision
 * of the line with its space and sets (`expectedRevision` the last one this page wrote or read), which in
 * validate mode also validates the line and returns to the project. The revision this page wrote is
 * announced. Mounted in a configurator's actions slot, so its state lives as long as the screen.
 */
import type { JsonObject, Project, ProjectProduct } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectPath, updateProduct, validateProduct } from '../../features/projects/project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';

export interface CreationLineActionsProps {
  project: Project;
  product: ProjectProduct;
  validate: boolean;
  /** The configuration to save; null while it may not be saved. */
  space: JsonObject | null;
  quantity: number;
  valid: boolean;
  /** Called once the line is saved (the configurator's draft is then saved work, issue 27 §3). */
  onSaved?: () => void;
}

export function CreationLineActions({ project, product, validate, space, quantity, valid, onSaved }: CreationLineActionsProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const revision = useRef(project.revision);
  const back = projectPath(project.id);

  async function save() {
    if (!space) return;
    setPending(true);
    setSaved(null);
    const updated = await dispatch(updateProduct({ projectId: project.id, productId: product._id, body: { space, quantity, expectedRevision: revision.current } }));
    if (!updateProduct.fulfilled.match(updated)) {
      setPending(false);
      return;
    }
    revision.current = updated.payload.revision;
    onSaved?.();
    if (validate) {
      const validated = await dispatch(validateProduct({ projectId: project.id, productId: product._id }));
      if (!validateProduct.fulfilled.match(validated)) {
        setPending(false);
        return;
      }
      void navigate(back);
      return;
    }
    setPending(false);
    setSaved(updated.payload.product.revision ?? null);
  }

  return (
    <div className="drawing-line__actions">
      <Button variant="secondary" onPress={() => void navigate(back)} isDisabled={pending}>
        {t('projects.cancel')}
      </Button>
      <Button onPress={() => void save()} isLoading={pending} isDisabled={!valid || space === null}>
        {validate ? t('crea.line.saveValidate') : t('crea.line.save')}
      </Button>
      <p role="status" className="drawing-line__saved">
        {saved !== null ? t('crea.line.saved', { revision: saved }) : ''}
      </p>
    </div>
  );
}

/**
 * Whether the user may save the line here (a project in edition, the project's edit permission and
 * project.edit; never in a read-only mode), and else the note the page shows why (the project page's
 * texts), none in a read-only mode.
 */
export function useLineEditability(project: Project, readOnlyMode: boolean): { editable: boolean; note: string | null } {
  const { t } = useTranslation();
  const privileges = useAppSelector((state) => state.session.account?.privileges ?? []);
  const inEdition = project.status === PROJECT_STATUS.EDITION;
  const editable = !readOnlyMode && inEdition && project.permissions.edit && hasAnyPrivilege(privileges, ['project.edit']);
  if (readOnlyMode || editable) return { editable, note: null };
  if (!inEdition) return { editable, note: t(project.status === PROJECT_STATUS.ORDER ? 'projects.page.readOnlyOrder' : 'projects.page.readOnlyDeleted') };
  return { editable, note: t('projects.validate.readOnlyPermission') };
}

/** What a creation line's configurator says above the room or plan: the line and its project, and why it may not be saved. */
export function CreationLineIntro({ project, product, note, className }: { project: Project; product: ProjectProduct; note: string | null; className: string }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <p>{t('crea.lineIntro', { project: project.name, code: product.creationCode ?? '' })}</p>
      {note && (
        <p className="card" role="note">
          {note}
        </p>
      )}
    </div>
  );
}
