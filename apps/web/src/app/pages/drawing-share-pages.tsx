/**
 * The drawings' shared view, exports and frames (issue 16 §4–§6): the drawing feature's screens joined
 * with the projects feature (a copy into a project, a project line's export) at their routes.
 */
import { CreationSpace, type SharedCreation } from '@lumen/contracts';
import { drawingFamilyOf, hasAnyPrivilege } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExportPanel } from '../../features/drawing/drawing-export';
import { Export3dFrame } from '../../features/drawing/drawing-frame-screens';
import { isShareHash, loadSharedCreation } from '../../features/drawing/drawing-share-calls';
import { DrawingPlanView } from '../../features/drawing/drawing-share-plan';
import { DrawingPreviewPanel } from '../../features/drawing/drawing-preview-panel';
import { firstModelOf, readDrawingSpace, SharedDrawingView } from '../../features/drawing/drawing-share-view';
import { NotFoundPage } from '../../features/errors';
import { AddToProject } from '../../features/projects/add-to-project';
import { parseProjectId, projectPath } from '../../features/projects/project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { RemotePage, WithProject } from './remote-page';

const isProductId = (value: string | undefined): value is string => typeof value === 'string' && /^[0-9a-fA-F-]{36}$/.test(value);

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
  const projectId = parseProjectId(params.projectId);
  const productId = isProductId(params.productId) ? params.productId.toLowerCase() : null;
  if (projectId === null || productId === null) return <NotFoundPage />;
  return (
    <WithProject projectId={projectId}>
      {(project) => {
        const product = project.products.find((item) => item._id.toLowerCase() === productId);
        if (!product) return <NotFoundPage />;
        const subFamilyId = product.subFamily?.id ?? 0;
        const drawn = product.type === 'CREATION' && drawingFamilyOf(subFamilyId) !== null && product.space;
        const read = drawn && product.subFamily ? readDrawingSpace(product.space, subFamilyId, { familyId: product.familyId ?? 0, subFamily: product.subFamily, category: product.category?.id ?? 0 }) : null;
        const name = product.creationCode ?? product.model;
        return (
          <section className="page drawing-export-page" aria-labelledby="drawing-export-page-title">
            <header>
              <p className="crea-page__eyebrow">{t('drawingShare.exportPage.eyebrow')}</p>
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
    </WithProject>
  );
}

/** /iframe/plusminus-export3d?host=…&snapshot=…: the export frame, with the read-only 3D preview. */
export function Export3dFramePage() {
  return <Export3dFrame renderPreview={(drawing, room) => <DrawingPreviewPanel drawing={drawing} room={room} />} />;
}

/** The router's one lazy entry for these pages (app/routes.tsx). */
export default function DrawingSharePage({ page }: { page: 'shared' | 'line-export' | 'export-frame' }) {
  if (page === 'shared') return <SharedDrawingPage />;
  if (page === 'line-export') return <ProductExportPage />;
  return <Export3dFramePage />;
}
