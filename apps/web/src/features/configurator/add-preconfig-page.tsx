import type { PreconfigDetail } from '@lumen/contracts';
import { tryParseReference, type ElementAttributes } from '@lumen/domain';
import { Button, Skeleton } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useParams } from 'react-router';
import { selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadPreconfig } from './configurator-calls';
import { ConfiguratorScreen, type ConfiguratorScreenProps } from './configurator-page';
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

/**
 * /add-preconfig/{preconfigId}: opens a preconfiguration in the express configurator, set to its
 * first luminaire's reference and quantity (the other luminaires one press away); the user can
 * change anything from there.
 */
export default function AddPreconfigPage({ renderActions }: { renderActions?: ConfiguratorScreenProps['renderActions'] }) {
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
  const [remote, reload] = useRemote(valid && reader ? `${reader}/${id}/${catalogId}/${lang}` : null, () => dispatch(loadPreconfig({ id, catalogId, lang })).unwrap());

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
  return <PreconfigConfigurator preconfig={remote.data} renderActions={renderActions} />;
}

/** One line of the preconfiguration at a time in the configurator; the others are a press away. */
function PreconfigConfigurator({ preconfig, renderActions }: { preconfig: PreconfigDetail; renderActions: ConfiguratorScreenProps['renderActions'] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const line = preconfig.lines[index];
  if (!line) return <Missing />;
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
      renderActions={renderActions}
      intro={
        <div className="configurator-page__intro">
          <p>{t('configurator.preconfig.intro', { name: preconfig.name })}</p>
          {preconfig.lines.length > 1 && (
            <ul className="configurator-page__lines" aria-label={t('configurator.preconfig.lines')}>
              {preconfig.lines.map((item, position) => (
                <li key={`${item.reference}/${item.pendantHeight ?? ''}/${position}`}>
                  <Button size="sm" variant={position === index ? 'primary' : 'secondary'} aria-pressed={position === index} onPress={() => setIndex(position)}>
                    {`${item.quantity} × ${item.reference}`}
                  </Button>
                </li>
              ))}
            </ul>
          )}
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
