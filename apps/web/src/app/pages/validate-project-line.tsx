import type { Project, ProjectProduct } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { CONFIGURATOR_ID, hasAnyPrivilege, tryParseReference, type ElementAttributes } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfiguratorScreen } from '../../features/configurator/configurator-page';
import type { ConfiguratorActionsState, ConfiguratorMode } from '../../features/configurator/configurator';
import { CreaLineEditor } from './crea-pages';
import { WithProjectLine } from './remote-page';
import { formatNumber } from '../../i18n/format';
import { projectPath, updateProduct, validateProduct } from '../../features/projects/project-target';
import { useAppDispatch, useAppSelector } from '../../shared/store';

/** A line's attributes as the configurator sets them: its reference read by the domain, its pendant height in cm. */
export function attributesOfProduct(product: ProjectProduct): ElementAttributes {
  const parts = product.referenceCode ? tryParseReference(product.referenceCode) : null;
  const height = product.attributes?.pendantHeight?.code;
  return {
    ...(parts ? { finish: parts.colour } : {}),
    ...(parts?.temperature !== undefined ? { ledColourTemp: parts.temperature } : {}),
    ...(parts?.control !== undefined ? { control: parts.control } : {}),
    ...(parts?.installation !== undefined ? { installation: parts.installation } : {}),
    ...(height && /^\d+$/.test(height) ? { pendantHeight: height } : {}),
  };
}

/**
 * /validate/{projectId}/{productId}: a regular line of a project opened in the attributes configurator
 * with its attributes and quantity preselected; Save updates the line in place (new reference,
 * quantity and pendant height, with the revision it was read at) and validates it, then the project page. Cancel goes
 * back to the project unchanged. A project in ORDER or DELETED (or one the server does not let the
 * user edit) shows the configuration read-only. Creation lines belong to their own configurators.
 */
export function ValidateProjectLine({ mode = 'attributes' }: { mode?: ConfiguratorMode }) {
  const params = useParams();
  return (
    <WithProjectLine projectId={params.projectId} productId={params.productId}>
      {(project, product) =>
        // A composing-pendants line validates here when validateComposingPendantsProduct is off (spec §2): in the crea room.
        product.type === 'CREATION' ? <CreaLineEditor project={project} product={product} mode="validate" /> : <LineEditor project={project} product={product} mode={mode} />
      }
    </WithProjectLine>
  );
}

function LineEditor({ project, product, mode }: { project: Project; product: ProjectProduct; mode: ConfiguratorMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const privileges = useAppSelector((state) => state.session.account?.privileges ?? []);
  const lang = useAppSelector((state) => state.preferences.lang);
  const [pending, setPending] = useState(false);
  // The revision the next update expects: the project's as read, then the update's answer.
  const revision = useRef(project.revision);

  const inEdition = project.status === PROJECT_STATUS.EDITION;
  const editable = inEdition && project.permissions.edit && hasAnyPrivilege(privileges, ['project.edit']);
  const back = projectPath(project.id);
  const note = !inEdition
    ? t(project.status === PROJECT_STATUS.ORDER ? 'projects.page.readOnlyOrder' : 'projects.page.readOnlyDeleted')
    : !editable
      ? t('projects.validate.readOnlyPermission')
      : null;

  async function save({ reference, quantity, pendantHeight }: ConfiguratorActionsState) {
    setPending(true);
    const updated = await dispatch(
      updateProduct({
        projectId: project.id,
        productId: product._id,
        body: {
          quantity,
          referenceCode: reference,
          ...(pendantHeight !== null ? { pendantHeight } : {}),
          configuratorType: { id: mode === 'express' ? CONFIGURATOR_ID.EXPRESS : CONFIGURATOR_ID.ATTRIBUTES_CONFIGURATOR },
          expectedRevision: revision.current,
        },
      }),
    );
    if (!updateProduct.fulfilled.match(updated)) {
      setPending(false);
      return;
    }
    revision.current = updated.payload.revision;
    const validated = await dispatch(validateProduct({ projectId: project.id, productId: product._id }));
    if (!validateProduct.fulfilled.match(validated)) {
      // The line is saved; Save again validates it (the update is repeated at the new revision).
      setPending(false);
      return;
    }
    void navigate(back);
  }

  return (
    <ConfiguratorScreen
      mode={mode}
      model={product.model}
      subFamilyId={product.subFamily?.id}
      applicationLocationId={product.applicationLocation?.id}
      catalogId={project.catalogId}
      initial={attributesOfProduct(product)}
      initialQuantity={product.quantity}
      readOnly={!editable}
      backPath={back}
      backLabel={t('projects.add.backToProject')}
      intro={
        <div className="configurator-page__intro">
          <p>{t('projects.validate.intro', { project: project.name, reference: product.referenceCode ?? '', quantity: formatNumber(product.quantity, lang) })}</p>
          {note && (
            <p className="card validate-line__notice" role="note">
              {note}
            </p>
          )}
        </div>
      }
      renderActions={(state) =>
        editable ? (
          <div className="validate-line__actions">
            <Button variant="secondary" onPress={() => void navigate(back)} isDisabled={pending}>
              {t('projects.cancel')}
            </Button>
            <Button onPress={() => void save(state)} isLoading={pending} isDisabled={state.notMade}>
              {t('projects.validate.save')}
            </Button>
          </div>
        ) : null
      }
    />
  );
}
