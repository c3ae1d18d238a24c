/**
 * The crea room's routes (issue 15 §1; spec configuration-domain §2): a new composition (for no
 * project, or for one), a preconfiguration opened ready, and a project's CREATION line reopened to edit
 * or validate. The crea feature draws the room; the projects feature adds and saves the line.
 */
import type { PreconfigDetail, Project, ProjectProduct } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CreaRoomState } from '../../features/crea/crea-room';
import { CREA_MODES, CreaScreen, type CreaMode } from '../../features/crea/crea-screen';
import { NotFoundPage } from '../../features/errors';
import { AddToProject } from '../../features/projects/add-to-project';
import { parseProjectId, projectPath, projectTargetSet, updateProduct, validateProduct } from '../../features/projects/project-target';
import { loadPreconfig } from '../../shared/catalogue-calls';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { RemotePage, WithProjectLine } from './remote-page';
import { CreationLineIntro } from './creation-line-actions';

/** The navigation state an old crea path's redirect carries (spec §2: "keeping a flag that allows current projects"). */
export interface CreaRedirectState {
  allowCurrentProjects: true;
}

const positiveId = (value: string | null | undefined): number | undefined => {
  const id = Number(value);
  return value && /^\d{1,10}$/.test(value) && id > 0 ? id : undefined;
};

function addCreation(preconfigId: number | undefined) {
  return function CreationActions(state: CreaRoomState, saved: () => void) {
    return (
      <AddToProject
        reference=""
        quantity={state.quantity}
        isDisabled={!state.valid}
        onAdded={saved}
        creation={{ model: state.model, subFamilyId: state.subFamilyId, configuratorTypeId: state.configuratorTypeId, space: state.space, ...(preconfigId ? { preconfigId } : {}) }}
      />
    );
  };
}

/**
 * /new-product/crea-configurator[/{model}] and /project/{projectId}/add-product/crea-configurator
 * (?preconfigId): a new composition ending in "Add to project" (the project of the path first).
 */
export function NewCreaPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { model: modelOrMode, projectId: projectParam } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  // {model} or {mode} (spec §2): a crea mode word is the mode, never a model; a new composition is made in mode crea.
  const mode = modelOrMode !== undefined && (CREA_MODES as readonly string[]).includes(modelOrMode.toLowerCase()) ? modelOrMode.toLowerCase() : null;
  const model = mode === null ? modelOrMode : undefined;
  const projectId = parseProjectId(projectParam);
  const preconfigId = positiveId(search.get('preconfigId'));
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = useAppSelector((state) => state.session.account?.catalogId ?? 16);

  useEffect(() => {
    if (projectId !== null) dispatch(projectTargetSet(projectId));
  }, [dispatch, projectId]);

  const [preconfig, reload] = useRemote<PreconfigDetail>(preconfigId !== undefined ? `${preconfigId}/${catalogId}/${lang}` : null, () =>
    dispatch(loadPreconfig({ id: preconfigId ?? 0, catalogId, lang })).unwrap(),
  );
  if (projectParam !== undefined && projectId === null) return <NotFoundPage />;
  if (model !== undefined && !/^[A-Za-z0-9]{4}$/.test(model)) return <NotFoundPage />;
  // Edit and validate need a project line: a new composition opens in mode crea.
  if (mode !== null && mode !== 'crea') return <Navigate to={`${location.pathname.slice(0, location.pathname.lastIndexOf('/'))}${location.search}`} replace />;
  const back = projectId !== null ? projectPath(projectId) : '/create-project/select-collection';
  const backLabel = projectId !== null ? t('projects.add.backToProject') : t('crea.backToCatalogue');
  if (preconfigId !== undefined) {
    return (
      <RemotePage remote={preconfig} reload={reload} failed={{ message: t('crea.preconfigFailed'), retry: t('configurator.retry') }}>
        {(detail) => (
          <CreaScreen
            mode="crea"
            subFamilyId={detail.subFamilyId}
            savedSpace={detail.domainJSON ?? undefined}
            intro={<p className="crea-page__intro">{t('crea.preconfigIntro', { name: detail.name })}</p>}
            backPath={back}
            backLabel={backLabel}
            renderActions={addCreation(preconfigId)}
            draftKey={`crea.preconfig.${preconfigId}`}
          />
        )}
      </RemotePage>
    );
  }
  return <CreaScreen mode="crea" model={model} backPath={back} backLabel={backLabel} renderActions={addCreation(undefined)} draftKey="crea" />;
}

/** /crea-configurator[/{model}] (the old paths): to /new-product/…, with the query and the flag that allows current projects. */
export function OldCreaRedirect() {
  const { model } = useParams();
  const location = useLocation();
  const state: CreaRedirectState = { allowCurrentProjects: true };
  return <Navigate to={`/new-product/crea-configurator${model ? `/${encodeURIComponent(model)}` : ''}${location.search}`} replace state={state} />;
}

/**
 * /project/{projectId}/product/{productId}/crea-configurator[/{mode}], and the validation of a
 * composing-pendants line (/compositor?projectId&productId&validating=true…, or the attributes
 * validate route when the flag sends it there): the saved composition reopened as it was (migrated
 * forward when older); Save writes a new revision of the line, and in validate mode validates it.
 */
export function CreaLinePage({ mode: fixedMode }: { mode?: CreaMode }) {
  const params = useParams();
  const [search] = useSearchParams();
  const modeParam = params.mode;
  const mode: CreaMode | null = fixedMode ?? (modeParam === undefined ? 'edit' : (CREA_MODES as readonly string[]).includes(modeParam) ? (modeParam as CreaMode) : null);
  if (mode === null) return <NotFoundPage />;
  return (
    <WithProjectLine projectId={params.projectId ?? search.get('projectId')} productId={params.productId ?? search.get('productId')} creation>
      {(project, product) => <CreaLineEditor project={project} product={product} mode={mode} />}
    </WithProjectLine>
  );
}

/** A project's CREATION line in the room (also used by the attributes validate route for creation lines). */
export function CreaLineEditor({ project, product, mode }: { project: Project; product: ProjectProduct; mode: CreaMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const privileges = useAppSelector((state) => state.session.account?.privileges ?? []);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const revision = useRef(project.revision);
  const inEdition = project.status === PROJECT_STATUS.EDITION;
  const editable = inEdition && project.permissions.edit && hasAnyPrivilege(privileges, ['project.edit']);
  const back = projectPath(project.id);

  async function save(state: CreaRoomState, done: () => void) {
    setPending(true);
    setSaved(null);
    const updated = await dispatch(
      updateProduct({ projectId: project.id, productId: product._id, body: { space: state.space, quantity: state.quantity, expectedRevision: revision.current } }),
    );
    if (!updateProduct.fulfilled.match(updated)) {
      setPending(false);
      return;
    }
    revision.current = updated.payload.revision;
    done();
    if (mode === 'validate') {
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

  const note = !inEdition
    ? t(project.status === PROJECT_STATUS.ORDER ? 'projects.page.readOnlyOrder' : 'projects.page.readOnlyDeleted')
    : !editable
      ? t('projects.validate.readOnlyPermission')
      : null;
  return (
    <CreaScreen
      mode={mode}
      subFamilyId={product.subFamily?.id}
      savedSpace={product.space ?? undefined}
      initialQuantity={product.quantity}
      catalogId={project.catalogId}
      readOnly={!editable}
      backPath={back}
      backLabel={t('projects.add.backToProject')}
      draftKey={`crea.line.${product._id}`}
      intro={<CreationLineIntro project={project} product={product} note={note} className="crea-page__intro" />}
      renderActions={
        editable
          ? (state, done) => (
              <div className="crea-line__actions">
                <Button variant="secondary" onPress={() => void navigate(back)} isDisabled={pending}>
                  {t('projects.cancel')}
                </Button>
                <Button onPress={() => void save(state, done)} isLoading={pending} isDisabled={!state.valid}>
                  {mode === 'validate' ? t('crea.line.saveValidate') : t('crea.line.save')}
                </Button>
                <p role="status" className="crea-line__saved">
                  {saved !== null ? t('crea.line.saved', { revision: saved }) : ''}
                </p>
              </div>
            )
          : undefined
      }
    />
  );
}

/** The router's one lazy entry for the crea pages (app/routes.tsx): which page, by its route. */
export default function CreaPage({ page }: { page: 'new' | 'old' | 'line' | 'validate' }) {
  if (page === 'new') return <NewCreaPage />;
  if (page === 'old') return <OldCreaRedirect />;
  return <CreaLinePage {...(page === 'validate' ? { mode: 'validate' as const } : {})} />;
}
