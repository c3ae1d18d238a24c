import type { JsonObject as ContractJson } from '@lumen/contracts';
import { CONFIGURATOR_ID, createSpace, descriptionIn, lightsUnder, spaceToJSON, type ElementTree, type Lang, type RuleSet, type TreeContext } from '@lumen/domain';
import { Button, QuantitySelector, Select } from '@lumen/ui';
import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LivePanel, useLiveEvaluation } from '../../shared/live-evaluation';
import type { CreaCatalogue } from './crea-catalogue';
import { ElementList, RoomPanel, SelectionPanel, useValueLabel } from './crea-panels';
import { attributeOutcome, clusterOfElement, creaReducer, initialCreaState, optionsForSelection, type CreaAction, type CreaEnv, type CreaNotice, type CreaState } from './crea-state';
import type { CameraRequest, SceneFailure } from './room-scene';

/** The scene and three.js: a chunk of their own, fetched when a room opens. */
export const loadRoomScene = () => import('./room-scene');
const RoomScene = lazy(loadRoomScene);

export interface CreaRoomState {
  tree: ElementTree;
  /** spaceToJSON of the tree: what is sent to the server (plain JSON; the contract's type is its mutable twin). */
  space: ContractJson;
  quantity: number;
  /** The first light's model (the line's model). */
  model: string;
  subFamilyId: number;
  /** The collection's configurator type (CREA 1, or COMPOSITOR 5 for composing pendants): the line's. */
  configuratorTypeId: number;
  /** The server found the composition valid (and it has lights). */
  valid: boolean;
  lights: number;
}

export interface CreaRoomProps {
  catalogue: CreaCatalogue;
  catalogId: number;
  lang: Lang;
  /** The tree to start from (a saved line, a preconfiguration); a new room otherwise. */
  initialTree?: ElementTree;
  initialQuantity?: number;
  /** A model to hang first in a new room (/crea-configurator/{model}). */
  initialModel?: string;
  seesPrices: boolean;
  remoteDriverCP: boolean;
  readOnly?: boolean;
  renderActions?: (state: CreaRoomState) => ReactNode;
  /** Every change the user makes (not the room as it opened, not each step of a drag): the draft keeps it (issue 27 §3). */
  onChange?: (space: ContractJson, quantity: number) => void;
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `e${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);

/**
 * The crea room: the scene, the list of its elements, the selection's attributes, the room's size and
 * ceiling, and what the server computes of it (debounced). The engine runs here for every edit; the
 * server checks the same tree again and is the one that prices it.
 */
export function CreaRoom({ catalogue, catalogId, lang, initialTree, initialQuantity = 1, initialModel, seesPrices, remoteDriverCP, readOnly = false, renderActions, onChange }: CreaRoomProps) {
  const { t } = useTranslation();
  const ctx = useMemo<TreeContext>(() => ({ articles: catalogue.articles, rules: catalogue.rules, catalogId: catalogId === 21 ? 21 : 16, flags: { remoteDriverCP } }), [catalogue, catalogId, remoteDriverCP]);
  const env = useMemo<CreaEnv>(() => ({ ctx, bodies: catalogue.bodies, newId, now: () => Date.now() }), [ctx, catalogue.bodies]);
  const reducer = useMemo(() => (state: CreaState, action: CreaAction) => creaReducer(state, action, env), [env]);
  const [state, dispatch] = useReducer(reducer, undefined, () => {
    const start = initialCreaState(initialTree ?? createSpace({ id: newId(), createdAt: Date.now(), configurator: CONFIGURATOR_ID.CREA }));
    if (initialTree || !initialModel || !catalogue.bodies[initialModel]) return start;
    return creaReducer(start, { type: 'addCluster', model: initialModel, installation: '10' }, env);
  });
  const [quantity, setQuantity] = useState(initialQuantity);
  const [model, setModel] = useState<string>(initialModel && catalogue.bodies[initialModel] ? initialModel : (catalogue.models[0]?.model ?? ''));
  const [canopy, setCanopy] = useState('10');
  const [webgl] = useState(webglAvailable);
  const [view, setView] = useState<CameraRequest>({ kind: 'perspective', nonce: 0 });
  const valueLabel = useValueLabel(catalogue, lang);
  const tree = state.tree;
  const lights = lightsUnder(tree, tree.rootId).length;
  // The room as it opened is not a change; a drag is one change, at its end.
  const opened = useRef({ tree: state.tree, quantity });
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (state.dragFrom !== null || (tree === opened.current.tree && quantity === opened.current.quantity)) return;
    changed.current?.(spaceToJSON(tree) as ContractJson, quantity);
  }, [tree, quantity, state.dragFrom]);

  // Debounced: the server is asked once the user pauses (a drag asks once, at its end).
  const evaluation = useLiveEvaluation({
    source: tree,
    toSpace: () => spaceToJSON(tree) as ContractJson,
    empty: lights === 0,
    paused: state.dragFrom !== null,
    catalogId,
    subFamilyId: catalogue.collection.subFamilyId,
    quantity,
    lang,
  });

  // Undo / redo from anywhere in the room (not while typing in a field).
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (readOnly || !(event.ctrlKey || event.metaKey)) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) dispatch({ type: 'undo' });
    else if ((key === 'z' && event.shiftKey) || key === 'y') dispatch({ type: 'redo' });
    else return;
    event.preventDefault();
  };

  const failures = evaluation.status === 'ready' ? evaluation.data.failures : evaluation.status === 'loading' && evaluation.last ? evaluation.last.failures : [];
  const noticeText = useNoticeText(state.notice, tree, valueLabel, (message) => ruleReason(catalogue.rules, message, lang));
  const sceneFailures: SceneFailure[] = [
    ...failures.filter((f): f is typeof f & { elementId: string } => f.elementId !== null).map((f) => ({ elementId: f.elementId, message: f.message })),
    ...(state.notice && noticeText && state.notice.elementId ? [{ elementId: state.notice.elementId, message: noticeText }] : []),
  ];
  const options = state.selected.length > 0 ? optionsForSelection(tree, state.selected, ctx) : null;
  const modelName = (code: string) => catalogue.models.find((m) => m.model === code)?.description ?? code;
  const firstLight = lightsUnder(tree, tree.rootId)[0];
  const roomState: CreaRoomState = {
    tree,
    space: spaceToJSON(tree) as ContractJson,
    quantity,
    model: firstLight?.type === 'Light' ? firstLight.props.code : model,
    subFamilyId: catalogue.collection.subFamilyId,
    configuratorTypeId: catalogue.collection.configuratorType.id,
    valid: lights > 0 && evaluation.status === 'ready' && evaluation.data.valid && state.dragFrom === null,
    lights,
  };

  return (
    <div className="crea-room" onKeyDown={onKeyDown}>
      <div className="crea-room__stage">
        {!readOnly && (
          <div className="crea-toolbar card" role="group" aria-label={t('crea.toolbar.label')}>
            <Select label={t('crea.toolbar.model')} options={catalogue.models.map((m) => ({ value: m.model, label: `${m.description} (${m.model})` }))} value={model} onChange={setModel} />
            <Select label={t('crea.toolbar.canopy')} options={['10', '31', '32', '18'].map((value) => ({ value, label: t(`crea.canopy.${value}`) }))} value={canopy} onChange={setCanopy} />
            <Button onPress={() => dispatch({ type: 'addCluster', model, installation: canopy })} isDisabled={!model}>
              {t('crea.toolbar.add')}
            </Button>
            <Button variant="secondary" onPress={() => dispatch({ type: 'undo' })} isDisabled={state.past.length === 0} aria-keyshortcuts="Control+Z">
              {t('crea.toolbar.undo')}
            </Button>
            <Button variant="secondary" onPress={() => dispatch({ type: 'redo' })} isDisabled={state.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
              {t('crea.toolbar.redo')}
            </Button>
            <Button variant="ghost" onPress={() => dispatch({ type: 'select', ids: Object.values(tree.elements).filter((e) => e.type === 'Cluster').map((e) => e.id) })} isDisabled={lights === 0}>
              {t('crea.toolbar.selectAll')}
            </Button>
          </div>
        )}
        <div className="crea-notice" role="status" aria-live="polite">
          {noticeText && (
            <p className={`card crea-notice__text crea-notice__text--${state.notice?.kind ?? ''}`}>
              {noticeText}{' '}
              <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'dismissNotice' })}>
                {t('crea.notice.dismiss')}
              </Button>
            </p>
          )}
        </div>
        {webgl && (
          <div className="crea-view" role="group" aria-label={t('crea.view.label')}>
            <Button variant="secondary" size="sm" aria-pressed={view.kind === 'top'} onPress={() => setView((v) => ({ kind: 'top', nonce: v.nonce + 1 }))}>
              {t('crea.view.top')}
            </Button>
            <Button variant="secondary" size="sm" aria-pressed={view.kind === 'front'} onPress={() => setView((v) => ({ kind: 'front', nonce: v.nonce + 1 }))}>
              {t('crea.view.front')}
            </Button>
            <Button variant="secondary" size="sm" onPress={() => setView((v) => ({ kind: 'perspective', nonce: v.nonce + 1 }))}>
              {t('crea.view.reset')}
            </Button>
            <p className="crea-view__hint">{t('crea.scene.hint')}</p>
          </div>
        )}
        <div className="crea-scene" data-testid="crea-scene">
          {webgl ? (
            <Suspense fallback={<p role="status">{t('crea.scene.loading')}</p>}>
              <RoomScene
                tree={tree}
                selected={state.selected}
                optics={catalogue.optics}
                luminaires={catalogue.luminaires}
                failures={sceneFailures}
                label={t('crea.scene.label', { count: lights })}
                readOnly={readOnly}
                view={view}
                onSelect={(id) => dispatch({ type: 'select', ids: id ? [id] : [] })}
                onDragStart={(id) => dispatch({ type: 'dragStart', id })}
                onDrag={(id, x, z) => dispatch({ type: 'dragTo', id, x, z })}
                onDragEnd={(id) => dispatch({ type: 'dragEnd', id })}
              />
            </Suspense>
          ) : (
            <p className="crea-scene__none">{t('crea.scene.noWebgl')}</p>
          )}
        </div>
        {/* The messages of the marks in the scene: under it, where they cover nothing (issue 27 §3). */}
        {webgl && sceneFailures.length > 0 && (
          <ol className="crea-failures" aria-label={t('crea.scene.failures')}>
            {sceneFailures.map((failure) => (
              <li key={`${failure.elementId}-${failure.message}`}>{failure.message}</li>
            ))}
          </ol>
        )}
      </div>
      <div className="crea-room__side">
        <section className="card crea-panel" aria-labelledby="crea-list-title">
          <h2 id="crea-list-title" className="crea-panel__title">
            {t('crea.list.title')}
          </h2>
          <ElementList tree={tree} selected={state.selected} failures={failures} dispatch={dispatch} readOnly={readOnly} modelName={modelName} />
        </section>
        <section className="card crea-panel" aria-labelledby="crea-selection-title">
          <h2 id="crea-selection-title" className="crea-panel__title">
            {t('crea.selection.title')}
          </h2>
          <SelectionPanel
            tree={tree}
            selected={state.selected}
            options={options}
            catalogue={catalogue}
            lang={lang}
            dispatch={dispatch}
            readOnly={readOnly}
            catalogId={catalogId}
            outcomeOf={(key, value) => attributeOutcome(state, state.selected, key, value, env)}
            refusalText={(notice) => (notice.code === 'RULE_FAILED' ? ruleReason(catalogue.rules, notice.message, lang) : (describeNotice(t, notice, tree, valueLabel, (message) => ruleReason(catalogue.rules, message, lang)) ?? notice.message))}
          />
        </section>
        <section className="card crea-panel" aria-labelledby="crea-room-title">
          <h2 id="crea-room-title" className="crea-panel__title">
            {t('crea.room.title')}
          </h2>
          <RoomPanel tree={tree} dispatch={dispatch} readOnly={readOnly} catalogId={catalogId} />
        </section>
        <section className="card crea-panel" aria-labelledby="crea-live-title">
          <h2 id="crea-live-title" className="crea-panel__title">
            {t('crea.live.title')}
          </h2>
          <QuantitySelector variant="numeric" label={t('crea.live.sets')} showLabel min={1} max={100000} value={quantity} isDisabled={readOnly} onChange={setQuantity} />
          <LivePanel evaluation={evaluation} seesPrices={seesPrices} quantity={quantity} />
          <div className="crea-actions">{renderActions?.(roomState)}</div>
        </section>
      </div>
    </div>
  );
}

const RULE_FAILED_PREFIX = 'Rule failed: ';

/** A rule's reason in the user's language: the rule whose reason the engine's message names (its `reasons`), else the message's. */
export function ruleReason(rules: readonly RuleSet[], message: string, lang: Lang): string {
  const reason = message.startsWith(RULE_FAILED_PREFIX) ? message.slice(RULE_FAILED_PREFIX.length) : message;
  for (const set of rules) {
    const rule = set.rules.find((r) => r.reason === reason);
    if (rule) return descriptionIn(rule.reasons ?? rule.reason, lang) || reason;
  }
  return reason;
}

/** The notice in the user's language, near its element's name. */
function useNoticeText(notice: CreaNotice | null, tree: ElementTree, valueLabel: ReturnType<typeof useValueLabel>, reasonOf: (message: string) => string): string | null {
  const { t } = useTranslation();
  return describeNotice(t, notice, tree, valueLabel, reasonOf);
}

function describeNotice(t: TFunction, notice: CreaNotice | null, tree: ElementTree, valueLabel: ReturnType<typeof useValueLabel>, reasonOf: (message: string) => string): string | null {
  if (!notice) return null;
  const clusters = Object.values(tree.elements)
    .filter((e) => e.type === 'Cluster')
    .sort((a, b) => a.elementOrderValue - b.elementOrderValue);
  const clusterId = notice.elementId ? clusterOfElement(tree, notice.elementId) : null;
  const index = clusters.findIndex((c) => c.id === clusterId);
  const name = index >= 0 ? t('crea.list.cluster', { number: index + 1 }) : t('crea.notice.theRoom');
  switch (notice.kind) {
    case 'replaced':
      return t('crea.notice.replaced', { name, asked: valueLabel('installation', notice.asked), replacement: t('crea.canopy.10basic') });
    case 'incompatible':
      return t('crea.notice.incompatible', { name });
    case 'collision':
      return t('crea.notice.collision', { name });
    case 'autoSet':
      return null;
    case 'refused':
      if (notice.code === 'RULE_FAILED') return t('crea.error.RULE_FAILED', { name, reason: reasonOf(notice.message) });
      return t(`crea.error.${notice.code}`, { name, message: notice.message, defaultValue: t('crea.error.other', { name, message: notice.message }) });
  }
}
