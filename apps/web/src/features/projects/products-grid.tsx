import { MAX_PRODUCT_QUANTITY, type Project, type ProjectProduct } from '@lumen/contracts';
import { attributesValidatePath, hasAnyPrivilege, pendantHeightToMetres } from '@lumen/domain';
import { Button, QuantitySelector } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormat } from '../../i18n/use-format';
import { ConfirmModal } from './confirm-modal';
import { cloneProduct, deleteProduct, loadProject, updateProduct } from './projects-calls';

const ATTRIBUTES = ['finish', 'ledColourTemp', 'control', 'installation'] as const;

/** A number out of a composition (creation products carry their totals there). */
function sumOf(compositions: readonly Record<string, unknown>[], key: string): number | null {
  let total: number | null = null;
  for (const composition of compositions) {
    const value = composition[key];
    if (typeof value === 'number' && Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}

/** Lumens (total lumens for a creation) and watts (total watts) of one unit of a line (spec configuration-domain §3 grid). */
export function lineFigures(product: ProjectProduct): { lumens: number | null; watts: number | null; totals: boolean } {
  if (product.type === 'CREATION')
    return { lumens: sumOf(product.compositions, 'totalLumensLed') ?? product.lumensLed ?? null, watts: sumOf(product.compositions, 'totalWatts') ?? product.watts ?? null, totals: true };
  return { lumens: product.lumensLed ?? null, watts: product.watts ?? null, totals: false };
}

/** Pendant height: stored in centimetres, shown in metres (configuration-domain §3). */
function pendantHeight(product: ProjectProduct, number: (value: number, options?: Intl.NumberFormatOptions) => string, t: (key: string, values: Record<string, string>) => string): string | null {
  const attribute = product.attributes?.pendantHeight;
  if (!attribute) return null;
  const cm = Number(attribute.code);
  if (attribute.code.trim() !== '' && Number.isFinite(cm) && cm > 0)
    return t('projects.grid.metres', { value: number(pendantHeightToMetres(cm), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
  return attribute.description || null;
}

export function productName(product: ProjectProduct): string {
  return product.description ?? product.referenceCode ?? product.creationCode ?? product.model;
}

/** The products of a project: grid attributes, quantity (editable in EDITION), price with price.view, clone and delete. */
export function ProductsGrid({ project, editable, seesPrices }: { project: Project; editable: boolean; seesPrices: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [removing, setRemoving] = useState<ProjectProduct | null>(null);
  const showPrices = seesPrices && project.products.some((product) => product.price);

  if (project.products.length === 0) {
    return (
      <div className="card projects__message">
        <p>{t(editable ? 'projects.grid.empty' : 'projects.grid.emptyReadOnly')}</p>
      </div>
    );
  }

  return (
    <>
      <div className="project-grid__scroll">
        <table className="project-grid">
          <caption className="lm-visually-hidden">{t('projects.grid.caption', { name: project.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('projects.grid.product')}</th>
              <th scope="col">{t('projects.grid.lumens')}</th>
              <th scope="col">{t('projects.grid.watts')}</th>
              <th scope="col">{t('projects.grid.pendantHeight')}</th>
              <th scope="col">{t('projects.grid.quantity')}</th>
              {showPrices && <th scope="col">{t('projects.grid.unitPrice')}</th>}
              {showPrices && <th scope="col">{t('projects.grid.totalPrice')}</th>}
              {editable && (
                <th scope="col">
                  <span className="lm-visually-hidden">{t('projects.grid.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {project.products.map((product) => (
              <ProductRow key={product._id} project={project} product={product} editable={editable} showPrices={showPrices} onRemove={() => setRemoving(product)} />
            ))}
          </tbody>
        </table>
      </div>
      {showPrices && typeof project.totalNet === 'number' && (
        <p className="project-grid__total">
          <span>{t('projects.grid.projectTotal')}</span> <strong>{format.money(project.totalNet, project.currency)}</strong>
        </p>
      )}
      {removing && <RemoveProductModal project={project} product={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

interface RowProps {
  project: Project;
  product: ProjectProduct;
  editable: boolean;
  showPrices: boolean;
  onRemove: () => void;
}

function ProductRow({ project, product, editable, showPrices, onRemove }: RowProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const lang = useAppSelector((state) => state.preferences.lang);
  const mayEdit = useAppSelector((state) => hasAnyPrivilege(state.session.account?.privileges ?? [], ['project.edit']));
  const [cloning, setCloning] = useState(false);
  const name = productName(product);
  const figures = lineFigures(product);
  const empty = (
    <>
      <span aria-hidden="true">–</span>
      <span className="lm-visually-hidden">{t('projects.grid.none')}</span>
    </>
  );
  const code = product.type === 'CREATION' ? product.creationCode : product.referenceCode;

  async function changeQuantity(quantity: number) {
    if (quantity === product.quantity) return;
    const result = await dispatch(updateProduct({ projectId: project.id, productId: product._id, body: { quantity } }));
    // Prices and totals are the server's: read them again (a failure also puts back the saved quantity).
    if (showPrices || updateProduct.rejected.match(result)) void dispatch(loadProject({ projectId: project.id, prices: showPrices, lang }));
  }

  async function clone() {
    setCloning(true);
    const result = await dispatch(cloneProduct({ projectId: project.id, productId: product._id }));
    setCloning(false);
    if (cloneProduct.fulfilled.match(result)) void dispatch(loadProject({ projectId: project.id, prices: showPrices, lang }));
  }

  return (
    <tr>
      <th scope="row" className="project-grid__product">
        {product.image && <img src={product.image} alt="" className="project-grid__image" />}
        <span className="project-grid__name">
          <span>{name}</span>
          {code && code !== name && <span className="project-grid__code">{code}</span>}
          {product.type === 'CREATION' && <span className="projects__badge">{t('projects.grid.creation')}</span>}
          {product.validation.status === 'VALIDATED' && <span className="projects__badge projects__badge--validated">{t('projects.grid.validated')}</span>}
          <dl className="project-grid__attributes">
            {ATTRIBUTES.map((key) => (
              <div key={key}>
                <dt>{t(`projects.grid.${key}`)}</dt>
                <dd>{product.attributes?.[key]?.description || empty}</dd>
              </div>
            ))}
          </dl>
        </span>
      </th>
      <td data-label={t('projects.grid.lumens')}>
        {figures.lumens === null ? empty : t(figures.totals ? 'projects.grid.totalLumens' : 'projects.grid.lumensValue', { value: format.number(figures.lumens) })}
      </td>
      <td data-label={t('projects.grid.watts')}>
        {figures.watts === null ? empty : t(figures.totals ? 'projects.grid.totalWatts' : 'projects.grid.wattsValue', { value: format.number(figures.watts) })}
      </td>
      <td data-label={t('projects.grid.pendantHeight')}>{pendantHeight(product, format.number, t) ?? empty}</td>
      <td data-label={t('projects.grid.quantity')}>
        {editable ? (
          <QuantitySelector
            className="project-grid__quantity"
            variant="numeric"
            min={1}
            max={MAX_PRODUCT_QUANTITY}
            value={product.quantity}
            label={t('projects.grid.quantityOf', { name })}
            onChange={(quantity) => void changeQuantity(quantity)}
          />
        ) : (
          format.number(product.quantity)
        )}
      </td>
      {showPrices && <td data-label={t('projects.grid.unitPrice')}>{product.price ? format.money(product.price.unitNet, product.price.currency) : empty}</td>}
      {showPrices && <td data-label={t('projects.grid.totalPrice')}>{product.price ? format.money(product.price.totalNet, product.price.currency) : empty}</td>}
      {editable && (
        <td className="project-grid__row-actions">
          {product.type === 'REGULAR' && mayEdit && (
            // The attributes configurator with this line's configuration (spec §2 /validate/{projectId}/{productId}).
            <Link className="lm-button lm-button--ghost lm-button--sm project__link-button" to={attributesValidatePath(project.id, product._id)}>
              <span aria-hidden="true">{t('projects.product.edit')}</span>
              <span className="lm-visually-hidden">{t('projects.product.editNamed', { name })}</span>
            </Link>
          )}
          <Button variant="ghost" size="sm" isLoading={cloning} onPress={() => void clone()}>
            <span aria-hidden="true">{t('projects.product.clone')}</span>
            <span className="lm-visually-hidden">{t('projects.product.cloneNamed', { name })}</span>
          </Button>
          <Button variant="ghost" size="sm" onPress={onRemove}>
            <span aria-hidden="true">{t('projects.product.delete')}</span>
            <span className="lm-visually-hidden">{t('projects.product.deleteNamed', { name })}</span>
          </Button>
        </td>
      )}
    </tr>
  );
}

function RemoveProductModal({ project, product, onClose }: { project: Project; product: ProjectProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const seesPrices = useAppSelector((state) => (state.session.account?.privileges ?? []).includes('price.view'));
  const [pending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    const result = await dispatch(deleteProduct({ projectId: project.id, productId: product._id }));
    setPending(false);
    onClose();
    if (deleteProduct.fulfilled.match(result) && seesPrices) void dispatch(loadProject({ projectId: project.id, prices: true, lang }));
  }
  return (
    <ConfirmModal title={t('projects.product.deleteTitle')} confirmLabel={t('projects.product.deleteConfirm')} pending={pending} onConfirm={() => void confirm()} onClose={onClose}>
      <p>{t('projects.product.deleteText', { name: productName(product), quantity: product.quantity })}</p>
    </ConfirmModal>
  );
}
