import type { CreationCode, JsonObject, ProductInput } from '@lumen/contracts';
import { CONFIGURATOR_ID } from '@lumen/domain';
import { Button, Select, TextField } from '@lumen/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ProjectFormModal } from './project-form-modal';
import {
  addProductsToProject,
  createProject,
  fillProjectRedirect,
  loadProjectChoices,
  PROJECT_PAGE_TEMPLATE,
  selectProjectTarget,
  type ProjectChoice,
} from './project-target';
import { createAsyncAction } from '../../shared/async-action';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useProjectNameField } from './use-project-name-field';
import { useVersionLabel } from './version-label';

const NEW_PROJECT = 'new';

export interface AddToProjectProps {
  /** The configured reference (catalogue form). */
  reference: string;
  quantity: number;
  /** The chosen pendant height in centimetres, for a pendant. */
  pendantHeight?: number;
  isDisabled?: boolean;
  /**
   * A whole preconfiguration instead of one reference (issue 10 §2): the api adds every line it holds,
   * with their quantities and pendant heights; `luminaires` is how many that makes (for the texts).
   */
  preconfig?: { id: number; name: string; luminaires: number };
  /** The project's page, for the confirmation's link; `:projectId` is replaced with the project's id (spec §2). Default: the project page. */
  redirectTemplate?: string;
  /**
   * A crea composition instead of a reference (issue 15 §4): a creation code is asked for first
   * (generate-creation-code), then the line goes as type CREATION with the room's space; the server
   * rebuilds it, checks its rules and computes its bill of materials and price.
   */
  creation?: CreationToAdd;
  /** Called once the line is added (a configurator's draft is then saved work, issue 27 §3). */
  onAdded?: () => void;
}

/** What the crea room hands over to add: the first light's model, the collection, the space (spaceToJSON). */
export interface CreationToAdd {
  model: string;
  subFamilyId: number;
  configuratorTypeId: number;
  space: JsonObject;
  preconfigId?: number;
}

/** POST projects /v1/projects/products/generate-creation-code: the next CR + 9 digits. */
export const generateCreationCode = createAsyncAction<CreationCode, void>('generateCreationCode', (_arg, { extra }) =>
  extra.api.post<CreationCode>('projects', '/v1/projects/products/generate-creation-code', { prefixCode: 'CR' }),
);

/** What was added where: the confirmation under the button (issue 10 §9). */
interface Added {
  projectId: number;
  projectName: string;
  reference: string;
  quantity: number;
  preconfig?: AddToProjectProps['preconfig'];
  creationCode?: string;
}

/**
 * "Add to project" for the configurators and preconfigurations: the product lands in the chosen
 * project — the one the user came from (`/project/{id}/add-product…`, or `?projectId=`) is chosen
 * first — or in a new project created on the way. A confirmation then says what went to which
 * project, with a link to it, and the user may go on configuring (issue 10 §9).
 *
 * Visitors browse and configure too (issue 10 §1): for them the button asks for a login, and once
 * logged in (or signed up) the project dialog opens with the configuration as it was.
 */
export function AddToProject({ reference, quantity, pendantHeight, isDisabled, preconfig, creation, redirectTemplate = PROJECT_PAGE_TEMPLATE, onAdded }: AddToProjectProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  const authView = useAppSelector((state) => state.ui.authModal.view);
  const [open, setOpen] = useState(false);
  const [afterLogin, setAfterLogin] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);
  const mayAdd = account?.privileges.some((privilege) => privilege === 'project.add' || privilege === 'project.edit') ?? false;

  useEffect(() => {
    if (!afterLogin) return;
    if (account) {
      setAfterLogin(false);
      if (mayAdd) setOpen(true);
    } else if (authView === null) {
      // The login view was closed without logging in: nothing opens later.
      setAfterLogin(false);
    }
  }, [afterLogin, account, authView, mayAdd]);

  if (account && !mayAdd) return null;
  const onPress = () => {
    setAdded(null);
    if (account) {
      setOpen(true);
      return;
    }
    setAfterLogin(true);
    dispatch(authModalOpened({ view: 'login' }));
  };
  return (
    <>
      <Button isDisabled={isDisabled} onPress={onPress}>
        {t('projects.addTo.action')}
      </Button>
      <div className="add-to-project__done" role="status">
        {added && (
          <p className="card">
            <span>
              {added.creationCode
                ? t('projects.addTo.doneCreation', { quantity: added.quantity, code: added.creationCode, name: added.projectName })
                : added.preconfig
                ? t('projects.addTo.donePreconfig', { count: added.preconfig.luminaires, preconfig: added.preconfig.name, name: added.projectName })
                : t('projects.addTo.done', { quantity: added.quantity, reference: added.reference, name: added.projectName })}
            </span>{' '}
            <Link className="text-link" to={fillProjectRedirect(redirectTemplate, added.projectId)}>
              {t('projects.addTo.open')}
            </Link>
          </p>
        )}
      </div>
      {open && (
        <AddToProjectModal
          reference={reference}
          quantity={quantity}
          pendantHeight={pendantHeight}
          preconfig={preconfig}
          creation={creation}
          onAdded={(done) => {
            setOpen(false);
            setAdded(done);
            onAdded?.();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function AddToProjectModal({
  reference,
  quantity,
  pendantHeight,
  preconfig,
  creation,
  onAdded,
  onClose,
}: Pick<AddToProjectProps, 'reference' | 'quantity' | 'pendantHeight' | 'preconfig' | 'creation'> & { onAdded: (added: Added) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const versionLabel = useVersionLabel();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { preconfigId } = useParams();
  const [searchParams] = useSearchParams();
  const catalogId = useAppSelector((state) => state.session.account?.catalogId ?? 16);
  const target = useAppSelector((state) => selectProjectTarget(state).projectId);
  const fromQuery = Number(searchParams.get('projectId'));
  const preferred = Number.isSafeInteger(fromQuery) && fromQuery > 0 ? fromQuery : target;

  const [choices, setChoices] = useState<ProjectChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const nameField = useProjectNameField();

  useEffect(() => {
    let current = true;
    void dispatch(loadProjectChoices({ catalogId })).then((result) => {
      if (!current) return;
      if (loadProjectChoices.fulfilled.match(result)) {
        const list = result.payload.filter((item) => item.catalogId === catalogId);
        setChoices(list);
        const first = list.find((item) => item.id === preferred) ?? list[0];
        setChoice(first ? String(first.id) : NEW_PROJECT);
      } else {
        setFailed(true);
        setChoices([]);
        setChoice(NEW_PROJECT);
      }
    });
    return () => {
      current = false;
    };
  }, [dispatch, catalogId, preferred]);

  const numericPreconfig = Number(preconfigId);
  const configuratorType = location.pathname.startsWith('/add-product-v2') ? { id: CONFIGURATOR_ID.ATTRIBUTES_CONFIGURATOR } : { id: CONFIGURATOR_ID.EXPRESS };
  // A whole preconfiguration is named, not described: the api reads its lines, quantities and heights.
  const product: ProductInput = preconfig
    ? { type: 'REGULAR', quantity: 1, addedBy: 'PRECONFIG', preconfigId: preconfig.id, configuratorType }
    : {
        type: 'REGULAR',
        referenceCode: reference,
        quantity,
        ...(pendantHeight !== undefined ? { pendantHeight } : {}),
        addedBy: preconfigId ? 'PRECONFIG' : 'CONFIGURATOR',
        ...(preconfigId && Number.isSafeInteger(numericPreconfig) ? { preconfigId: numericPreconfig } : {}),
        configuratorType,
      };

  // A project must be chosen; a new one needs a valid name.
  const isValid = () => choice !== null && (choice !== NEW_PROJECT || nameField.validate());
  const { pending, onSubmit } = useFormSubmit(isValid, async () => {
    let line = product;
    let creationCode: string | undefined;
    if (creation) {
      const code = await dispatch(generateCreationCode());
      if (!generateCreationCode.fulfilled.match(code)) return false;
      creationCode = code.payload.creationCode;
      line = {
        type: 'CREATION',
        model: creation.model,
        creationCode,
        creationNumber: code.payload.creationNumber,
        quantity,
        subFamily: { id: creation.subFamilyId },
        configuratorType: { id: creation.configuratorTypeId },
        space: creation.space,
        addedBy: creation.preconfigId !== undefined ? 'PRECONFIG' : 'CONFIGURATOR',
        ...(creation.preconfigId !== undefined ? { preconfigId: creation.preconfigId } : {}),
      };
    }
    if (choice === NEW_PROJECT) {
      const result = await dispatch(createProject({ name: nameField.name, catalogId, products: [line] }));
      if (!createProject.fulfilled.match(result)) return false;
      onAdded({ projectId: result.payload.id, projectName: result.payload.name, reference, quantity, preconfig, creationCode });
      return;
    }
    const projectId = Number(choice);
    const result = await dispatch(addProductsToProject({ projectId, products: [line] }));
    if (!addProductsToProject.fulfilled.match(result)) return false;
    onAdded({ projectId, projectName: choices?.find((item) => item.id === projectId)?.name ?? '', reference, quantity, preconfig, creationCode });
  });

  const options = [
    // A project's versions share its name: each is named with its version (issue 10 §5).
    ...(choices ?? []).map((item) => ({
      value: String(item.id),
      label: (item.versionNumber ?? 1) > 1 || (choices ?? []).some((other) => other.id !== item.id && other.name === item.name) ? `${item.name} — ${versionLabel({ versionNumber: item.versionNumber ?? 1, versionTitle: item.versionTitle ?? null })}` : item.name,
    })),
    { value: NEW_PROJECT, label: t('projects.addTo.newProject') },
  ];
  return (
    <ProjectFormModal
      title={t('projects.addTo.title')}
      formId="add-to-project-form"
      submitLabel={t('projects.addTo.submit')}
      pending={pending}
      isSubmitDisabled={choice === null}
      onSubmit={onSubmit}
      onClose={onClose}
      className="auth-form"
    >
      <p>
        {creation
          ? t('projects.addTo.summaryCreation', { quantity })
          : preconfig
            ? t('projects.addTo.summaryPreconfig', { name: preconfig.name, count: preconfig.luminaires })
            : t('projects.addTo.summary', { reference, quantity })}
      </p>
      {choices === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <Select label={t('projects.addTo.project')} options={options} value={choice} onChange={setChoice} />
      )}
      {failed && <p className="form-alert">{t('projects.addTo.listFailed')}</p>}
      {choice === NEW_PROJECT && <TextField {...nameField.fieldProps} />}
    </ProjectFormModal>
  );
}
