/**
 * The drawing configurators' routes (issue 16 §1; spec configuration-domain §2): a new sticks or
 * plusminus drawing (for no project, or for one; a preconfiguration opened ready), and a project's
 * CREATION line reopened to edit, validate, export or view. The drawing feature draws; the projects
 * feature adds and saves the line. A product of another subfamily, or of no drawing configurator,
 * is the spec's error (§8) as an error page in the user's language.
 */
import type { PreconfigDetail, Project, ProjectProduct } from '@lumen/contracts';
import { CONFIGURATOR_ID, configuratorFor, isDomainError, type DrawingFamily } from '@lumen/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import type { DrawingEditorResult } from '../../features/drawing/drawing-editor';
import { ExportPanel } from '../../features/drawing/drawing-export';
import { DrawingScreen, parseDrawingMode, type DrawingMode } from '../../features/drawing/drawing-screen';
import { ShareButton } from '../../features/drawing/drawing-share-button';
import { NotFoundPage } from '../../features/errors';
import { AddToProject } from '../../features/projects/add-to-project';
import { parseProjectId, projectPath, projectTargetSet } from '../../features/projects/project-target';
import { loadPreconfig } from '../../shared/catalogue-calls';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import type { CreaRedirectState } from './crea-pages';
import { CreationLineActions, useLineEditability, CreationLineIntro } from './creation-line-actions';
import { RemotePage, WithProjectLine } from './remote-page';

const positiveId = (value: string | null | undefined): number | undefined => {
  const id = Number(value);
  return value && /^\d{1,10}$/.test(value) && id > 0 ? id : undefined;
};

/** The error code of spec §8 when a product (configurator type, subfamily) does not open in this drawing configurator, or null when it does. */
export function drawingConfiguratorError(family: DrawingFamily, configuratorTypeId: number | null | undefined, subFamilyId: number | null | undefined): string | null {
  try {
    const kind = configuratorFor(configuratorTypeId, subFamilyId);
    // Another configurator's product has no drawing configurator to open in here (issue 27 §1: the two messages were swapped).
    return kind === `${family}-drawing` ? null : 'NO_DRAWING_CONFIGURATOR';
  } catch (error) {
    return isDomainError(error) ? error.code : 'NO_CONFIGURATOR';
  }
}

/** The spec's configurator error (§8) as a page, in the user's language. */
export function ConfiguratorErrorPage({ code, backPath }: { code: string; backPath: string }) {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="configurator-error-title">
      <h1 id="configurator-error-title">{t('drawing.error.title')}</h1>
      <p role="alert">{t(`drawing.error.${code}`, { defaultValue: t('drawing.error.NO_CONFIGURATOR') })}</p>
      <Link className="text-link" to={backPath}>
        {t('errors.back')}
      </Link>
    </section>
  );
}

/** A new drawing's actions: add to a project; share a link (plusminus, spec §2's shared view); export the drawing as it is. */
function addCreation(preconfigId: number | undefined, family: DrawingFamily) {
  return function CreationActions(result: DrawingEditorResult, saved: () => void) {
    const ready = result.valid && result.space !== null;
    return (
      <div className="drawing-new__actions">
        <AddToProject
          reference=""
          quantity={result.quantity}
          isDisabled={!ready}
          onAdded={saved}
          creation={{ model: result.model, subFamilyId: result.subFamilyId, configuratorTypeId: result.configuratorTypeId, space: result.space ?? {}, ...(preconfigId ? { preconfigId } : {}) }}
        />
        {family === 'plusminus' && <ShareButton space={result.space ?? {}} subFamilyId={result.subFamilyId} isDisabled={!ready} />}
        <ExportPanel source={{ kind: 'space', space: result.space ?? {}, subFamilyId: result.subFamilyId }} name={`${family}-${result.model}`} isDisabled={!ready} />
      </div>
    );
  };
}

/**
 * /new-product/{family}-drawing-configurator and /project/{projectId}/add-product/{family}-drawing-configurator
 * (?preconfigId): a new drawing ending in "Add to project" (the project of the path first).
 */
export function NewDrawingPage({ family }: { family: DrawingFamily }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { projectId: projectParam, mode: modeParam } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const projectId = parseProjectId(projectParam);
  const preconfigId = positiveId(search.get('preconfigId'));
  const mode = modeParam === undefined ? 'CREATE' : parseDrawingMode(family, modeParam);
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = useAppSelector((state) => state.session.account?.catalogId ?? 16);

  useEffect(() => {
    if (projectId !== null) dispatch(projectTargetSet(projectId));
  }, [dispatch, projectId]);

  const [preconfig, reload] = useRemote<PreconfigDetail>(preconfigId !== undefined ? `${preconfigId}/${catalogId}/${lang}` : null, () =>
    dispatch(loadPreconfig({ id: preconfigId ?? 0, catalogId, lang })).unwrap(),
  );
  if ((projectParam !== undefined && projectId === null) || mode === null) return <NotFoundPage />;
  // {mode} (spec §2): CREATE makes a new drawing; the modes of a saved line (edit, validate, export, view) need one, so a new drawing opens in CREATE.
  if (modeParam !== undefined && mode !== 'CREATE') return <Navigate to={`${location.pathname.slice(0, location.pathname.lastIndexOf('/'))}${location.search}`} replace />;
  const back = projectId !== null ? projectPath(projectId) : '/create-project/select-collection';
  const backLabel = projectId !== null ? t('projects.add.backToProject') : t('crea.backToCatalogue');
  if (preconfigId !== undefined) {
    return (
      <RemotePage remote={preconfig} reload={reload} failed={{ message: t('crea.preconfigFailed'), retry: t('configurator.retry') }}>
        {(detail) => {
          const error = drawingConfiguratorError(family, CONFIGURATOR_ID.DRAWING, detail.subFamilyId);
          if (error) return <ConfiguratorErrorPage code={error} backPath={back} />;
          return (
            <DrawingScreen
              family={family}
              mode="CREATE"
              savedSpace={detail.domainJSON ?? undefined}
              intro={<p className="drawing-page__intro">{t('crea.preconfigIntro', { name: detail.name })}</p>}
              backPath={back}
              backLabel={backLabel}
              renderActions={addCreation(preconfigId, family)}
              draftKey={`${family}-drawing.preconfig.${preconfigId}`}
            />
          );
        }}
      </RemotePage>
    );
  }
  return <DrawingScreen family={family} mode="CREATE" backPath={back} backLabel={backLabel} renderActions={addCreation(undefined, family)} draftKey={`${family}-drawing`} />;
}

/** /{family}-drawing-configurator (the old paths): to /new-product/…, with the query and the flag that allows current projects. */
export function OldDrawingRedirect({ family }: { family: DrawingFamily }) {
  const location = useLocation();
  const state: CreaRedirectState = { allowCurrentProjects: true };
  return <Navigate to={`/new-product/${family}-drawing-configurator${location.search}`} replace state={state} />;
}

/**
 * /project/{projectId}/product/{productId}/{family}-drawing-configurator[/{mode}] (also the validate
 * route, mode validate): the saved drawing reopened; Save writes a new revision of the line, and in
 * validate mode validates it. EXPORT and VIEW open it read-only.
 */
export function DrawingLinePage({ family }: { family: DrawingFamily }) {
  const params = useParams();
  const location = useLocation();
  const mode = parseDrawingMode(family, params.mode);
  if (mode === null) return <NotFoundPage />;
  // CREATE on a saved line: the line is there already, so it opens to edit (its route without a mode).
  if (mode === 'CREATE') return <Navigate to={`${location.pathname.slice(0, location.pathname.lastIndexOf('/'))}${location.search}`} replace />;
  return (
    <WithProjectLine projectId={params.projectId} productId={params.productId} creation>
      {(project, product) => {
        const error = drawingConfiguratorError(family, product.configuratorType?.id, product.subFamily?.id);
        if (error) return <ConfiguratorErrorPage code={error} backPath={projectPath(project.id)} />;
        return <DrawingLineEditor family={family} project={project} product={product} mode={mode} />;
      }}
    </WithProjectLine>
  );
}

function DrawingLineEditor({ family, project, product, mode }: { family: DrawingFamily; project: Project; product: ProjectProduct; mode: DrawingMode }) {
  const { t } = useTranslation();
  const readOnlyMode = mode === 'EXPORT' || mode === 'VIEW';
  const { editable, note } = useLineEditability(project, readOnlyMode);
  return (
    <DrawingScreen
      family={family}
      mode={mode}
      savedSpace={product.space ?? undefined}
      initialQuantity={product.quantity}
      catalogId={project.catalogId}
      readOnly={!editable}
      backPath={projectPath(project.id)}
      backLabel={t('projects.add.backToProject')}
      intro={<CreationLineIntro project={project} product={product} note={note} className="drawing-page__intro" />}
      draftKey={`${family}-drawing.line.${product._id}`}
      renderActions={
        mode === 'EXPORT'
          ? () => <ExportPanel source={{ kind: 'line', projectId: project.id, productId: product._id }} name={product.creationCode ?? product.model} />
          : editable
            ? (result, saved) => <CreationLineActions project={project} product={product} validate={mode === 'VALIDATE'} space={result.space} quantity={result.quantity} valid={result.valid} onSaved={saved} />
            : undefined
      }
    />
  );
}

/** The router's one lazy entry for the drawing pages (app/routes.tsx): which page, by its route. */
export default function DrawingPage({ family, page }: { family: DrawingFamily; page: 'new' | 'old' | 'line' }) {
  if (page === 'new') return <NewDrawingPage family={family} />;
  if (page === 'old') return <OldDrawingRedirect family={family} />;
  return <DrawingLinePage family={family} />;
}
