import type { Collection, ModelSummary } from '@lumen/contracts';
import { hasAnyPrivilege, spaceFromJSON, type ElementTree } from '@lumen/domain';
import { Button, Skeleton } from '@lumen/ui';
import { useMemo, useState, type ReactNode } from 'react';
import type { JsonObject } from '@lumen/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectCatalogueReader } from '../../shared/session';
import { useFlag } from '../../shared/flags';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { DraftKeeping, DraftOffer, useConfiguratorDraft, type DraftData } from '../../shared/configurator-draft';
import { loadCollectionModels, loadCollectionRules, loadCollections, loadVariations } from '../../shared/catalogue-calls';
import { buildCreaCatalogue, isCreaCollection, type CreaCatalogue } from './crea-catalogue';
import { CreaRoom, type CreaRoomState } from './crea-room';
import './crea.css';

/** The room's modes (spec §2: crea, edit, validate). */
export type CreaMode = 'crea' | 'edit' | 'validate';
export const CREA_MODES: readonly CreaMode[] = ['crea', 'edit', 'validate'];

export interface CreaScreenProps {
  mode: CreaMode;
  /** A model to start with (/new-product/crea-configurator/{model}). */
  model?: string;
  /** The collection, when the caller knows it (a saved line, a preconfiguration). */
  subFamilyId?: number;
  /** A saved space (spaceToJSON, any schema version: migrated forward when read). */
  savedSpace?: unknown;
  initialQuantity?: number;
  /** The catalogue to work in (a project's); default the user's. */
  catalogId?: number;
  readOnly?: boolean;
  intro?: ReactNode;
  backPath: string;
  backLabel: string;
  /** `saved` tells the draft the work is saved (added to a project, the line saved): it goes, and leaving no longer asks. */
  renderActions?: (state: CreaRoomState, saved: () => void) => ReactNode;
  /**
   * Where the work in progress is kept (issue 27 §3): `crea`, `crea.line.{productId}`…; a kept draft is
   * offered to resume when the room opens. None for a read-only room.
   */
  draftKey?: string;
}

/** The space of a crea draft, when it holds one. */
function draftSpace(draft: DraftData | null): JsonObject | null {
  const space = draft?.content.space;
  return typeof space === 'object' && space !== null && !Array.isArray(space) ? (space as JsonObject) : null;
}

interface Loaded {
  collection: Collection;
  models: ModelSummary[];
}

/**
 * Finds the crea collection to work in — the one asked for, the one holding the model, or the first —
 * loads its models, articles and rules, and opens the room (a saved space read back with the engine).
 */
export function CreaScreen({ mode, model, subFamilyId, savedSpace: savedOfCaller, initialQuantity: quantityOfCaller, catalogId: catalogOfCaller, readOnly, intro, backPath, backLabel, renderActions, draftKey }: CreaScreenProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  const reader = useAppSelector(selectCatalogueReader);
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = catalogOfCaller ?? account?.catalogId ?? 16;
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const remoteDriverCP = useFlag('RemoteDriverCP');
  const keeps = !readOnly && !(mode === 'validate' && renderActions === undefined);
  const draft = useConfiguratorDraft(keeps && draftKey ? draftKey : null);
  const [resumed, setResumed] = useState<DraftData | null>(null);
  const savedSpace = draftSpace(resumed) ?? savedOfCaller;
  const initialQuantity = resumed ? resumed.quantity : quantityOfCaller;
  const offered = draftSpace(draft.offer) ? draft.offer : null;

  const [found, reloadFound] = useRemote<Loaded | null>(reader ? `${catalogId}/${lang}/${subFamilyId ?? ''}/${model ?? ''}` : null, async () => {
    const collections = (await dispatch(loadCollections({ catalogId, lang })).unwrap()).filter(isCreaCollection);
    const candidates = subFamilyId !== undefined ? collections.filter((c) => c.subFamilyId === subFamilyId) : collections;
    for (const collection of candidates) {
      const models = await dispatch(loadCollectionModels({ catalogId, lang, subFamilyId: collection.subFamilyId })).unwrap();
      if (model === undefined || models.some((m) => m.model === model)) return { collection, models };
    }
    return null;
  });
  const loaded = found.status === 'ready' ? found.data : null;
  const models = loaded?.models.filter((m) => !m.virtual).map((m) => m.model) ?? [];
  const [articles, reloadArticles] = useRemote(loaded && models.length > 0 ? `${loaded.collection.subFamilyId}/${catalogId}/${models.join(',')}` : null, () =>
    dispatch(loadVariations({ models, catalogId, lang, subFamilyId: loaded?.collection.subFamilyId ?? 0 })).unwrap(),
  );
  const [rules] = useRemote(loaded ? `${loaded.collection.subFamilyId}/${catalogId}` : null, () => dispatch(loadCollectionRules({ subFamilyId: loaded?.collection.subFamilyId ?? 0, catalogId })).unwrap());

  const catalogue = useMemo<CreaCatalogue | null>(
    () => (loaded && articles.status === 'ready' && rules.status !== 'loading' ? buildCreaCatalogue(loaded.collection, loaded.models, articles.data, rules.status === 'ready' ? rules.data : []) : null),
    [loaded, articles, rules],
  );
  const initial = useMemo<{ tree?: ElementTree; error?: string }>(() => {
    if (!catalogue || savedSpace === undefined || savedSpace === null) return {};
    try {
      return { tree: spaceFromJSON(savedSpace, catalogue.family).tree };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [catalogue, savedSpace]);

  const failed = found.status === 'failed' || articles.status === 'failed';
  const notFound = found.status === 'ready' && found.data === null;
  return (
    <section className="page crea-page" aria-labelledby="crea-title">
      <header className="crea-page__header">
        <p className="page-eyebrow">{t(`crea.mode.${mode}`)}</p>
        <h1 id="crea-title">{loaded ? t('crea.title', { collection: loaded.collection.name }) : t('crea.titlePlain')}</h1>
        {intro}
        <Link className="text-link" to={backPath}>
          {backLabel}
        </Link>
      </header>
      {offered && (
        <DraftOffer
          draft={offered}
          onResume={() => {
            setResumed(draft.resume());
          }}
          onDiscard={draft.discard}
        />
      )}
      <DraftKeeping draft={draft} />
      {notFound ? (
        <div className="card" role="alert">
          <p>{model ? t('crea.notFoundModel', { model }) : t('crea.notFound')}</p>
        </div>
      ) : initial.error ? (
        <div className="card" role="alert">
          <p>{t('crea.savedUnreadable', { message: initial.error })}</p>
        </div>
      ) : failed ? (
        <div className="card" role="alert">
          <p>{t('crea.loadFailed')}</p>
          <Button variant="secondary" onPress={found.status === 'failed' ? reloadFound : reloadArticles}>
            {t('configurator.retry')}
          </Button>
        </div>
      ) : !catalogue ? (
        <div role="status" aria-live="polite" className="crea-page__loading">
          <span className="lm-visually-hidden">{t('common.loading')}</span>
          <div className="card">
            <Skeleton lines={8} />
          </div>
        </div>
      ) : (
        <CreaRoom
          key={`${catalogue.collection.subFamilyId}/${catalogId}/${resumed?.updatedAt ?? ''}`}
          catalogue={catalogue}
          catalogId={catalogId}
          lang={lang}
          initialTree={initial.tree}
          initialQuantity={initialQuantity}
          initialModel={savedSpace ? undefined : model}
          seesPrices={seesPrices}
          remoteDriverCP={remoteDriverCP}
          readOnly={readOnly || mode === 'validate' && renderActions === undefined}
          renderActions={renderActions ? (state) => renderActions(state, draft.saved) : undefined}
          onChange={keeps && draftKey ? (space, quantity) => draft.write({ space }, quantity) : undefined}
        />
      )}
    </section>
  );
}
