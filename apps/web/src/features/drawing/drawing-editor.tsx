/**
 * The drawing configurator's workspace (issue 16 §2): the tools, the plan, the 3D preview, the list of
 * elements, the selection's and the drawing's attributes, the problems the engine finds (at once, in
 * the browser, with `checkDrawing`) and what the server computes (bill of materials, drivers, price,
 * lead time: 400 ms after the last change, through the live panel crea uses).
 */
import type { JsonObject as ContractJson } from '@lumen/contracts';
import {
  checkDrawing,
  drawingToSpace,
  DRAWING_FAMILIES,
  segmentLength,
  stickModelFor,
  strapModelFor,
  type Drawing,
  type DrawingItemKind,
  type DrawingProblem,
  type Lang,
  type RoomSize,
} from '@lumen/domain';
import { Button, QuantitySelector, Select } from '@lumen/ui';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { LivePanel, useLiveEvaluation } from '../../shared/live-evaluation';
import { DRAWING_ATTRIBUTES, PLAN_ATTRIBUTES, segmentAttributesOf, valueLabel, type DrawingCatalogue, type PlanAttribute } from './drawing-catalogue';
import { DrawingList, useElementNames, useProblemText } from './drawing-list';
import { DrawingPlan } from './drawing-plan';
import { DrawingPreviewPanel } from './drawing-preview-panel';
import { RefusableSelect, refusalOf, type RefusalTargets } from './drawing-refusals';
import { drawingReducer, initialDrawingState, LONG_MOVE_STEP, MOVE_STEP, nodesOf, type DrawingAction, type DrawingEditorState, type DrawingEnv, type DrawingSelection, type DrawingTool } from './drawing-state';

/** What the editor hands to its actions (add to project, save, share…). */
export interface DrawingEditorResult {
  drawing: Drawing;
  room: RoomSize;
  /** drawingToSpace of the drawing (what is sent to the server), or null while the drawing has problems. */
  space: ContractJson | null;
  quantity: number;
  /** The line's model: the first stick's (sticks), the first light's or strap's (plusminus). */
  model: string;
  subFamilyId: number;
  configuratorTypeId: number;
  problems: readonly DrawingProblem[];
  /** No problem here, and the server found it valid. */
  valid: boolean;
}

export interface DrawingEditorProps {
  catalogue: DrawingCatalogue;
  catalogId: number;
  lang: Lang;
  initialDrawing: Drawing;
  initialRoom: RoomSize;
  initialQuantity?: number;
  /** The saved space's id, kept across saves. */
  spaceId?: string;
  /** 2 drawing (default), 3 no drawing. */
  configurator?: 2 | 3;
  seesPrices: boolean;
  readOnly?: boolean;
  renderActions?: (result: DrawingEditorResult) => ReactNode;
  /** Every change the user makes (not the drawing as it opened, not each step of a drag): the draft keeps it (issue 27 §3). */
  onChange?: (drawing: Drawing, room: RoomSize, quantity: number) => void;
}

/** While a node is dragged the 3D preview is drawn again at most this often (ms): software GL takes tens of ms a frame. */
export const PREVIEW_DRAG_INTERVAL_MS = 200;

/** `value`, or while `throttled`, the value at most every `ms` (the last one once it stops). */
function useThrottled<T>(value: T, throttled: boolean, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (!throttled) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const wait = Math.max(0, last.current + ms - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, throttled, ms]);
  return throttled ? shown : value;
}

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `s${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);
const FEET = 0.3048;
/** Keyboard drawing: the eight directions (degrees; 0 towards +x, 90 towards +z, the plan's down). */
const DIRECTIONS = [0, 45, 90, 135, 180, 225, 270, 315] as const;

function lineModel(drawing: Drawing): string {
  const [first] = drawing.segments;
  if (drawing.family === 'sticks') return (first && stickModelFor(segmentLength(first))) ?? DRAWING_FAMILIES.sticks.segmentModels[0]?.model ?? '';
  const light = drawing.items.find((i) => i.kind === 'light');
  return light?.model ?? (first && strapModelFor(segmentLength(first))) ?? DRAWING_FAMILIES.plusminus.lightModels[0] ?? '';
}

/** What a value chosen for the whole drawing goes to: every segment that carries it, every light. */
function wholeTargets(drawing: Drawing, key: PlanAttribute): RefusalTargets {
  return {
    segments: segmentAttributesOf(drawing.family).includes(key) ? drawing.segments.map((s) => s.id) : [],
    items: (DRAWING_ATTRIBUTES as readonly PlanAttribute[]).includes(key) ? drawing.items.filter((i) => i.kind === 'light').map((i) => i.id) : [],
  };
}

/** The values the drawing as a whole has for an attribute: one value, or undefined when mixed. */
function sharedValue(drawing: Drawing, key: PlanAttribute): string | undefined {
  const values = new Set([...drawing.segments.map((s) => s.attributes[key]), ...drawing.items.filter((i) => i.kind === 'light').map((i) => i.attributes[key])].filter((v) => v !== undefined));
  return values.size === 1 ? [...values][0] : undefined;
}

export function DrawingEditor({ catalogue, catalogId, lang, initialDrawing, initialRoom, initialQuantity = 1, spaceId, configurator = 2, seesPrices, readOnly = false, renderActions, onChange }: DrawingEditorProps) {
  const { t } = useTranslation();
  const family = catalogue.family;
  const spec = DRAWING_FAMILIES[family];
  const [room, setRoom] = useState(initialRoom);
  const [quantity, setQuantity] = useState(initialQuantity);
  const [lightModel, setLightModel] = useState(catalogue.models[0]?.model ?? spec.lightModels[0] ?? '');
  const [defaults, setDefaults] = useState<Partial<Record<PlanAttribute, string>>>(() =>
    Object.fromEntries(PLAN_ATTRIBUTES.map((key) => [key, sharedValue(initialDrawing, key) ?? catalogue.options[key][0]]).filter(([, value]) => value !== undefined)),
  );
  const env = useMemo<DrawingEnv>(() => {
    const pick = (keys: readonly PlanAttribute[]) => Object.fromEntries(keys.flatMap((key) => (defaults[key] !== undefined ? [[key, defaults[key]]] : [])));
    return { newId, segmentAttributes: pick(segmentAttributesOf(family)), lightModel, lightAttributes: pick(DRAWING_ATTRIBUTES), room: { width: room.width, depth: room.depth } };
  }, [defaults, family, lightModel, room.width, room.depth]);
  const reducer = useMemo(() => (state: DrawingEditorState, action: DrawingAction) => drawingReducer(state, action, env), [env]);
  const [state, dispatch] = useReducer(reducer, initialDrawing, initialDrawingState);
  const drawing = state.drawing;
  const createdAt = useRef(Date.now());
  // The plan follows the pointer at once; the engine's check, the list and the 3D preview follow a
  // render later when the browser is busy (a drag of a node in a drawing of 100 straps stays smooth).
  const settled = useDeferredValue(drawing);
  const caughtUp = settled === drawing;
  const problems = useMemo(() => checkDrawing(settled, room), [settled, room]);
  const dragging = state.dragFrom !== null;
  // The drawing as it opened is not a change; a drag is one change, at its end.
  const opened = useRef({ drawing: state.drawing, room, quantity });
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    const start = opened.current;
    if (dragging || (drawing === start.drawing && room === start.room && quantity === start.quantity)) return;
    changed.current?.(drawing, room, quantity);
  }, [drawing, room, quantity, dragging]);
  const previewed = useThrottled(settled, dragging, PREVIEW_DRAG_INTERVAL_MS);
  const problemText = useProblemText(settled);

  const source = useMemo(() => ({ drawing, room }), [drawing, room]);
  // The space of the drawing as it is (made once per change, not while a drag goes on).
  const space = useMemo(
    () => (caughtUp && !dragging && problems.length === 0 && drawing.segments.length > 0 ? (drawingToSpace(drawing, { room, configurator, ...(spaceId ? { spaceId } : {}), createdAt: createdAt.current, applicationLocationId: null }) as ContractJson) : null),
    [caughtUp, dragging, problems, drawing, room, configurator, spaceId],
  );
  const toSpace = (): ContractJson => space ?? (drawingToSpace(drawing, { room, configurator, ...(spaceId ? { spaceId } : {}), createdAt: createdAt.current, applicationLocationId: null }) as ContractJson);
  const evaluation = useLiveEvaluation({
    source,
    toSpace,
    empty: drawing.segments.length === 0,
    paused: dragging || !caughtUp || problems.length > 0,
    catalogId,
    subFamilyId: catalogue.collection.subFamilyId,
    quantity,
    lang,
  });
  const valid = space !== null && !dragging && evaluation.status === 'ready' && evaluation.data.valid;
  // Made of the settled drawing: a drag does not render the actions again at every step (the space is null while it goes on).
  const result = useMemo<DrawingEditorResult>(
    () => ({
      drawing: settled,
      room,
      space,
      quantity,
      model: lineModel(settled),
      subFamilyId: catalogue.collection.subFamilyId,
      configuratorTypeId: catalogue.collection.configuratorType.id,
      problems,
      valid,
    }),
    [settled, room, space, quantity, catalogue, problems, valid],
  );
  const actions = useMemo(() => renderActions?.(result), [renderActions, result]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    if (event.key === 'Escape' && state.pending) {
      dispatch({ type: 'cancel' });
      return;
    }
    // On the plan (focused by a click), the selection moves with the arrows and goes with Delete, as in the list.
    if (!readOnly && state.selected && target.tagName.toLowerCase() === 'svg' && !(event.ctrlKey || event.metaKey)) {
      const step = event.shiftKey ? LONG_MOVE_STEP : MOVE_STEP;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      const move = moves[event.key];
      if (move) dispatch({ type: 'nudge', selection: state.selected, dx: move[0], dz: move[1] });
      else if (event.key === 'Delete' || event.key === 'Backspace') dispatch({ type: 'remove', selection: state.selected });
      else return;
      event.preventDefault();
      return;
    }
    if (readOnly || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) dispatch({ type: 'undo' });
    else if ((key === 'z' && event.shiftKey) || key === 'y') dispatch({ type: 'redo' });
    else return;
    event.preventDefault();
  };

  const selectedId = state.selected && state.selected.kind !== 'node' ? state.selected.id : null;
  const highlighted = useMemo(() => (selectedId ? [selectedId] : []), [selectedId]);
  const label = useCallback((key: PlanAttribute, code: string) => valueLabel(catalogue, lang, key, code), [catalogue, lang]);
  const modelName = useCallback(
    (code: string) => {
      const model = catalogue.models.find((m) => m.model === code);
      return model ? `${model.description} (${code})` : code;
    },
    [catalogue],
  );

  // The panels are elements kept while what they show does not change: a drag step renders the plan, not them.
  const toolbar = useMemo(() => {
    if (readOnly) return null;
    const tools: DrawingTool[] = ['select', 'draw', ...(Object.keys(spec.itemModels) as DrawingItemKind[])];
    return (
      <div className="drawing-toolbar card" role="group" aria-label={t('drawing.toolbar.label')}>
        <div className="drawing-toolbar__tools" role="radiogroup" aria-label={t('drawing.toolbar.tools')}>
          {tools.map((tool) => (
            <button
              key={tool}
              type="button"
              role="radio"
              aria-checked={state.tool === tool}
              className={`drawing-toolbar__tool${state.tool === tool ? ' is-active' : ''}`}
              onClick={() => dispatch({ type: 'setTool', tool })}
            >
              {t(`drawing.tool.${tool}`)}
            </button>
          ))}
        </div>
        {family === 'plusminus' && (
          <Select label={t('drawing.toolbar.lightModel')} options={catalogue.models.map((m) => ({ value: m.model, label: modelName(m.model) }))} value={lightModel} onChange={setLightModel} />
        )}
        <Button variant="secondary" size="sm" onPress={() => dispatch({ type: 'undo' })} isDisabled={state.past.length === 0} aria-keyshortcuts="Control+Z">
          {t('drawing.toolbar.undo')}
        </Button>
        <Button variant="secondary" size="sm" onPress={() => dispatch({ type: 'redo' })} isDisabled={state.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
          {t('drawing.toolbar.redo')}
        </Button>
        <p className="drawing-toolbar__hint" role="status" aria-live="polite">
          {t(`drawing.hint.${state.tool === 'draw' ? (state.pending ? 'drawNext' : 'drawFirst') : state.tool === 'select' ? 'select' : 'item'}`, { kind: t(`drawing.tool.${state.tool}`) })}
        </p>
      </div>
    );
  }, [readOnly, spec, t, state.tool, state.pending, state.past.length, state.future.length, family, catalogue, modelName, lightModel]);

  const problemsPanel = useMemo(
    () => (
      <section className="card drawing-problems" aria-labelledby="drawing-problems-title">
        <h2 id="drawing-problems-title" className="drawing-panel__title">
          {t('drawing.problems.title')}
        </h2>
        {problems.length === 0 ? (
          <p className="drawing-problems__none">{settled.segments.length === 0 ? t(`drawing.problems.empty.${family}`) : t('drawing.problems.none')}</p>
        ) : (
          <ul className="drawing-problems__list" data-testid="drawing-problems">
            {problems.map((problem, index) => (
              <li key={`${problem.code}-${problem.elementId}-${index}`} data-code={problem.code}>
                {problemText(problem)}
              </li>
            ))}
          </ul>
        )}
      </section>
    ),
    [problems, settled, problemText, t, family],
  );
  const wholePanel = useMemo(
    () => (
      <section className="card drawing-panel" aria-labelledby="drawing-whole-title">
        <h2 id="drawing-whole-title" className="drawing-panel__title">
          {t('drawing.whole.title')}
        </h2>
        {(family === 'sticks' ? PLAN_ATTRIBUTES : DRAWING_ATTRIBUTES).filter((key) => catalogue.options[key].length > 0).map((key) => (
          <RefusableSelect
            key={key}
            label={t(`configurator.attribute.${key}`)}
            values={catalogue.options[key]}
            labelOf={(value) => label(key, value)}
            reasonOf={(value) => refusalOf(catalogue.rules, settled, wholeTargets(settled, key), key, value, lang)}
            value={sharedValue(settled, key) ?? (settled.segments.length === 0 ? defaults[key] : undefined) ?? null}
            placeholder={t('drawing.whole.mixed')}
            isDisabled={readOnly}
            onChoose={(value: string) => {
              setDefaults((current) => ({ ...current, [key]: value }));
              const segments = segmentAttributesOf(family).includes(key) ? settled.segments.map((s) => s.id) : [];
              if (segments.length > 0) dispatch({ type: 'setSegmentAttribute', ids: segments, key, value });
              const lights = (DRAWING_ATTRIBUTES as readonly PlanAttribute[]).includes(key) ? settled.items.filter((i) => i.kind === 'light').map((i) => i.id) : [];
              if (lights.length > 0) dispatch({ type: 'setItemAttribute', ids: lights, key, value });
            }}
          />
        ))}
        <MetricField
          label={t('drawing.whole.height')}
          catalogId={catalogId}
          metres={settled.height}
          min={0.5}
          max={Math.max(0.5, room.height - 0.05)}
          isDisabled={readOnly}
          onChange={(height) => dispatch({ type: 'setHeight', height })}
        />
        <MetricField label={t('drawing.whole.roomWidth')} catalogId={catalogId} metres={room.width} min={1} max={40} isDisabled={readOnly} onChange={(width) => setRoom((r) => ({ ...r, width }))} />
        <MetricField label={t('drawing.whole.roomDepth')} catalogId={catalogId} metres={room.depth} min={1} max={40} isDisabled={readOnly} onChange={(depth) => setRoom((r) => ({ ...r, depth }))} />
        <MetricField label={t('drawing.whole.roomHeight')} catalogId={catalogId} metres={room.height} min={2} max={12} isDisabled={readOnly} onChange={(height) => setRoom((r) => ({ ...r, height }))} />
      </section>
    ),
    [settled, defaults, room, catalogId, readOnly, label, family, catalogue, t, lang],
  );
  const livePanel = useMemo(
    () => (
      <section className="card drawing-panel" aria-labelledby="drawing-live-title">
        <h2 id="drawing-live-title" className="drawing-panel__title">
          {t('crea.live.title')}
        </h2>
        <QuantitySelector variant="numeric" label={t('crea.live.sets')} showLabel min={1} max={100000} value={quantity} isDisabled={readOnly} onChange={setQuantity} />
        {problems.length > 0 && settled.segments.length > 0 ? (
          <p role="status">{t('drawing.live.fixFirst', { count: problems.length })}</p>
        ) : (
          <LivePanel evaluation={evaluation} seesPrices={seesPrices} quantity={quantity} emptyText={t(`drawing.live.empty.${family}`)} />
        )}
        <div className="drawing-actions">{actions}</div>
      </section>
    ),
    [evaluation, seesPrices, quantity, problems, settled, family, actions, readOnly, t],
  );

  return (
    <div className="drawing-editor" onKeyDown={onKeyDown}>
      <div className="drawing-editor__stage">
        {toolbar}
        <div className="drawing-editor__views">
          <DrawingPlan state={state} room={room} problems={problems} catalogId={catalogId} readOnly={readOnly} dispatch={dispatch} label={t(`drawing.plan.label.${family}`, { count: drawing.segments.length })} />
          <DrawingPreviewPanel drawing={previewed} room={room} highlighted={highlighted} />
        </div>
        {problemsPanel}
      </div>
      <div className="drawing-editor__side">
        <section className="card drawing-panel" aria-labelledby="drawing-list-title">
          <h2 id="drawing-list-title" className="drawing-panel__title">
            {t('drawing.list.title')}
          </h2>
          <DrawingList drawing={settled} selected={state.selected} problems={problems} catalogId={catalogId} readOnly={readOnly} dispatch={dispatch} />
        </section>
        <section className="card drawing-panel" aria-labelledby="drawing-selection-title">
          <h2 id="drawing-selection-title" className="drawing-panel__title">
            {t('drawing.selection.title')}
          </h2>
          <SelectionPanel drawing={settled} selected={state.selected} catalogue={catalogue} catalogId={catalogId} lang={lang} readOnly={readOnly} dispatch={dispatch} label={label} modelName={modelName} />
        </section>
        {wholePanel}
        {livePanel}
      </div>
    </div>
  );
}

/** A length field in metres, or in feet for the United States catalogue (21). */
function MetricField({ label, catalogId, metres, min, max, isDisabled, onChange }: { label: string; catalogId: number; metres: number; min: number; max: number; isDisabled: boolean; onChange: (metres: number) => void }) {
  const { t } = useTranslation();
  const imperial = catalogId === 21;
  const shown = (value: number) => Math.round((imperial ? value / FEET : value) * 100) / 100;
  return (
    <QuantitySelector
      key={`${label}-${metres}`}
      label={`${label} (${t(imperial ? 'crea.units.feet' : 'crea.units.metres')})`}
      showLabel
      value={shown(metres)}
      min={shown(min)}
      max={shown(max)}
      step={0.05}
      isDisabled={isDisabled}
      onChange={(value) => {
        const next = imperial ? value * FEET : value;
        if (Math.abs(next - metres) > 0.001) onChange(next);
      }}
    />
  );
}

interface SelectionPanelProps {
  drawing: Drawing;
  selected: DrawingSelection | null;
  catalogue: DrawingCatalogue;
  catalogId: number;
  lang: Lang;
  readOnly: boolean;
  dispatch: (action: DrawingAction) => void;
  label: (key: PlanAttribute, code: string) => string;
  modelName: (code: string) => string;
}

/** The selected element: its attributes (a stick, a strap's finish, a light's model and attributes), keyboard drawing from a node, delete. */
/** Memoised: a drag renders it again only once the drawing has settled. */
const SelectionPanel = memo(function SelectionPanel({ drawing, selected, catalogue, catalogId, lang, readOnly, dispatch, label, modelName }: SelectionPanelProps) {
  const names = useElementNames(drawing);
  const { t } = useTranslation();
  const format = useFormat();
  const [direction, setDirection] = useState<number>(0);
  const family = catalogue.family;
  const lengths = DRAWING_FAMILIES.sticks.segmentModels.map((m) => m.length);
  const [length, setLength] = useState<number>(family === 'sticks' ? (lengths[0] ?? 0.6) : 1);
  const nodes = nodesOf(drawing);
  const node = selected?.kind === 'node' ? nodes.find((n) => n.id === selected.id) : undefined;
  const segment = selected?.kind === 'segment' ? drawing.segments.find((s) => s.id === selected.id) : undefined;
  const item = selected?.kind === 'item' ? drawing.items.find((i) => i.id === selected.id) : undefined;
  const nodeName = node ? t('drawing.element.node', { number: nodes.indexOf(node) + 1 }) : null;
  const draw = !readOnly && (drawing.segments.length === 0 || node) && (
    <div className="drawing-selection__draw" role="group" aria-label={t('drawing.keyboard.title')}>
      <p className="drawing-selection__note">{node ? t('drawing.keyboard.fromNode', { name: nodeName }) : t('drawing.keyboard.fromCentre')}</p>
      <Select label={t('drawing.keyboard.direction')} options={DIRECTIONS.map((d) => ({ value: String(d), label: t(`drawing.direction.${d}`) }))} value={String(direction)} onChange={(value: string) => setDirection(Number(value))} />
      {family === 'sticks' ? (
        <Select label={t('drawing.keyboard.length')} options={lengths.map((l) => ({ value: String(l), label: `${stickModelFor(l) ?? ''} · ${format.length(l * 100, catalogId)}` }))} value={String(length)} onChange={(value: string) => setLength(Number(value))} />
      ) : (
        <MetricField label={t('drawing.keyboard.length')} catalogId={catalogId} metres={length} min={0.3} max={6} isDisabled={false} onChange={setLength} />
      )}
      <Button size="sm" onPress={() => dispatch({ type: 'addSegmentFrom', angle: direction, length })}>
        {t(`drawing.keyboard.add.${family}`)}
      </Button>
    </div>
  );
  const chosen = selected && (node || segment || item) ? selected : null;
  const name = node ? (nodeName ?? '') : segment ? names.segment(segment.id) : item ? names.item(item) : '';
  const attributes = (ids: string[], kind: 'segment' | 'item', current: Partial<Record<PlanAttribute, string>>, keys: readonly PlanAttribute[]) =>
    keys
      .filter((key) => catalogue.options[key].length > 0)
      .map((key) => (
        <RefusableSelect
          key={`${key}-${ids.join(',')}`}
          label={t(`configurator.attribute.${key}`)}
          values={catalogue.options[key]}
          labelOf={(value) => label(key, value)}
          reasonOf={(value) => refusalOf(catalogue.rules, drawing, kind === 'segment' ? { segments: ids, items: [] } : { segments: [], items: ids }, key, value, lang)}
          value={current[key] ?? null}
          isDisabled={readOnly}
          onChoose={(value: string) => dispatch({ type: kind === 'segment' ? 'setSegmentAttribute' : 'setItemAttribute', ids, key, value })}
        />
      ));
  return (
    // One structure whatever is selected, so that the keyboard-drawing group keeps its place (and the focus) as the selection changes.
    <div className="drawing-selection">
      {chosen ? <h3 className="drawing-panel__subtitle">{name}</h3> : <p className="drawing-selection__none">{t('drawing.selection.none')}</p>}
      {segment && attributes([segment.id], 'segment', segment.attributes, segmentAttributesOf(family))}
      {item?.kind === 'light' && (
        <>
          <Select
            label={t('drawing.selection.model')}
            options={catalogue.models.map((m) => ({ value: m.model, label: modelName(m.model) }))}
            value={item.model}
            isDisabled={readOnly}
            onChange={(model: string) => dispatch({ type: 'setItemModel', ids: [item.id], model })}
          />
          {attributes([item.id], 'item', item.attributes, DRAWING_ATTRIBUTES)}
        </>
      )}
      {segment && !readOnly && (
        <div className="drawing-selection__items" role="group" aria-label={t('drawing.selection.place')}>
          {(Object.keys(DRAWING_FAMILIES[family].itemModels) as DrawingItemKind[]).map((kind) => (
            <Button key={kind} variant="secondary" size="sm" onPress={() => dispatch({ type: 'addItem', kind, segmentId: segment.id })}>
              {t('drawing.selection.add', { kind: t(`drawing.tool.${kind}`) })}
            </Button>
          ))}
        </div>
      )}
      {draw}
      {!readOnly && chosen && (
        <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'remove', selection: chosen })}>
          {t('drawing.selection.delete', { name })}
        </Button>
      )}
    </div>
  );
});
