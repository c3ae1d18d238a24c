import { MAX_PRODUCT_QUANTITY, type Project } from '@lumen/contracts';
import { tryParseReference } from '@lumen/domain';
import { Button, Modal, QuantitySelector, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addProductsToProject } from '../../app/project-target';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { findArticleByReference, loadProject } from './projects-calls';

export type ReferenceProblem = 'required' | 'format' | 'otherCatalog' | 'unknown' | 'lookupFailed';

/**
 * Checks a typed reference for a project: the domain reads it (both forms of DESIGN.md), its form
 * must be the project's catalogue's (a dash means 21), then the catalogue must have the article.
 */
export function checkReferenceFormat(reference: string, catalogId: number): ReferenceProblem | null {
  if (reference === '') return 'required';
  const parsed = tryParseReference(reference);
  if (!parsed) return 'format';
  if (parsed.catalogId !== catalogId) return 'otherCatalog';
  return null;
}

/** Add by reference (needs product.add.reference): reference and quantity, validated before the add. */
export function AddByReferenceModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const seesPrices = useAppSelector((state) => (state.session.account?.privileges ?? []).includes('price.view'));
  const [reference, setReference] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [problem, setProblem] = useState<ReferenceProblem | null>(null);
  const [pending, setPending] = useState(false);
  const example = project.catalogId === 21 ? '5520-NE/MC_32' : '5520NE/MC_32';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = reference.trim().toUpperCase();
    const formatProblem = checkReferenceFormat(typed, project.catalogId);
    setProblem(formatProblem);
    if (formatProblem) return;
    setPending(true);
    const found = await dispatch(findArticleByReference({ reference: typed, catalogId: project.catalogId, lang }));
    if (!findArticleByReference.fulfilled.match(found) || found.payload === null) {
      setPending(false);
      setProblem(findArticleByReference.fulfilled.match(found) ? 'unknown' : 'lookupFailed');
      return;
    }
    const added = await dispatch(addProductsToProject({ projectId: project.id, products: [{ type: 'REGULAR', referenceCode: found.payload.reference, quantity, addedBy: 'REFERENCE' }] }));
    setPending(false);
    if (addProductsToProject.fulfilled.match(added)) {
      void dispatch(loadProject({ projectId: project.id, prices: seesPrices, lang }));
      onClose();
    }
  }

  const catalogName = t(`projects.catalog.${project.catalogId}`);
  const otherName = t(`projects.catalog.${project.catalogId === 21 ? 16 : 21}`);
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('projects.reference.title')}
      fullScreenOnSmall
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" form="add-by-reference-form" isLoading={pending}>
            {t('projects.reference.submit')}
          </Button>
        </>
      }
    >
      <form id="add-by-reference-form" className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('projects.reference.label')}
          description={t('projects.reference.hint', { example, catalog: catalogName })}
          value={reference}
          onChange={(value) => {
            setReference(value);
            if (problem) setProblem(null);
          }}
          autoComplete="off"
          isRequired
          autoFocus
          isInvalid={problem !== null && problem !== 'lookupFailed'}
          errorMessage={problem && problem !== 'lookupFailed' ? t(`projects.reference.error.${problem}`, { catalog: catalogName, other: otherName }) : undefined}
        />
        <QuantitySelector variant="numeric" min={1} max={MAX_PRODUCT_QUANTITY} value={quantity} onChange={setQuantity} label={t('projects.grid.quantity')} showLabel />
        {problem === 'lookupFailed' && (
          <p className="form-alert" role="alert">
            {t('projects.reference.error.lookupFailed')}
          </p>
        )}
      </form>
    </Modal>
  );
}
