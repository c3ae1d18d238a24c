import type { Collection } from '@lumen/contracts';
import { Button, Card, PageHeader, Select, Toolbar } from '@lumen/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { selectBrowsingCatalogId, selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadCollections } from './catalogue-calls';
import './catalogue.css';
import { LAMP_TYPES, isLampTypeId, lampTypeKey, type LampTypeId } from './lamp-types';
import { ProductImage } from './product-image';
import { ListSkeleton, LoadFailed } from './remote-state';
import { SelectionSteps } from './selection-steps';
import { useRemote } from '../../shared/use-remote';
import { useViewMode, type ViewMode } from './view-mode';
import { collectionStepPath } from './configurator-entry';

const ALL = 'all';

/** Reads `?lampType=` : a lamp-type id (17–28) or nothing. */
function lampTypeOf(value: string | null): LampTypeId | null {
  const id = Number(value);
  return value !== null && isLampTypeId(id) ? id : null;
}

/**
 * /create-project/select-collection (optional /{subFamilyId}): the collections of the user's
 * catalogue in the user's language, filterable by lamp type, as a grid (default) or a list. The
 * optional subfamily marks that collection as the current one (where "back" from the next step lands).
 */
export default function SelectCollectionPage() {
  const { t } = useTranslation();
  const { subFamilyId } = useParams();
  const reader = useAppSelector(selectCatalogueReader);
  const lang = useAppSelector((state) => state.preferences.lang);
  const [search, setSearch] = useSearchParams();
  const [viewMode, setViewMode] = useViewMode();
  const dispatch = useAppDispatch();
  const catalogId = useAppSelector(selectBrowsingCatalogId);
  const [remote, reload] = useRemote(reader === null ? null : `${reader}/${catalogId}/${lang}`, () => dispatch(loadCollections({ catalogId, lang })).unwrap());

  const lampType = lampTypeOf(search.get('lampType'));
  const collections = useMemo(() => (remote.status === 'ready' ? [...remote.data].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)) : []), [remote]);
  const lampTypes = useMemo(() => {
    const present = new Set(collections.flatMap((collection) => collection.categories.map((category) => category.id)));
    return (Object.keys(LAMP_TYPES).map(Number) as LampTypeId[]).filter((id) => present.has(id));
  }, [collections]);
  const shown = lampType === null ? collections : collections.filter((collection) => collection.categories.some((category) => category.id === lampType));

  const chooseLampType = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === ALL) next.delete('lampType');
    else next.set('lampType', value);
    setSearch(next, { replace: true });
  };

  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <SelectionSteps active={0} paths={[]} />
      <PageHeader titleId="catalogue-title" title={t('catalogue.collections.title')} lead={t('catalogue.collections.lead')} />

      <Toolbar className="catalogue__toolbar" aria-label={t('catalogue.filter.toolbar')} justify="between">
        <Select
          className="catalogue__filter"
          label={t('catalogue.filter.lampType')}
          options={[{ value: ALL, label: t('catalogue.filter.all') }, ...lampTypes.map((id) => ({ value: String(id), label: t(lampTypeKey(id) ?? '') }))]}
          value={lampType === null ? ALL : String(lampType)}
          onChange={chooseLampType}
          isDisabled={remote.status !== 'ready'}
        />
        <ViewModeSwitch value={viewMode} onChange={setViewMode} />
      </Toolbar>

      {remote.status === 'loading' && <ListSkeleton />}
      {remote.status === 'failed' && <LoadFailed onRetry={reload} />}
      {remote.status === 'ready' && (
        <>
          <p className="catalogue__count" role="status">
            {t('catalogue.collections.count', { total: shown.length })}
          </p>
          {shown.length === 0 ? (
            <Card className="catalogue-message">
              <p>{t('catalogue.collections.none')}</p>
              {lampType !== null && (
                <Button variant="secondary" onPress={() => chooseLampType(ALL)}>
                  {t('catalogue.filter.clear')}
                </Button>
              )}
            </Card>
          ) : (
            <CollectionList collections={shown} viewMode={viewMode} current={subFamilyId} />
          )}
        </>
      )}
    </section>
  );
}

function ViewModeSwitch({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const { t } = useTranslation();
  return (
    <div className="catalogue__view" role="group" aria-label={t('catalogue.view.label')}>
      {(['grid', 'list'] as const).map((mode) => (
        <Button key={mode} size="sm" variant={value === mode ? 'primary' : 'secondary'} aria-pressed={value === mode} onPress={() => onChange(mode)}>
          {t(`catalogue.view.${mode}`)}
        </Button>
      ))}
    </div>
  );
}

function CollectionList({ collections, viewMode, current }: { collections: readonly Collection[]; viewMode: ViewMode; current: string | undefined }) {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'center' });
  }, [current]);
  return (
    <ul className={`catalogue-collections catalogue-collections--${viewMode}`} aria-label={t('catalogue.collections.listLabel')}>
      {collections.map((collection) => {
        const isCurrent = String(collection.subFamilyId) === current;
        const types = collection.categories.map((category) => lampTypeKey(category.id)).filter((key): key is string => key !== null);
        return (
          <li key={collection.subFamilyId}>
            <Link
              ref={isCurrent ? currentRef : undefined}
              to={collectionStepPath(collection)}
              className={`catalogue-card${isCurrent ? ' catalogue-card--current' : ''}`}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <ProductImage src={collection.image} />
              <span className="catalogue-card__body">
                <span className="catalogue-card__title">
                  <strong className="catalogue-card__name">{collection.name}</strong>
                  {collection.isNew && <span className="catalogue-badge">{t('catalogue.collections.new')}</span>}
                </span>
                <span className="catalogue-card__text">{collection.description}</span>
                <span className="catalogue-card__meta">
                  {types.length > 0 && <span>{types.map((key) => t(key)).join(' · ')}</span>}
                  <span>{t('catalogue.collections.models', { total: collection.modelsCount })}</span>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
