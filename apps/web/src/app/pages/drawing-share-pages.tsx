/**
 * The drawings' shared view, exports and frames (issue 16 §4–§6): the drawing feature's screens joined
 * with the projects feature (a copy into a project, a project line's export) at their routes.
 */
import { CreationSpace, type Project, type ProjectProduct, type SharedCreation } from '@lumen/contracts';
import { configuratorFor, drawingFamilyOf, hasAnyPrivilege, isDomainError, type DrawingFamily } from '@lumen/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { DrawingEditorResult } from '../../features/drawing/drawing-editor';
import { ExportPanel } from '../../features/drawing/drawing-export';
import { Export3dFrame, PlusminusConfiguratorFrame } from '../../features/drawing/drawing-frame-screens';
import { isShareHash, loadSharedCreation } from '../../features/drawing/drawing-share-calls';
import { DrawingPlanView } from '../../features/drawing/drawing-share-plan';
import { NO_DRAWING_MODES, NoDrawingScreen, type NoDrawingMode } from '../../features/drawing/drawing-nodrawing';
import { ShareButton } from '../../features/drawing/drawing-share-button';
import { DrawingPreviewPanel } from '../../features/drawing/drawing-preview-panel';
import { firstModelOf, readDrawingSpace, SharedDrawingView } from '../../features/drawing/drawing-share-view';
import { NotFoundPage } from '../../features/errors';
import { AddToProject } from '../../features/projects/add-to-project';
import { parseProjectId, projectPath, projectTargetSet } from '../../features/projects/project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import type { CreaRedirectState } from './crea-pages';
import { ConfiguratorErrorPage } from './drawing-pages';
import { CreationLineActions, useLineEditability, CreationLineIntro } from './creation-line-actions';
import { RemotePage, WithProjectLine } from './remote-page';

/**
 * /plusminus-drawing-configurator/product/{hash}: the shared view. Open to everyone with the link; the
 * evaluation is the server's for this viewer (loaded again after a login, so the prices of the new
 * account show). A logged-in viewer copies it into a project (the projects feature's "Add to project"
 * with the snapshot's space: a new CREATION line the server rebuilds and prices); a visitor is asked to
 * log in first.
 */
export function SharedDrawingPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { hash } = useParams();
  const lang = useAppSelector((state) => state.preferences.lang);
  const account = useAppSelector((state) => state.session.account);
  const known = useAppSelector((state) => state.session.status === 'ready');
  const valid = isShareHash(hash);
  const [shared, reload] = useRemote<SharedCreation>(valid && known ? `${hash}/${lang}/${account?.id ?? 'visitor'}` : null, () => dispatch(loadSharedCreation({ hash: hash ?? '', lang })).unwrap());
  if (!valid) return <NotFoundPage />;
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  return (
    <RemotePage remote={shared} reload={reload} failed={{ message: t('drawingShare.view.loadFailed'), retry: t('drawingShare.view.retry') }}>
      {(data) => (
        <SharedDrawingView
          shared={data}
          seesPrices={seesPrices}
          renderPreview={(drawing, room) => <DrawingPreviewPanel drawing={drawing} room={room} />}
          renderCopy={() => {
            const space = CreationSpace.safeParse(data.space);
            if (!space.success) return null;
            return (
              <section className="card drawing-share-view__copy" aria-labelledby="drawing-share-copy">
                <h2 id="drawing-share-copy">{t('drawingShare.view.copyTitle')}</h2>
                <p>{account ? t('drawingShare.view.copyIntro') : t('drawingShare.view.loginToCopy')}</p>
                <AddToProject
                  reference=""
                  quantity={1}
                  creation={{ model: firstModelOf(data.evaluation), subFamilyId: data.subFamilyId, configuratorTypeId: data.evaluation.configuratorType.id, space: space.data }}
                />
              </section>
            );
          }}
        />
      )}
    </RemotePage>
  );
}

/**
 * /project/{projectId}/product/{productId}/export: a drawn line's 3D model and plan files (the
 * project's read scope: the api answers 404 for another company's line). A line that is no drawing
 * (another collection, no space) says so.
 */
export function ProductExportPage() {
  const { t } = useTranslation();
  const params = useParams();
  return (
    <WithProjectLine projectId={params.projectId} productId={params.productId}>
      {(project, product) => {
        const subFamilyId = product.subFamily?.id ?? 0;
        const drawn = product.type === 'CREATION' && drawingFamilyOf(subFamilyId) !== null && product.space;
        const read = drawn && product.subFamily ? readDrawingSpace(product.space, subFamilyId, { familyId: product.familyId ?? 0, subFamily: product.subFamily, category: product.category?.id ?? 0 }) : null;
        const name = product.creationCode ?? product.model;
        return (
          <section className="page drawing-export-page" aria-labelledby="drawing-export-page-title">
            <header>
              <p className="page-eyebrow">{t('drawingShare.exportPage.eyebrow')}</p>
              <h1 id="drawing-export-page-title">{t('drawingShare.exportPage.title', { code: name })}</h1>
              <p>{t('drawingShare.exportPage.intro', { project: project.name })}</p>
              <Link className="text-link" to={projectPath(project.id)}>
                {t('drawingShare.exportPage.back')}
              </Link>
            </header>
            {!drawn ? (
              <div className="card" role="alert">
                <p>{t('drawingShare.exportPage.notDrawing')}</p>
              </div>
            ) : (
              <div className="drawing-share-view__body">
                <div className="drawing-share-view__pictures">
                  {read?.ok && (
                    <>
                      <DrawingPreviewPanel drawing={read.drawing} room={read.room} />
                      <DrawingPlanView drawing={read.drawing} catalogId={project.catalogId} />
                    </>
                  )}
                  {read && !read.ok && <p role="alert">{t('drawingShare.view.unreadable', { message: read.message })}</p>}
                </div>
                <div className="drawing-share-view__side">
                  <ExportPanel source={{ kind: 'line', projectId: project.id, productId: product._id }} name={name} />
                </div>
              </div>
            )}
          </section>
        );
      }}
    </WithProjectLine>
  );
}

/** /iframe/plusminus-export3d?host=…&snapshot=…: the export frame, with the read-only 3D preview. */
export function Export3dFramePage() {
  return <Export3dFrame renderPreview={(drawing, room) => <DrawingPreviewPanel drawing={drawing} room={room} />} />;
}

/** The error code of spec §8 when a product does not open in this no-drawing configurator, or null when it does. */
export function noDrawingConfiguratorError(family: DrawingFamily, configuratorTypeId: number | null | undefined, subFamilyId: number | null | undefined): string | null {
  try {
    const kind = configuratorFor(configuratorTypeId, subFamilyId);
    // Another configurator's product (a drawn one included) has no configurator without drawing to open in here (issue 27 §1: the messages were swapped).
    return kind === `${family}-nodrawing` ? null : 'NO_NODRAWING_CONFIGURATOR';
  } catch (error) {
    return isDomainError(error) ? error.code : 'NO_CONFIGURATOR';
  }
}

/** A no-drawing mode of a route's `{mode}` (any case), when the family has it; none is edit. */
export function parseNoDrawingMode(family: DrawingFamily, value: string | undefined): NoDrawingMode | null {
  const mode = (value ?? 'edit').toLowerCase();
  return (NO_DRAWING_MODES[family] as readonly string[]).includes(mode) ? (mode as NoDrawingMode) : null;
}

/** A new no-drawing configuration's actions: add to a project; share a link (plusminus: spec §2's shared view is plusminus's); export it as it is. */
function NewNoDrawingActions({ result, saved }: { result: DrawingEditorResult; saved: () => void }) {
  return (
    <>
      <AddToProject
        reference=""
        quantity={result.quantity}
        isDisabled={!result.valid || result.space === null}
        onAdded={saved}
        creation={{ model: result.model, subFamilyId: result.subFamilyId, configuratorTypeId: result.configuratorTypeId, space: result.space ?? {} }}
      />
      {result.space && result.drawing.family === 'plusminus' && <ShareButton space={result.space} subFamilyId={result.subFamilyId} isDisabled={!result.valid} />}
      {result.space && result.valid && <ExportPanel source={{ kind: 'space', space: result.space, subFamilyId: result.subFamilyId }} name={`${result.drawing.family}-${result.model}`} />}
    </>
  );
}

const newNoDrawingActions = (result: DrawingEditorResult, saved: () => void) => <NewNoDrawingActions result={result} saved={saved} />;

/**
 * /new-product/{family}-nodrawing-configurator and /project/{projectId}/add-product/{family}-nodrawing-configurator:
 * a structure chosen from a layout or a preconfiguration, adjusted in forms, ending in "Add to project"
 * (the project of the path first) or "Share".
 */
export function NewNoDrawingPage({ family }: { family: DrawingFamily }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { projectId: projectParam, mode: modeParam } = useParams();
  const location = useLocation();
  const projectId = parseProjectId(projectParam);
  const mode = modeParam === undefined ? 'create' : parseNoDrawingMode(family, modeParam);
  useEffect(() => {
    if (projectId !== null) dispatch(projectTargetSet(projectId));
  }, [dispatch, projectId]);
  if ((projectParam !== undefined && projectId === null) || mode === null) return <NotFoundPage />;
  // {mode} (spec §2): CREATE makes a new structure; a saved line's modes need one, so a new structure opens in CREATE.
  if (modeParam !== undefined && mode !== 'create') return <Navigate to={`${location.pathname.slice(0, location.pathname.lastIndexOf('/'))}${location.search}`} replace />;
  const back = projectId !== null ? projectPath(projectId) : '/create-project/select-collection';
  return (
    <NoDrawingScreen
      family={family}
      mode="create"
      backPath={back}
      backLabel={projectId !== null ? t('projects.add.backToProject') : t('crea.backToCatalogue')}
      renderActions={newNoDrawingActions}
      draftKey={`${family}-nodrawing`}
    />
  );
}

/** /{family}-nodrawing-configurator (the old paths): to /new-product/…, with the flag that allows current projects. */
export function OldNoDrawingRedirect({ family }: { family: DrawingFamily }) {
  const location = useLocation();
  const state: CreaRedirectState = { allowCurrentProjects: true };
  return <Navigate to={`/new-product/${family}-nodrawing-configurator${location.search}`} replace state={state} />;
}

/**
 * /project/{projectId}/product/{productId}/{family}-nodrawing-configurator[/{mode}] (and its validate
 * route): the saved structure reopened in the forms; Save writes a new revision of the line, and in
 * validate mode validates it and returns to the project. VIEW (plusminus) opens it read-only.
 */
export function NoDrawingLinePage({ family }: { family: DrawingFamily }) {
  const params = useParams();
  const location = useLocation();
  const mode = parseNoDrawingMode(family, params.mode);
  if (mode === null) return <NotFoundPage />;
  // CREATE on a saved line: the line is there already, so it opens to edit (its route without a mode).
  if (mode === 'create') return <Navigate to={`${location.pathname.slice(0, location.pathname.lastIndexOf('/'))}${location.search}`} replace />;
  return (
    <WithProjectLine projectId={params.projectId} productId={params.productId} creation>
      {(project, product) => {
        const error = noDrawingConfiguratorError(family, product.configuratorType?.id, product.subFamily?.id);
        if (error) return <ConfiguratorErrorPage code={error} backPath={projectPath(project.id)} />;
        return <NoDrawingLineEditor family={family} project={project} product={product} mode={mode} />;
      }}
    </WithProjectLine>
  );
}

function NoDrawingLineEditor({ family, project, product, mode }: { family: DrawingFamily; project: Project; product: ProjectProduct; mode: NoDrawingMode }) {
  const { t } = useTranslation();
  const { editable, note } = useLineEditability(project, mode === 'view');
  return (
    <NoDrawingScreen
      family={family}
      mode={mode}
      savedSpace={product.space ?? undefined}
      initialQuantity={product.quantity}
      catalogId={project.catalogId}
      readOnly={!editable}
      backPath={projectPath(project.id)}
      backLabel={t('projects.add.backToProject')}
      intro={<CreationLineIntro project={project} product={product} note={note} className="drawing-page__intro" />}
      draftKey={`${family}-nodrawing.line.${product._id}`}
      renderActions={
        editable
          ? (result, saved) => <CreationLineActions project={project} product={product} validate={mode === 'validate'} space={result.space} quantity={result.quantity} valid={result.valid} onSaved={saved} />
          : undefined
      }
    />
  );
}

/** The router's one lazy entry for these pages (app/routes.tsx): which page, by its route. */
export default function DrawingSharePage({ page, family = 'plusminus' }: { page: 'shared' | 'line-export' | 'export-frame' | 'nodrawing-new' | 'nodrawing-old' | 'nodrawing-line' | 'configurator-frame'; family?: DrawingFamily }) {
  if (page === 'shared') return <SharedDrawingPage />;
  if (page === 'line-export') return <ProductExportPage />;
  if (page === 'nodrawing-new') return <NewNoDrawingPage family={family} />;
  if (page === 'nodrawing-old') return <OldNoDrawingRedirect family={family} />;
  if (page === 'nodrawing-line') return <NoDrawingLinePage family={family} />;
  if (page === 'configurator-frame') return <PlusminusConfiguratorFrame />;
  return <Export3dFramePage />;
}
