import type { Collection, ModelSummary } from '@lumen/contracts';
import { Card, PageHeader } from '@lumen/ui';
import { hasAnyPrivilege, keepSizesTogether } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { selectBrowsingCatalogId, selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { formatMoney, formatNumber } from '../../i18n/format';
import { loadCollections, loadModels } from './catalogue-calls';
import './catalogue.css';
import { lampTypeKey } from './lamp-types';
import { ProductImage } from './product-image';
import { ListSkeleton, LoadFailed } from './remote-state';
import { SelectionSteps } from './selection-steps';
import { useRemote } from '../../shared/use-remote';
import { collectionEntry, creaPath, drawingPath, useTargetProjectId } from './configurator-entry';
import { CollectionDesigner } from './collection-designer';

export type AddProductFlow = 'v1' | 'v2';

/** The first path segment of each flow: v1 ends in the express configurator, v2 in the attributes configurator. */
export const FLOW_BASE: Readonly<Record<AddProductFlow, string>> = { v1: '/add-product', v2: '/add-product-v2' };

function positiveId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /add-product/{subFamilyId} and /add-product/{subFamilyId}/{applicationLocationId} (and the same
 * under /add-product-v2): the second and third steps of choosing a product. A collection with one
 * application location goes straight to its models.
 */
export default function AddProductPage({ flow = 'v1' }: { flow?: AddProductFlow }) {
  const { t } = useTranslation();
  const params = useParams();
  const reader = useAppSelector(selectCatalogueReader);
  const lang = useAppSelector((state) => state.preferences.lang);
  const subFamilyId = positiveId(params.subFamilyId);
  const dispatch = useAppDispatch();
  const catalogId = useAppSelector(selectBrowsingCatalogId);
  const [remote, reload] = useRemote(reader && subFamilyId !== null ? `${reader}/${catalogId}/${lang}/${subFamilyId}` : null, () =>
    dispatch(loadCollections({ catalogId, lang, subFamilyId: subFamilyId ?? undefined })).unwrap(),
  );

  if (subFamilyId === null) return <NotInCatalogue />;
  if (remote.status === 'loading') {
    return (
      <section className="page catalogue">
        <SelectionSteps active={1} paths={['/create-project/select-collection']} />
        <ListSkeleton count={3} />
      </section>
    );
  }
  if (remote.status === 'failed') {
    return (
      <section className="page catalogue">
        <SelectionSteps active={1} paths={['/create-project/select-collection']} />
        <LoadFailed onRetry={reload} />
      </section>
    );
  }
  const collection = remote.data.find((item) => item.subFamilyId === subFamilyId);
  if (!collection) return <NotInCatalogue />;

  const base = `${FLOW_BASE[flow]}/${collection.subFamilyId}`;
  const entry = collectionEntry(collection);
  // Sticks and plusminus are drawn or chosen from a layout (spec §2); their single luminaires are chosen by application.
  if (entry.kind === 'drawing' && params.applicationLocationId === undefined) {
    return <DrawingChoiceStep collection={collection} family={entry.family} preferred={entry.preferred} base={base} />;
  }
  if (params.applicationLocationId === undefined) {
    const [only, ...more] = collection.applicationLocations;
    if (only && more.length === 0) return <Navigate to={`${base}/${only.id}`} replace />;
    return <LocationStep collection={collection} base={base} />;
  }
  const location = collection.applicationLocations.find((item) => String(item.id) === params.applicationLocationId);
  if (!location) return <NotInCatalogue />;
  return (
    <ModelStep
      key={`${collection.subFamilyId}/${location.id}`}
      collection={collection}
      location={location}
      base={base}
      skippedLocation={collection.applicationLocations.length === 1}
      title={t('catalogue.models.title', { collection: collection.name })}
      crea={entry.kind === 'crea'}
    />
  );
}

function collectionsPath(collection: Collection): string {
  return `/create-project/select-collection/${collection.subFamilyId}`;
}

function LocationStep({ collection, base }: { collection: Collection; base: string }) {
  const { t } = useTranslation();
  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <SelectionSteps active={1} paths={[collectionsPath(collection)]} />
      <PageHeader titleId="catalogue-title" eyebrow={collection.name} title={t('catalogue.locations.title')} lead={t('catalogue.locations.lead', { collection: collection.name })} />
      <ul className="catalogue-locations" aria-label={t('catalogue.locations.listLabel')}>
        {collection.applicationLocations.map((location) => (
          <li key={location.id}>
            <Link className="catalogue-card catalogue-card--location" to={`${base}/${location.id}`}>
              <span className="catalogue-card__body">
                <strong className="catalogue-card__name">{location.description}</strong>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ModelStepProps {
  collection: Collection;
  location: { id: number; description: string };
  base: string;
  skippedLocation: boolean;
  title: string;
  /** A crea collection: a model opens the crea room with it hung first. */
  crea: boolean;
}

function ModelStep({ collection, location, base, skippedLocation, title, crea }: ModelStepProps) {
  const { t } = useTranslation();
  const projectId = useTargetProjectId();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const dispatch = useAppDispatch();
  const reader = useAppSelector(selectCatalogueReader);
  const catalogId = useAppSelector(selectBrowsingCatalogId);
  const [remote, reload] = useRemote(reader ? `${reader}/${catalogId}/${lang}/${collection.subFamilyId}/${location.id}` : null, () =>
    dispatch(loadModels({ catalogId, lang, subFamilyId: collection.subFamilyId, applicationLocationId: location.id })).unwrap(),
  );

  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <SelectionSteps active={2} paths={[collectionsPath(collection), skippedLocation ? undefined : base]} />
      <PageHeader titleId="catalogue-title" eyebrow={`${collection.name} · ${location.description}`} title={title} lead={t(crea ? 'catalogue.models.creaLead' : 'catalogue.models.lead')}>
        <CollectionDesigner subFamilyId={collection.subFamilyId} lang={lang} />
        <p>
          <Link className="text-link" to={`/preconfigs-list/${collection.subFamilyId}/${location.id}`}>
            {t('catalogue.models.preconfigs')}
          </Link>
        </p>
      </PageHeader>
      {remote.status === 'loading' && <ListSkeleton />}
      {remote.status === 'failed' && <LoadFailed onRetry={reload} />}
      {remote.status === 'ready' &&
        (remote.data.length === 0 ? (
          <Card className="catalogue-message">
            <p>{t('catalogue.models.none')}</p>
          </Card>
        ) : (
          <ul className="catalogue-collections catalogue-collections--grid" aria-label={t('catalogue.models.listLabel')}>
            {remote.data.map((model) => (
              <li key={model.model}>
                <ModelCard model={model} to={crea ? creaPath(projectId, model.model) : `${base}/${location.id}/${encodeURIComponent(model.model)}`} seesPrices={seesPrices} lang={lang} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/**
 * Sticks and plusminus (spec §2: drawing and no-drawing configurators for subfamilies 219 and 225):
 * the user chooses between drawing the structure and starting from a layout; the collection's own
 * configurator type comes first. The collection's single luminaires (a pendant on its own) stay one
 * click away, by application, as in every other collection.
 */
function DrawingChoiceStep({ collection, family, preferred, base }: { collection: Collection; family: 'sticks' | 'plusminus'; preferred: 'drawing' | 'nodrawing'; base: string }) {
  const { t } = useTranslation();
  const projectId = useTargetProjectId();
  const choices = [
    { key: 'draw', to: drawingPath(projectId, family, true) },
    { key: 'layout', to: drawingPath(projectId, family, false) },
  ];
  if (preferred === 'nodrawing') choices.reverse();
  const [location] = collection.applicationLocations;
  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <SelectionSteps active={1} paths={[collectionsPath(collection)]} />
      <PageHeader titleId="catalogue-title" eyebrow={collection.name} title={t('catalogue.entry.title', { collection: collection.name })} lead={t('catalogue.entry.lead', { collection: collection.name })}>
        <p>
          <Link className="text-link" to={`/preconfigs-list/${collection.subFamilyId}${location && collection.applicationLocations.length === 1 ? `/${location.id}` : ''}`}>
            {t('catalogue.models.preconfigs')}
          </Link>
        </p>
      </PageHeader>
      <ul className="catalogue-locations" aria-label={t('catalogue.entry.listLabel')}>
        {choices.map(({ key, to }) => (
          <li key={key}>
            <Link className="catalogue-card catalogue-card--location" to={to}>
              <span className="catalogue-card__body">
                <strong className="catalogue-card__name">{t(`catalogue.entry.${key}.title`)}</strong>
                <span className="catalogue-card__text">{t(`catalogue.entry.${key}.text`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {collection.applicationLocations.length > 0 && (
        <section className="catalogue__more" aria-labelledby="catalogue-single-title">
          <h2 id="catalogue-single-title">{t('catalogue.entry.single.title')}</h2>
          <p className="catalogue__lead">{t('catalogue.entry.single.lead', { collection: collection.name })}</p>
          <ul className="catalogue-locations" aria-label={t('catalogue.locations.listLabel')}>
            {collection.applicationLocations.map((item) => (
              <li key={item.id}>
                <Link className="catalogue-card catalogue-card--location" to={`${base}/${item.id}`}>
                  <span className="catalogue-card__body">
                    <strong className="catalogue-card__name">{item.description}</strong>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function ModelCard({ model, to, seesPrices, lang }: { model: ModelSummary; to: string; seesPrices: boolean; lang: Parameters<typeof formatNumber>[1] }) {
  const { t } = useTranslation();
  const lampType = lampTypeKey(model.category.id);
  return (
    <Link to={to} className="catalogue-card">
      <ProductImage src={model.image} />
      <span className="catalogue-card__body">
        <span className="catalogue-card__title">
          <strong className="catalogue-card__name">{keepSizesTogether(model.description)}</strong>
          <span className="catalogue-card__code">{model.model}</span>
        </span>
        <span className="catalogue-card__meta">
          {lampType && <span>{t(lampType)}</span>}
          {/* SI unit symbols are the same in every language. */}
          <span>{`${formatNumber(model.technicalData.lumens, lang)}\u00a0lm · ${formatNumber(model.technicalData.watts, lang)}\u00a0W`}</span>
        </span>
        {seesPrices && model.priceFrom && (
          <span className="catalogue-card__price">{t('catalogue.models.priceFrom', { price: formatMoney(model.priceFrom.amount, model.priceFrom.currency) })}</span>
        )}
      </span>
    </Link>
  );
}

function NotInCatalogue() {
  const { t } = useTranslation();
  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <SelectionSteps active={1} paths={['/create-project/select-collection']} />
      <Card className="catalogue-message">
        <h1 id="catalogue-title">{t('catalogue.notFound.title')}</h1>
        <p>{t('catalogue.notFound.text')}</p>
        <Link className="text-link" to="/create-project/select-collection">
          {t('catalogue.notFound.back')}
        </Link>
      </Card>
    </section>
  );
}
