import type { PreconfigDetail } from '@lumen/contracts';
import { tryParseReference, type ElementAttributes } from '@lumen/domain';
import { Button, Skeleton } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadPreconfig } from '../../shared/catalogue-calls';
import { ConfiguratorScreen } from './configurator-page';
import './configurator.css';
import { useRemote } from '../../shared/use-remote';

/** The attributes of a reference, as the configurator sets them (modifier codes; pendant height in cm). */
function attributesOfLine(line: PreconfigDetail['lines'][number]): ElementAttributes {
  const parts = tryParseReference(line.reference);
  if (!parts) return {};
  return {
    finish: parts.colour,
    ...(parts.temperature !== undefined ? { ledColourTemp: parts.temperature } : {}),
    ...(parts.control !== undefined ? { control: parts.control } : {}),
    ...(parts.installation !== undefined ? { installation: parts.installation } : {}),
    ...(line.pendantHeight !== undefined ? { pendantHeight: String(line.pendantHeight) } : {}),
  };
}

/** What the page's caller needs to add the whole preconfiguration (issue 10 §2). */
export interface PreconfigToAdd {
  id: number;
  name: string;
  /** How many luminaires its lines hold in all. */
  luminaires: number;
}

export interface AddPreconfigPageProps {
  /** The actions for the whole preconfiguration (the app composes "Add to project"); none when absent. */
  renderPreconfigActions?: (preconfig: PreconfigToAdd) => ReactNode;
  /** Where a preconfiguration of another configurator opens instead (the app's pages: the crea room, a drawing configurator), or null to show it here. */
  elsewhere?: (preconfig: PreconfigDetail) => string | null;
}

/**
 * /add-preconfig/{preconfigId}: a preconfiguration as it is ordered — its luminaires, each with its
 * quantity (and pendant height), and the action that adds them all. Each luminaire is shown in the
 * express configurator, read-only (what is added is the preconfiguration; its lines can be changed
 * in the project afterwards).
 */
export default function AddPreconfigPage({ renderPreconfigActions, elsewhere }: AddPreconfigPageProps) {
  const { t } = useTranslation();
  const { preconfigId } = useParams();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const id = Number(preconfigId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const catalogId = account?.catalogId ?? 16;
  // Visitors see preconfigurations too (issue 10 §1).
  const reader = useAppSelector(selectCatalogueReader);
  // After a login the page stays (with its "Add to project" waiting for it) while prices and the account's language load.
  const [remote, reload] = useRemote(valid && reader ? `${id}/${catalogId}` : null, () => dispatch(loadPreconfig({ id, catalogId, lang })).unwrap(), {
    refresh: `${reader ?? ''}/${lang}`,
  });

  if (!valid) return <Missing />;
  if (remote.status === 'loading') {
    return (
      <section className="page configurator-page" role="status" aria-live="polite">
        <span className="lm-visually-hidden">{t('common.loading')}</span>
        <Skeleton lines={4} />
      </section>
    );
  }
  if (remote.status === 'failed' && remote.httpStatus === 404) return <Missing />;
  if (remote.status === 'failed') {
    return (
      <section className="page configurator-page">
        <div className="card configurator-page__message" role="alert">
          <p>{t('configurator.preconfig.loadFailed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('configurator.retry')}
          </Button>
        </div>
      </section>
    );
  }
  const other = elsewhere?.(remote.data) ?? null;
  if (other !== null) return <Navigate to={other} replace />;
  return <PreconfigConfigurator preconfig={remote.data} renderPreconfigActions={renderPreconfigActions} />;
}

/** One line of the preconfiguration at a time in the configurator; the others are a press away. */
function PreconfigConfigurator({ preconfig, renderPreconfigActions }: { preconfig: PreconfigDetail; renderPreconfigActions: AddPreconfigPageProps['renderPreconfigActions'] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const line = preconfig.lines[index];
  if (!line) return <Missing />;
  const luminaires = preconfig.lines.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <ConfiguratorScreen
      key={index}
      mode="express"
      model={line.model}
      subFamilyId={preconfig.subFamilyId}
      applicationLocationId={preconfig.applicationLocationId}
      backPath={`/preconfigs-list/${preconfig.subFamilyId}/${preconfig.applicationLocationId}`}
      backLabel={t('configurator.preconfig.back')}
      initial={attributesOfLine(line)}
      initialQuantity={line.quantity}
      readOnly
      intro={
        <div className="configurator-page__intro card">
          <p>{t('configurator.preconfig.intro', { name: preconfig.name, count: luminaires })}</p>
          <ul className="configurator-page__lines" aria-label={t('configurator.preconfig.lines')}>
            {preconfig.lines.map((item, position) => (
              <li key={`${item.reference}/${item.pendantHeight ?? ''}/${position}`}>
                <Button size="sm" variant={position === index ? 'primary' : 'secondary'} aria-pressed={position === index} onPress={() => setIndex(position)}>
                  {`${item.quantity} × ${item.reference}`}
                </Button>
              </li>
            ))}
          </ul>
          {renderPreconfigActions && <div className="configurator-page__preconfig-actions">{renderPreconfigActions({ id: preconfig.id, name: preconfig.name, luminaires })}</div>}
        </div>
      }
    />
  );
}

function Missing() {
  const { t } = useTranslation();
  return (
    <section className="page configurator-page">
      <div className="card configurator-page__message" role="alert">
        <p>{t('configurator.preconfig.notFound')}</p>
      </div>
    </section>
  );
}
