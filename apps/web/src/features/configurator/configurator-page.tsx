import type { ModelSummary, VariationsResponse } from '@lumen/contracts';
import { largeViewPicture } from '@lumen/contracts/large-view-picture';
import { articleCollectionOf, collectionHasModel, hasAnyPrivilege, keepSizesTogether, type ElementAttributes, type RuleSet } from '@lumen/domain';
import { Button, Skeleton, Stepper } from '@lumen/ui';
import { Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import type { ConfiguratorActionsState, ConfiguratorMode } from './configurator';
import { loadCollectionRules, loadVariations } from '../../shared/catalogue-calls';
import { loadModelSummary } from './configurator-calls';
import { configuratorKeys, forgetStartAnswers, startAnswers } from './configurator-first-load';
import { isModelCode, positiveId } from './configurator-start';
import { LazyConfigurator } from './lazy-configurator';
import { pictureInFinish } from './picture';
import './configurator.css';
import { useRemote, type Remote } from '../../shared/use-remote';

const STEPS = ['collection', 'location', 'model', 'configuration'] as const;
const NO_RULES: readonly RuleSet[] = [];

/**
 * /add-product/{subFamilyId}/{applicationLocationId}/{model}: the last step, the express configurator
 * (and under /add-product-v2 the attributes configurator) of the model.
 */
export default function ConfiguratorPage({ mode = 'express', renderActions }: { mode?: ConfiguratorMode; renderActions?: ConfiguratorScreenProps['renderActions'] }) {
  const { subFamilyId, applicationLocationId, model = '' } = useParams();
  const base = mode === 'attributes' ? '/add-product-v2' : '/add-product';
  const collectionPath = `/create-project/select-collection/${subFamilyId ?? ''}`;
  const modelsPath = `${base}/${subFamilyId ?? ''}/${applicationLocationId ?? ''}`;
  return (
    <ConfiguratorScreen
      mode={mode}
      model={model}
      subFamilyId={positiveId(subFamilyId)}
      applicationLocationId={positiveId(applicationLocationId)}
      steps={<ConfiguratorSteps paths={[collectionPath, `${base}/${subFamilyId ?? ''}`, modelsPath]} />}
      backPath={modelsPath}
      renderActions={renderActions}
    />
  );
}

export interface ConfiguratorScreenProps {
  mode: ConfiguratorMode;
  model: string;
  subFamilyId: number | undefined;
  applicationLocationId?: number;
  steps?: ReactNode;
  backPath: string;
  /** Default "Back to the models". */
  backLabel?: string;
  intro?: ReactNode;
  initial?: ElementAttributes;
  initialQuantity?: number;
  /** The catalogue to configure in (a project's); default the user's. */
  catalogId?: number;
  /** Show the configuration without letting it change. */
  readOnly?: boolean;
  /** The caller's actions under the quantity (the app's pages: "Add to project", or save a project line). */
  renderActions?: (state: ConfiguratorActionsState) => ReactNode;
}

/**
 * Loads the model's article collection and its collection's rules, then shows the configurator.
 * Other screens compose it (a preconfiguration, a project line to validate through the router).
 */
export function ConfiguratorScreen({
  mode,
  model,
  subFamilyId,
  applicationLocationId,
  steps,
  backPath,
  backLabel,
  intro,
  initial,
  initialQuantity,
  catalogId: catalogOfCaller,
  readOnly,
  renderActions,
}: ConfiguratorScreenProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  // Visitors configure too (issue 10 §1): the loads wait for the login state and run again after a
  // login (prices, the account's language), keeping the configurator and its choices on screen meanwhile.
  const reader = useAppSelector(selectCatalogueReader);
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = catalogOfCaller ?? account?.catalogId ?? 16;
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const validModel = isModelCode(model);
  const baseArticleOf = (remote: Remote<VariationsResponse>) =>
    remote.status === 'ready' ? remote.data.articles.find((article) => article.model === model && article.reference === article.referenceBase) : undefined;

  // A page opened by its address starts with what the start loaded for it (configurator-first-load.ts).
  const [answered] = useState(startAnswers);
  useEffect(forgetStartAnswers, []);

  const [collection, reloadCollection] = useRemote<VariationsResponse>(validModel && reader ? configuratorKeys.variations(model, catalogId, subFamilyId) : null,
    () => dispatch(loadVariations({ models: [model], catalogId, lang, subFamilyId })).unwrap(),
    { refresh: `${reader ?? ''}/${lang}`, answered: answered.variations },
  );
  const [rules] = useRemote<RuleSet[]>(subFamilyId !== undefined && reader ? configuratorKeys.rules(subFamilyId, catalogId) : null,
    () => dispatch(loadCollectionRules({ subFamilyId: subFamilyId ?? 0, catalogId })).unwrap(),
    { answered: answered.rules },
  );

  const [summary] = useRemote<ModelSummary | null>(validModel && subFamilyId !== undefined && reader ? configuratorKeys.summary(model, catalogId, subFamilyId, applicationLocationId) : null,
    () => dispatch(loadModelSummary({ model, catalogId, lang, subFamilyId: subFamilyId ?? 0, applicationLocationId })).unwrap(),
    { refresh: `${reader ?? ''}/${lang}`, answered: answered.summary },
  );
  // Sizes kept whole: a long (German) heading leaves no lone "Ø" at a line end (issue 10 §9).
  const described = summary.status === 'ready' ? summary.data?.description : undefined;
  const name = described === undefined ? undefined : keepSizesTogether(described);
  const data = collection.status === 'ready' ? collection.data : null;
  // The picture shows the chosen finish (issue 10 §11): the configurator tells it after each choice.
  const configuration = `${model}/${data?.catalogId ?? catalogId}`;
  const [chosenFinish, setChosenFinish] = useState<{ of: string; code: string } | null>(null);
  const finish = chosenFinish?.of === configuration ? chosenFinish.code : initial?.finish;
  const image = (data ? pictureInFinish(data, model, finish) : undefined) ?? (summary.status === 'ready' ? summary.data?.image : undefined);
  // The picture's box is kept while the model loads, so the title does not move when it comes (on a
  // phone the picture stands above the title: its arrival shifted the page by its height, CLS 0.29).
  const imageLoading = image === undefined && validModel && (collection.status === 'loading' || summary.status === 'loading');

  const known = data !== null && collectionHasModel(articleCollectionOf(data), model) && baseArticleOf(collection) !== undefined;
  const rulesReady = subFamilyId === undefined || rules.status !== 'loading';
  // The configurator (every option's state through the domain's rules, the page's heaviest render)
  // renders in a deferred pass, which React slices into short tasks, after the header with the title
  // and the picture is on screen: the picture is the page's largest paint (issue 35 §5).
  // The model, its data and its rules go together, so a deferred pass never mixes one model's data with another's.
  const ruleSets = rules.status === 'ready' ? rules.data : NO_RULES;
  const ready = useMemo(() => (known && rulesReady && data !== null ? { model, data, rules: ruleSets } : null), [known, rulesReady, data, model, ruleSets]);
  const shown = useDeferredValue(ready, null);

  return (
    <section className="page configurator-page" aria-labelledby="configurator-title">
      {steps}
      <header className="configurator-page__header">
        {image && (
          <img
            className="configurator-page__image"
            // The srcset the api's first view of this page announces too (one file, fetched once).
            {...largeViewPicture(image)}
            width={480}
            height={360}
            // The page's largest paint: asked for before the modules the page loads after it.
            fetchPriority="high"
            alt=""
          />
        )}
        {imageLoading && <div className="configurator-page__image" data-testid="configurator-image-placeholder" aria-hidden="true" />}
        <div>
          <p className="page-eyebrow">{t(mode === 'attributes' ? 'configurator.mode.attributes' : 'configurator.mode.express')}</p>
          <h1 id="configurator-title">{name ? t('configurator.title', { name, model }) : t('configurator.titleModel', { model })}</h1>
          {intro}
          <Link className="text-link" to={backPath}>
            {backLabel ?? t('configurator.back')}
          </Link>
        </div>
      </header>
      {!validModel || (data !== null && !known) || (collection.status === 'failed' && collection.httpStatus === 404) ? (
        <div className="card configurator-page__message" role="alert">
          <p>{t('configurator.notFound', { model })}</p>
        </div>
      ) : collection.status === 'failed' ? (
        <div className="card configurator-page__message" role="alert">
          <p>{t('configurator.loadFailed')}</p>
          <Button variant="secondary" onPress={reloadCollection}>
            {t('configurator.retry')}
          </Button>
        </div>
      ) : shown === null ? (
        <ConfiguratorLoading />
      ) : (
        <Suspense fallback={<ConfiguratorLoading />}>
          <LazyConfigurator
            key={`${shown.model}/${shown.data.catalogId}`}
            mode={mode}
            model={shown.model}
            data={shown.data}
            rules={shown.rules}
            lang={lang}
            seesPrices={seesPrices}
            initial={initial}
            initialQuantity={initialQuantity}
            readOnly={readOnly}
            renderActions={renderActions}
            onFinishChange={(code) => setChosenFinish({ of: configuration, code })}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The configurator's place while its data or its module load. */
function ConfiguratorLoading() {
  const { t } = useTranslation();
  return (
    <div className="configurator" role="status" aria-live="polite">
      <span className="lm-visually-hidden">{t('common.loading')}</span>
      <div className="card">
        <Skeleton lines={6} />
      </div>
      <div className="card">
        <Skeleton lines={8} />
      </div>
    </div>
  );
}

/** The selection's four steps, here at the last one; the earlier ones go back. */
function ConfiguratorSteps({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stepper
      className="configurator-page__steps"
      aria-label={t('catalogue.steps.label')}
      steps={STEPS.map((id) => ({ id, label: t(`catalogue.steps.${id}`) }))}
      activeStep={3}
      onStepChange={(index) => {
        const path = paths[index];
        if (path) void navigate(path);
      }}
    />
  );
}
