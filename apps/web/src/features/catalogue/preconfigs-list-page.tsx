import type { PreconfigSummary } from '@lumen/contracts';
import { Card, PageHeader } from '@lumen/ui';
import { hasAnyPrivilege } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { preconfigPath, useTargetProjectId } from './configurator-entry';
import { selectBrowsingCatalogId, selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { formatMoney } from '../../i18n/format';
import { loadPreconfigs } from './catalogue-calls';
import './catalogue.css';
import { ProductImage } from './product-image';
import { ListSkeleton, LoadFailed } from './remote-state';
import { useRemote } from '../../shared/use-remote';
import { usePlatformConfig } from '../../shared/platform-config';

function positiveId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** /preconfigs-list/{subFamilyId} (optional /{applicationLocationId}): ready-made configurations of a collection. */
export default function PreconfigsListPage() {
  const { t } = useTranslation();
  const params = useParams();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const subFamilyId = positiveId(params.subFamilyId);
  const applicationLocationId = positiveId(params.applicationLocationId);
  const reader = useAppSelector(selectCatalogueReader);
  const catalogId = useAppSelector(selectBrowsingCatalogId);
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const [remote, reload] = useRemote(reader && subFamilyId !== undefined ? `${reader}/${catalogId}/${lang}/${subFamilyId}/${applicationLocationId ?? ''}` : null, () =>
    dispatch(loadPreconfigs({ catalogId, lang, subFamilyId: subFamilyId ?? 0, applicationLocationId })).unwrap(),
  );
  const back = subFamilyId === undefined ? '/create-project/select-collection' : `/add-product/${subFamilyId}${applicationLocationId ? `/${applicationLocationId}` : ''}`;

  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <PageHeader titleId="catalogue-title" title={t('catalogue.preconfigs.title')} lead={t('catalogue.preconfigs.lead')}>
        <p>
          <Link className="text-link" to={back}>
            {t('catalogue.preconfigs.back')}
          </Link>
        </p>
      </PageHeader>
      {subFamilyId === undefined ? (
        <Card className="catalogue-message">
          <p>{t('catalogue.notFound.text')}</p>
        </Card>
      ) : remote.status === 'loading' ? (
        <ListSkeleton count={3} />
      ) : remote.status === 'failed' ? (
        <LoadFailed onRetry={reload} />
      ) : remote.data.length === 0 ? (
        <Card className="catalogue-message">
          <p>{t('catalogue.preconfigs.none')}</p>
        </Card>
      ) : (
        <ul className="catalogue-collections catalogue-collections--grid" aria-label={t('catalogue.preconfigs.listLabel')}>
          {remote.data.map((preconfig) => (
            <li key={preconfig.id} className="catalogue-preconfig">
              <PreconfigCard preconfig={preconfig} seesPrices={seesPrices} />
              <PreconfigSheetLink preconfig={preconfig} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PreconfigCard({ preconfig, seesPrices }: { preconfig: PreconfigSummary; seesPrices: boolean }) {
  const { t } = useTranslation();
  const projectId = useTargetProjectId();
  return (
    <Link to={preconfigPath(preconfig, projectId)} className="catalogue-card">
      <ProductImage src={preconfig.image} />
      <span className="catalogue-card__body">
        <strong className="catalogue-card__name" id={`preconfig-name-${preconfig.id}`}>
          {preconfig.name}
        </strong>
        <span className="catalogue-card__text">{preconfig.description}</span>
        <span className="catalogue-card__meta">
          <span>{t('catalogue.preconfigs.models', { models: preconfig.models.join(', ') })}</span>
          <span>{t('catalogue.preconfigs.lights', { total: preconfig.lightsCount })}</span>
        </span>
        {seesPrices && preconfig.price && <span className="catalogue-card__price">{formatMoney(preconfig.price.amount, preconfig.price.currency)}</span>}
      </span>
    </Link>
  );
}

/**
 * The preconfiguration's PDF spec sheet (issue 32 §3) in the reader's language: the one the tools' latest
 * batch made (in English), else made by the api when asked. Beside the card, not in it: the card is a link already. Its name is the document's;
 * the preconfiguration's name describes it (so a search of the cards by name finds the card alone).
 */
function PreconfigSheetLink({ preconfig }: { preconfig: PreconfigSummary }) {
  const { t } = useTranslation();
  const base = usePlatformConfig().services.products ?? '/api/products';
  // The sheet in the reader's language: the batch's when it is in it, else made by the api.
  const lang = useAppSelector((state) => state.preferences.lang);
  return (
    <a className="text-link catalogue-preconfig__sheet" href={`${base}/v1/preconfigs/${preconfig.id}/spec-sheet?lang=${lang}`} download aria-describedby={`preconfig-name-${preconfig.id}`}>
      {t('catalogue.preconfigs.specSheet')}
    </a>
  );
}
