import type { ModelSummary, VariationsResponse } from '@lumen/contracts';
import type { RuleSet } from '@lumen/domain';
import { loadCollectionRules, loadVariations } from '../../shared/catalogue-calls';
import { nextTask } from '../../shared/next-task';
import type { StartLoadContext } from '../../shared/store';
import { loadModelSummary } from './configurator-calls';
import { isModelCode, positiveId } from './configurator-start';
import { LazyConfigurator } from './lazy-configurator';

// A configurator page opened by its address (issue 35 §5): the api paints its steps and header, with
// the model's picture, into the page it sends (apps/api first-view.ts). The start loads the page's
// three first answers before the first render (RouteHandle.ready), so that the first render is that
// same header, picture included, rather than a placeholder in its place that the picture then
// replaces. The screen (configurator-page.tsx) takes them once, as it mounts.

/** What the screen loads, each under the key it loads it by (useRemote's). */
export interface ConfiguratorAnswers {
  variations?: { key: string; data: VariationsResponse };
  rules?: { key: string; data: RuleSet[] };
  summary?: { key: string; data: ModelSummary | null };
}

/** The screen's keys for its three loads: one spelling for the start and the screen. */
export const configuratorKeys = {
  variations: (model: string, catalogId: number, subFamilyId: number | undefined) => `${model}/${catalogId}/${subFamilyId ?? ''}`,
  rules: (subFamilyId: number, catalogId: number) => `${subFamilyId}/${catalogId}`,
  summary: (model: string, catalogId: number, subFamilyId: number, applicationLocationId: number | undefined) => `${model}/${catalogId}/${subFamilyId}/${applicationLocationId ?? ''}`,
};

let loadedAtStart: ConfiguratorAnswers = {};

/** The answers the start loaded for the page it opened on (nothing once the screen has taken them). */
export function startAnswers(): ConfiguratorAnswers {
  return loadedAtStart;
}

/** The screen has mounted with them: a later visit asks afresh. */
export function forgetStartAnswers(): void {
  loadedAtStart = {};
}

/**
 * At start on /add-product[-v2]/{subFamilyId}/{applicationLocationId}/{model}: the page's calls as
 * the screen makes them (they take the answers the start prefetched, configurator-start.ts). A call
 * that fails leaves its answer out: the screen asks again and says what failed.
 */
export async function loadConfiguratorAtStart({ dispatch, account, lang, params, flags }: StartLoadContext): Promise<void> {
  const model = params.model ?? '';
  const subFamilyId = positiveId(params.subFamilyId);
  const applicationLocationId = positiveId(params.applicationLocationId);
  if (!isModelCode(model) || subFamilyId === undefined) return;
  const { catalogId } = account;
  const answers: ConfiguratorAnswers = {};
  await Promise.allSettled([
    dispatch(loadVariations({ models: [model], catalogId, lang, subFamilyId }))
      .unwrap()
      .then((data) => (answers.variations = { key: configuratorKeys.variations(model, catalogId, subFamilyId), data })),
    dispatch(loadCollectionRules({ subFamilyId, catalogId }))
      .unwrap()
      .then((data) => (answers.rules = { key: configuratorKeys.rules(subFamilyId, catalogId), data })),
    dispatch(loadModelSummary({ model, catalogId, lang, subFamilyId, applicationLocationId }))
      .unwrap()
      .then((data) => (answers.summary = { key: configuratorKeys.summary(model, catalogId, subFamilyId, applicationLocationId), data })),
  ]);
  loadedAtStart = answers;
  if (answers.variations && answers.rules) await warmStart(model, answers.variations.data, answers.rules.data, flags);
}

/**
 * The configurator's starting configuration, computed before the first render in tasks of their own
 * (configuration.ts, warmConfiguratorStart): the engine's reachability of the model is the heaviest
 * work of the page's start, and inside the configurator's first render it made one task that a phone
 * counted as blocking time (issue 35 §5). The flags are those the render reads (RemoteDriverCP).
 */
async function warmStart(model: string, data: VariationsResponse, rules: readonly RuleSet[], flags: StartLoadContext['flags']): Promise<void> {
  const [{ configuratorContextOf, warmConfiguratorStart }] = await Promise.all([import('./configuration'), flags.settled(), LazyConfigurator.preload()]);
  await nextTask();
  const context = configuratorContextOf(model, data, rules, { remoteDriverCP: flags.isEnabled('RemoteDriverCP') });
  await nextTask();
  warmConfiguratorStart(context);
}
