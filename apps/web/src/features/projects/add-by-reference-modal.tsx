import type { Project } from '@lumen/contracts';
import { MAX_PRODUCT_QUANTITY } from '@lumen/contracts/constants';
import { tryParseReference } from '@lumen/domain';
import { QuantitySelector, TextField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectFormModal } from './project-form-modal';
import { addProductsToProject } from './project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
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

/**
 * Articles of the catalogue (the demo's Plusminus pendant Ø 15, in each catalogue's form), for the
 * hint of a project that has no line yet; the api's catalogue tests read both (price-view.test.ts).
 */
const CATALOGUE_EXAMPLES: Readonly<Record<number, string>> = { 16: '552010/02_10', 21: '5520-10/03_10' };

/**
 * The hint's example: a reference that exists in the project's catalogue (issue 10 §9) — the
 * project's own first line when it has one, else an article of that catalogue.
 */
export function referenceExample(project: Pick<Project, 'catalogId' | 'products'>): string {
  const own = project.products.find((product) => product.type === 'REGULAR' && product.referenceCode && tryParseReference(product.referenceCode)?.catalogId === project.catalogId);
  return own?.referenceCode ?? CATALOGUE_EXAMPLES[project.catalogId] ?? CATALOGUE_EXAMPLES[16] ?? '';
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
  const example = referenceExample(project);
  const typed = reference.trim().toUpperCase();

  function checkFormat() {
    const formatProblem = checkReferenceFormat(typed, project.catalogId);
    setProblem(formatProblem);
    return formatProblem === null;
  }

  const { pending, onSubmit } = useFormSubmit(checkFormat, async () => {
    const found = await dispatch(findArticleByReference({ reference: typed, catalogId: project.catalogId, lang }));
    if (!findArticleByReference.fulfilled.match(found) || found.payload === null) {
      setProblem(findArticleByReference.fulfilled.match(found) ? 'unknown' : 'lookupFailed');
      return false;
    }
    const added = await dispatch(addProductsToProject({ projectId: project.id, products: [{ type: 'REGULAR', referenceCode: found.payload.reference, quantity, addedBy: 'REFERENCE' }] }));
    if (!addProductsToProject.fulfilled.match(added)) return false;
    void dispatch(loadProject({ projectId: project.id, prices: seesPrices, lang }));
    onClose();
  });

  const catalogName = t(`projects.catalog.${project.catalogId}`);
  const otherName = t(`projects.catalog.${project.catalogId === 21 ? 16 : 21}`);
  return (
    <ProjectFormModal
      title={t('projects.reference.title')}
      formId="add-by-reference-form"
      submitLabel={t('projects.reference.submit')}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
      className="auth-form"
    >
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
    </ProjectFormModal>
  );
}
