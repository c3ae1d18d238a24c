import type { ErpAvailability, Project, ProjectProduct } from '@lumen/contracts';
import { MAX_PRODUCT_QUANTITY } from '@lumen/contracts/constants';
import { attributesValidatePath, CONFIGURATOR_ID, drawingFamilyOf, hasAnyPrivilege, validationPath } from '@lumen/domain';
import { Button, QuantitySelector } from '@lumen/ui';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErpAvailabilityText, useErpAvailability, useMayAskAvailability, type AvailabilityAsk } from '../../shared/erp-availability';
import { useFlag } from '../../shared/flags';
import { usePlatformConfig } from '../../shared/platform-config';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormat } from '../../i18n/use-format';
import { ConfirmModal } from './confirm-modal';
import { observeWindowRectAfterLayout, scrollWindowButTheMountWrite } from './window-virtualizer';
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

/** Pendant height: stored in centimetres, shown in the catalogue's units (feet and inches in 21, metres elsewhere; issue 10 §10). */
function pendantHeight(product: ProjectProduct, catalogId: number, length: (cm: number, catalogId: number) => string): string | null {
  const attribute = product.attributes?.pendantHeight;
  if (!attribute) return null;
  const cm = Number(attribute.code);
  if (attribute.code.trim() !== '' && Number.isFinite(cm) && cm > 0) return length(cm, catalogId);
  return attribute.description || null;
}

export function productName(product: ProjectProduct): string {
  return product.description ?? product.referenceCode ?? product.creationCode ?? product.model;
}

/** Rows kept beyond the visible ones on each side, so that scrolling and Tab find them already there. */
const OVERSCAN_ROWS = 3;
/** First guesses of a row's height (table from md up, a card below), corrected by measuring each rendered row. */
const ESTIMATED_ROW_PX = { table: 150, card: 420 } as const;
const SMALL_SCREEN = '(max-width: 767px)';

/**
 * A row's height for the virtualiser, its bottom margin included (the cards below md are spaced by
 * margins), read from the resize observer's entry: it comes after layout, whereas reading sizes
 * while React inserts the rows forced a layout per row. Until then (no entry) a row keeps what the
 * virtualiser knows of it; a row not laid out (size 0, e.g. in a hidden container) keeps its
 * estimate, so that an unmeasured grid does not take every row for visible.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, known: number): number {
  const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
  if (height <= 0) return known;
  return Math.round(height + (Number.parseFloat(getComputedStyle(element).marginBottom) || 0));
}

/** The page's distance from its top to `element`, where the virtualised rows start. */
function documentTop(element: Element | null): number {
  return element ? Math.round(element.getBoundingClientRect().top + window.scrollY) : 0;
}

/** Printing shows every row, not the window on screen. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => setPrinting(true);
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/**
 * The products of a project: grid attributes, quantity (editable in EDITION), price with price.view, clone and delete.
 *
 * A project may hold hundreds of lines, each with a quantity field and buttons: rendering them all
 * blocked the main thread for seconds. Only the rows in and near the window are rendered (the page
 * scrolls, so the virtualiser follows the window); spacer rows stand for the others so that the
 * scroll height stays true. Screen readers get the real row count and each row's position
 * (aria-rowcount, aria-rowindex); the row holding the focus and its two neighbours stay rendered,
 * so the focus is never dropped by a scroll and Tab / Shift+Tab always find the next row.
 */
/** More actions of one line, from another feature (the app page joins them: the line's documents). */
export type RenderLineActions = (product: ProjectProduct, name: string) => ReactNode;

export function ProductsGrid({ project, editable, seesPrices, renderLineActions }: { project: Project; editable: boolean; seesPrices: boolean; renderLineActions?: RenderLineActions | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [removing, setRemoving] = useState<ProjectProduct | null>(null);
  const showPrices = seesPrices && project.products.some((product) => product.price);
  const { products } = project;
  const withActions = editable || renderLineActions !== undefined;
  const columns = 5 + (showPrices ? 2 : 0) + (withActions ? 1 : 0);
  // What the ERP says of the lines' references (POST sr-erp /v1/availability), for users who order or see orders.
  const mayAsk = useMayAskAvailability();
  const asks = useMemo(() => (mayAsk ? availabilityAsks(products) : []), [mayAsk, products]);
  const availability = useErpAvailability(asks);
  // Its answer re-renders every line on screen: in a transition, which React slices into short
  // tasks, rather than in one task of a plain state update (issue 35 §5: a 60 ms task on a phone's load).
  const availableByReference = useDeferredValue(availability.status === 'ready' ? availability.data : null);

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const printing = usePrinting();
  const estimate = useSmallScreen() ? ESTIMATED_ROW_PX.card : ESTIMATED_ROW_PX.table;
  // The lines render after the rest of the page, in the background: React slices a deferred render
  // into short tasks, so the page's first paint does not wait for them and the main thread is not
  // held for long. Until then one spacer keeps their height, so nothing moves when they come. The
  // virtualiser comes with them (VirtualRows): its start reads the window's size and the grid's
  // place, which forced the page's layout inside the page's first commit, the longest task of the
  // load (issue 35 §5); once the page has been painted, that layout is already done.
  const linesReady = useDeferredValue(true, false);
  const focusedIndex = focusedKey === null ? -1 : products.findIndex((product) => product._id === focusedKey);

  const onRowRemove = useCallback((product: ProjectProduct) => setRemoving(product), []);

  if (products.length === 0) {
    return (
      <div className="card projects__message">
        <p>{t(editable ? 'projects.grid.empty' : 'projects.grid.emptyReadOnly')}</p>
      </div>
    );
  }

  return (
    <>
      <div className="project-grid__scroll">
        <table className={['project-grid', showPrices && 'project-grid--prices', withActions && 'project-grid--actions'].filter(Boolean).join(' ')} aria-rowcount={products.length + 1}>
          <caption className="lm-visually-hidden">{t('projects.grid.caption', { name: project.name })}</caption>
          <colgroup>
            <col className="project-grid__col-product" />
            <col className="project-grid__col-figure" />
            <col className="project-grid__col-figure" />
            <col className="project-grid__col-figure" />
            <col className="project-grid__col-quantity" />
            {showPrices && <col className="project-grid__col-price" />}
            {showPrices && <col className="project-grid__col-price" />}
            {withActions && <col className="project-grid__col-actions" />}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">{t('projects.grid.product')}</th>
              <th scope="col">{t('projects.grid.lumens')}</th>
              <th scope="col">{t('projects.grid.watts')}</th>
              <th scope="col">{t('projects.grid.pendantHeight')}</th>
              <th scope="col">{t('projects.grid.quantity')}</th>
              {showPrices && <th scope="col">{t('projects.grid.unitPrice')}</th>}
              {showPrices && <th scope="col">{t('projects.grid.totalPrice')}</th>}
              {withActions && (
                <th scope="col">
                  <span className="lm-visually-hidden">{t('projects.grid.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody
            ref={bodyRef}
            onFocus={(event) => {
              const key = event.target.closest<HTMLElement>('tr[data-key]')?.dataset.key;
              if (key && key !== focusedKey) setFocusedKey(key);
            }}
          >
            {linesReady ? (
              <VirtualRows
                bodyRef={bodyRef}
                project={project}
                columns={columns}
                estimate={estimate}
                focusedIndex={focusedIndex}
                printing={printing}
                editable={editable}
                showPrices={showPrices}
                onRemove={onRowRemove}
                renderLineActions={renderLineActions}
                availableByReference={availableByReference}
              />
            ) : (
              // Before the lines come the whole grid is one spacer, of another key than the bottom spacer: a
              // node that the lines then pushed down would count as a layout shift, a replaced one does not.
              <SpacerRow key="gap-pending" height={products.length * estimate} columns={columns} />
            )}
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

/** Whether the screen is below md (the lines are cards there): kept in state, so that rendering never asks the browser for its style. */
function useSmallScreen(): boolean {
  const [small, setSmall] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(SMALL_SCREEN).matches === true);
  useEffect(() => {
    const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(SMALL_SCREEN);
    if (!query) return;
    const change = () => setSmall(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return small;
}

interface VirtualRowsProps {
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  project: Project;
  columns: number;
  estimate: number;
  focusedIndex: number;
  printing: boolean;
  editable: boolean;
  showPrices: boolean;
  onRemove: (product: ProjectProduct) => void;
  renderLineActions: RenderLineActions | undefined;
  availableByReference: ReadonlyMap<string, ErpAvailability> | null;
}

/** The rows in and near the window, and spacers of the others' height (see ProductsGrid). */
function VirtualRows({ bodyRef, project, columns, estimate, focusedIndex, printing, editable, showPrices, onRemove, renderLineActions, availableByReference }: VirtualRowsProps) {
  const { products } = project;
  // Where the rows start on the page. These rows mount after the page was laid out and painted, so
  // reading it now costs no layout, and the first rows are the right ones without a second render.
  const [scrollMargin, setScrollMargin] = useState(() => documentTop(bodyRef.current));
  // What the virtualiser reads of the window before it has observed it, read once.
  const [start] = useState(() => (typeof window === 'undefined' ? null : { rect: { width: window.innerWidth, height: window.innerHeight }, offset: window.scrollY }));

  const [scrollToFn] = useState(() => scrollWindowButTheMountWrite<HTMLTableRowElement>());
  const estimateSize = useCallback(() => estimate, [estimate]);
  const getItemKey = useCallback((index: number) => products[index]?._id ?? index, [products]);
  const virtualizer = useWindowVirtualizer({
    count: products.length,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    // The first render already knows the window, so it renders the visible rows, not none.
    initialRect: start?.rect,
    initialOffset: start?.offset ?? 0,
    // …reads it again after the browser's layout, and does not write back the offset it was given:
    // both forced the page's layout inside this commit (window-virtualizer.ts).
    observeElementRect: observeWindowRectAfterLayout,
    scrollToFn,
    measureElement: (element, entry, instance) => measureRow(element, entry, instance.measurementsCache[instance.indexFromElement(element)]?.size ?? estimate),
    rangeExtractor: (range) => {
      if (printing) return products.map((_, index) => index);
      const indexes = new Set(defaultRangeExtractor(range));
      if (focusedIndex >= 0) for (const index of [focusedIndex - 1, focusedIndex, focusedIndex + 1]) if (index >= 0 && index < products.length) indexes.add(index);
      return [...indexes].sort((a, b) => a - b);
    },
    useFlushSync: false,
  });

  // Where the rows start on the page moves with what is above the grid (a notice, a wrapped
  // header, a narrower window), each of which resizes the page: follow it. The observer's first
  // call comes after the browser's layout (no layout forced here).
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrollMargin(documentTop(bodyRef.current)));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [bodyRef]);

  const items = virtualizer.getVirtualItems();
  const rows: ReactNode[] = [];
  let end = scrollMargin;
  for (const item of items) {
    const product = products[item.index];
    if (!product) continue;
    if (item.start > end) rows.push(<SpacerRow key={`gap-${item.index}`} height={item.start - end} columns={columns} />);
    rows.push(
      <ProductRow
        key={product._id}
        index={item.index}
        measureRef={virtualizer.measureElement}
        projectId={project.id}
        catalogId={project.catalogId}
        product={product}
        editable={editable}
        showPrices={showPrices}
        onRemove={onRemove}
        renderLineActions={renderLineActions}
        availability={product.referenceCode ? availableByReference?.get(product.referenceCode) : undefined}
        creationSheets={project.permissions.download}
      />,
    );
    end = item.end;
  }
  const bottom = scrollMargin + virtualizer.getTotalSize() - end;
  if (bottom > 0) rows.push(<SpacerRow key="gap-end" height={bottom} columns={columns} />);
  return rows;
}

/** Stands for rows that are not rendered, with their height; hidden from assistive technology. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="project-grid__spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

interface RowProps {
  index: number;
  measureRef: (element: HTMLTableRowElement | null) => void;
  projectId: number;
  catalogId: number;
  product: ProjectProduct;
  editable: boolean;
  showPrices: boolean;
  onRemove: (product: ProjectProduct) => void;
  renderLineActions: RenderLineActions | undefined;
  /** What the ERP says of the line's reference, once asked. */
  availability?: ErpAvailability | undefined;
  /** The user may download the project's documents: a creation line offers its spec sheet. */
  creationSheets?: boolean;
}

/**
 * A creation's spec sheet by its code (spec §7 GET apiv2 documents/generate-creation-specsheet/{code}):
 * a PDF the api makes at once, in the interface language, for a creation in the caller's projects.
 */
function CreationSheetLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const lang = useAppSelector((state) => state.preferences.lang);
  const base = usePlatformConfig().services.apiv2 ?? '/api/apiv2';
  return (
    <a className="text-link project-grid__sheet" href={`${base}/documents/generate-creation-specsheet/${encodeURIComponent(code)}?lang=${lang}`} download>
      {t('projects.grid.creationSheet')}
      <span className="lm-visually-hidden"> {code}</span>
    </a>
  );
}

/**
 * One line. Memoised: a quantity change or a scroll re-renders the line it concerns and the lines
 * that come into view, not every line (the store keeps unchanged lines as the same objects).
 */
/** Where a line's Edit leads (spec §2: "Validating a product navigates to the configurator chosen by configurator type and subfamily"). */
export function editPath(projectId: number, catalogId: number, product: ProjectProduct, validateComposingPendantsProduct: boolean): string {
  // A regular line opens in the configurator the catalogue opens for it (issue 27 §1): the attributes configurator for a line made there, else the express one.
  if (product.type !== 'CREATION') {
    const line = `/project/${projectId}/product/${encodeURIComponent(product._id)}`;
    return product.configuratorType?.id === CONFIGURATOR_ID.ATTRIBUTES_CONFIGURATOR ? `${line}/attributes-configurator` : `${line}/express-configurator`;
  }
  if (!product.configuratorType) return attributesValidatePath(projectId, product._id);
  try {
    return validationPath(
      { configuratorTypeId: product.configuratorType.id, subFamilyId: product.subFamily?.id ?? null, projectId, productId: product._id, configId: product.configId, familyId: product.familyId, catalogId },
      { validateComposingPendantsProduct },
    );
  } catch {
    return attributesValidatePath(projectId, product._id);
  }
}

/** A saved sticks or plusminus creation (drawn or not): it has a 3D model and a plan to export. */
function isDrawn(product: ProjectProduct): boolean {
  return product.type === 'CREATION' && drawingFamilyOf(product.subFamily?.id ?? 0) !== null;
}

/**
 * What a project asks the ERP: each regular line's reference once, at the quantity the project holds
 * of it in all (a reference on two lines is one need). Creation lines have no catalogue reference.
 */
export function availabilityAsks(products: readonly ProjectProduct[]): AvailabilityAsk[] {
  const byReference = new Map<string, number>();
  for (const product of products) {
    if (product.type === 'CREATION' || !product.referenceCode || product.quantity < 1) continue;
    byReference.set(product.referenceCode, (byReference.get(product.referenceCode) ?? 0) + product.quantity);
  }
  return [...byReference].map(([reference, quantity]) => ({ reference, quantity }));
}

const ProductRow = memo(function ProductRow({ index, measureRef, projectId, catalogId, product, editable, showPrices, onRemove, renderLineActions, availability, creationSheets = false }: RowProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const lang = useAppSelector((state) => state.preferences.lang);
  const mayEdit = useAppSelector((state) => hasAnyPrivilege(state.session.account?.privileges ?? [], ['project.edit']));
  const mayDownload = useAppSelector((state) => hasAnyPrivilege(state.session.account?.privileges ?? [], ['project.download']));
  const validateComposingPendantsProduct = useFlag('validateComposingPendantsProduct');
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
    const result = await dispatch(updateProduct({ projectId, productId: product._id, body: { quantity } }));
    // Prices and totals are the server's: read them again (a failure also puts back the saved quantity).
    if (showPrices || updateProduct.rejected.match(result)) void dispatch(loadProject({ projectId, prices: showPrices, lang }));
  }

  async function clone() {
    setCloning(true);
    const result = await dispatch(cloneProduct({ projectId, productId: product._id }));
    setCloning(false);
    if (cloneProduct.fulfilled.match(result)) void dispatch(loadProject({ projectId, prices: showPrices, lang }));
  }

  return (
    <tr ref={measureRef} data-index={index} data-key={product._id} aria-rowindex={index + 2}>
      <th scope="row" className="project-grid__product">
        <div className="project-grid__product-cell">
          {product.image && <img src={product.image} alt="" width={48} height={48} decoding="async" className="project-grid__image" />}
          <span className="project-grid__name">
            <span>{name}</span>
            {code && code !== name && <span className="project-grid__code">{code}</span>}
            {product.type === 'CREATION' && <span className="projects__badge">{t('projects.grid.creation')}</span>}
            {product.type === 'CREATION' && product.creationCode && creationSheets && <CreationSheetLink code={product.creationCode} />}
            {product.validation.status === 'VALIDATED' && <span className="projects__badge projects__badge--validated">{t('projects.grid.validated')}</span>}
            {availability && (
              <span className="erp-availability__line">
                <span className="lm-visually-hidden">{t('projects.grid.availability')} </span>
                <ErpAvailabilityText availability={availability} />
              </span>
            )}
            <dl className="project-grid__attributes">
              {ATTRIBUTES.map((key) => (
                <div key={key}>
                  <dt>{t(`projects.grid.${key}`)}</dt>
                  <dd>{product.attributes?.[key]?.description || empty}</dd>
                </div>
              ))}
            </dl>
          </span>
        </div>
      </th>
      <td data-label={t('projects.grid.lumens')}>
        {figures.lumens === null ? empty : t(figures.totals ? 'projects.grid.totalLumens' : 'projects.grid.lumensValue', { value: format.number(figures.lumens) })}
      </td>
      <td data-label={t('projects.grid.watts')}>
        {figures.watts === null ? empty : t(figures.totals ? 'projects.grid.totalWatts' : 'projects.grid.wattsValue', { value: format.number(figures.watts) })}
      </td>
      <td data-label={t('projects.grid.pendantHeight')}>{pendantHeight(product, catalogId, format.length) ?? empty}</td>
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
        {/* Below the article's minimum order quantity (issue 34 §4), as the edit screen and the order page say. */}
        {product.moq !== undefined && product.quantity < product.moq && (
          <p className="project-grid__moq" role="note">
            {t('projects.grid.belowMoq', { moq: format.number(product.moq) })}
          </p>
        )}
      </td>
      {showPrices && <td data-label={t('projects.grid.unitPrice')}>{product.price ? format.money(product.price.unitNet, product.price.currency) : empty}</td>}
      {showPrices && <td data-label={t('projects.grid.totalPrice')}>{product.price ? format.money(product.price.totalNet, product.price.currency) : empty}</td>}
      {(editable || renderLineActions) && (
        <td className="project-grid__row-actions">
          {renderLineActions?.(product, name)}
          {editable && mayEdit && (product.type === 'REGULAR' || product.configuratorType) && (
            // A regular line: the attributes configurator (spec §2 /validate/{projectId}/{productId}); a creation: the configurator
            // its configurator type and subfamily choose (crea room, or /compositor for composing pendants under the flag).
            <Link className="lm-button lm-button--ghost lm-button--sm project__link-button" to={editPath(projectId, catalogId, product, validateComposingPendantsProduct)}>
              <span aria-hidden="true">{t('projects.product.edit')}</span>
              <span className="lm-visually-hidden">{t('projects.product.editNamed', { name })}</span>
            </Link>
          )}
          {isDrawn(product) && mayDownload && (
            // Sticks and plusminus creations: their 3D model and plan as files (issue 16 §4).
            <Link className="lm-button lm-button--ghost lm-button--sm project__link-button" to={`/project/${projectId}/product/${encodeURIComponent(product._id)}/export`}>
              <span aria-hidden="true">{t('projects.product.export')}</span>
              <span className="lm-visually-hidden">{t('projects.product.exportNamed', { name })}</span>
            </Link>
          )}
          {editable && (
            <>
              <Button variant="ghost" size="sm" isLoading={cloning} onPress={() => void clone()}>
                <span aria-hidden="true">{t('projects.product.clone')}</span>
                <span className="lm-visually-hidden">{t('projects.product.cloneNamed', { name })}</span>
              </Button>
              <Button variant="ghost" size="sm" onPress={() => onRemove(product)}>
                <span aria-hidden="true">{t('projects.product.delete')}</span>
                <span className="lm-visually-hidden">{t('projects.product.deleteNamed', { name })}</span>
              </Button>
            </>
          )}
        </td>
      )}
    </tr>
  );
});

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
