/**
 * The no-drawing configurators (issue 16 §3; spec §2 /{sticks,plusminus}-nodrawing-configurator): the
 * structure is not drawn but chosen — one of the family's layouts (the domain's `drawingLayouts`, sized
 * by a few numbers) or one of the catalogue's preconfigurations — then adjusted in forms: counts,
 * lengths, the light model and the attributes. The domain's `layoutDrawing` makes the drawing; from
 * there it is the drawing configurator's: the same checks (`checkDrawing`), 3D preview, plan, live
 * evaluation by the server and save (the line's configurator type is NODRAWING, 3). The form is kept
 * as a draft while it changes (issue 27 §3, shared/configurator-draft.tsx) and offered back on return.
 */
import type { JsonObject, PreconfigDetail, PreconfigSummary } from '@lumen/contracts';
import {
  checkDrawing,
  DEFAULT_ROOM_SIZE,
  DRAWING_CONFIGURATOR,
  DRAWING_FAMILIES,
  DRAWING_SUBFAMILY,
  drawingLayouts,
  drawingToSpace,
  hasAnyPrivilege,
  layoutDrawing,
  segmentLength,
  stickModelFor,
  type Drawing,
  type DrawingFamily,
  type ElementAttributes,
  type Lang,
  type RoomSize,
} from '@lumen/domain';
import { Button, QuantitySelector, Select, Skeleton } from '@lumen/ui';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadPreconfig } from '../../shared/catalogue-calls';
import { DraftKeeping, DraftOffer, useConfiguratorDraft, type DraftData } from '../../shared/configurator-draft';
import { LivePanel, useLiveEvaluation } from '../../shared/live-evaluation';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { PLAN_ATTRIBUTES, useDrawingCatalogue, valueLabel, type DrawingCatalogue, type PlanAttribute } from './drawing-catalogue';
import type { DrawingEditorResult } from './drawing-editor';
import { RefusableSelect, refusalOf } from './drawing-refusals';
import { useProblemText } from './drawing-list';
import { loadDrawingPreconfigs } from './drawing-nodrawing-calls';
import { DrawingPreviewPanel } from './drawing-preview-panel';
import { draftDrawing } from './drawing-screen';
import { DrawingPlanView } from './drawing-share-plan';
import { readDrawingSpace } from './drawing-share-view';

/** The no-drawing modes (spec §2): sticks CREATE, EDIT, VALIDATE; plusminus those and VIEW. */
export type NoDrawingMode = 'create' | 'edit' | 'validate' | 'view';
export const NO_DRAWING_MODES: Readonly<Record<DrawingFamily, readonly NoDrawingMode[]>> = {
  sticks: ['create', 'edit', 'validate'],
  plusminus: ['create', 'edit', 'validate', 'view'],
};

const FEET = 0.3048;
/** The layouts' parameters that are lengths (metres; shown in feet for catalogue 21); the others are counts and angles. */
const LENGTH_PARAMS: ReadonlySet<string> = new Set(['length', 'spacing']);
/** The room a chosen structure is shown and checked in: the structure and a metre around it, at least 3 m, on a half-metre step. */
const ROOM_MARGIN = 1;
const DEFAULT_ROOM_HEIGHT = 3;
const DEFAULT_HEIGHT = 2.6;

/** What the structure comes from. */
type Choice = { kind: 'layout'; id: string } | { kind: 'preconfig'; id: number } | { kind: 'saved' };

/** The form as a draft keeps it (issue 27 §3): what the structure comes from, its numbers and the lights' choices. */
export interface NoDrawingForm {
  choice: Choice;
  params: Record<string, number>;
  /** The structure a preconfiguration or the saved line gave (null for a layout). */
  base: Drawing | null;
  lightModel: string;
  attributes: Record<PlanAttribute, string>;
  height: number;
  roomHeight: number;
}

const isNumberRecord = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'number' && Number.isFinite(v));

/** The form of a no-drawing draft of this family, or null when the draft is not one (another shape, a layout this version lacks). */
export function noDrawingFormFromDraft(draft: DraftData | null, family: DrawingFamily): NoDrawingForm | null {
  const form = draft?.content.form as unknown;
  if (typeof form !== 'object' || form === null) return null;
  const f = form as Partial<Record<keyof NoDrawingForm, unknown>>;
  const choice = f.choice as Partial<{ kind: unknown; id: unknown }> | undefined;
  const validChoice =
    (choice?.kind === 'layout' && drawingLayouts(family).some((layout) => layout.id === choice.id)) ||
    (choice?.kind === 'preconfig' && typeof choice.id === 'number') ||
    choice?.kind === 'saved';
  const base = f.base === null ? null : draftDrawing(f.base, family);
  if (!validChoice || !isNumberRecord(f.params) || (f.base !== null && base === null) || (choice?.kind !== 'layout' && base === null)) return null;
  const attributes = f.attributes as Record<string, unknown> | undefined;
  if (typeof f.lightModel !== 'string' || !attributes || !PLAN_ATTRIBUTES.every((key) => typeof attributes[key] === 'string')) return null;
  if (typeof f.height !== 'number' || typeof f.roomHeight !== 'number' || !(f.height > 0) || !(f.roomHeight > 0)) return null;
  return { choice: choice as Choice, params: f.params, base, lightModel: f.lightModel, attributes: attributes as Record<PlanAttribute, string>, height: f.height, roomHeight: f.roomHeight };
}

export function fitRoom(drawing: Drawing, height: number): RoomSize {
  const points = drawing.segments.flatMap((segment) => [segment.from, segment.to]);
  const reach = (axis: 'x' | 'z') => Math.max(0, ...points.map((point) => Math.abs(point[axis])));
  const side = (axis: 'x' | 'z') => Math.max(3, Math.ceil((2 * reach(axis) + 2 * ROOM_MARGIN) * 2) / 2);
  return { ...DEFAULT_ROOM_SIZE, width: side('x'), depth: side('z'), height };
}

/**
 * The form's light model and attributes put on a drawing: every strap's finish, or every stick's
 * attributes with its canopy (the sticks are made with a canopy only: a stick without one names no
 * article), every light's model and attributes.
 */
export function applyChoices(drawing: Drawing, attributes: Readonly<Record<PlanAttribute, string>>, lightModel: string | null, height: number): Drawing {
  const lit: ElementAttributes = { finish: attributes.finish, ledColourTemp: attributes.ledColourTemp, control: attributes.control };
  const stick: ElementAttributes = attributes.installation ? { ...lit, installation: attributes.installation } : lit;
  return {
    ...drawing,
    height,
    segments: drawing.segments.map((segment) => ({ ...segment, attributes: { ...segment.attributes, ...(drawing.family === 'sticks' ? stick : { finish: attributes.finish }) } })),
    items: drawing.items.map((item) => (item.kind === 'light' ? { ...item, model: lightModel ?? item.model, attributes: { ...item.attributes, ...lit } } : item)),
  };
}

/** The line's model: the first light's (plusminus) or the first stick's (sticks). */
export function noDrawingModel(drawing: Drawing): string {
  if (drawing.family === 'sticks') {
    const [first] = drawing.segments;
    return (first && stickModelFor(segmentLength(first))) ?? DRAWING_FAMILIES.sticks.segmentModels[0]?.model ?? '';
  }
  return drawing.items.find((item) => item.kind === 'light')?.model ?? DRAWING_FAMILIES.plusminus.lightModels[0] ?? '';
}

const defaultsOf = (family: DrawingFamily, layoutId: string): Record<string, number> =>
  Object.fromEntries((drawingLayouts(family).find((layout) => layout.id === layoutId)?.params ?? []).map((param) => [param.key, param.default]));

export interface NoDrawingScreenProps {
  family: DrawingFamily;
  mode: NoDrawingMode;
  /** The catalogue to work in (a project's); default the user's. */
  catalogId?: number;
  /** A saved space (a project line), read back as the structure to adjust. */
  savedSpace?: unknown;
  initialQuantity?: number;
  readOnly?: boolean;
  intro?: ReactNode;
  backPath: string;
  backLabel: string;
  /** `saved` tells the draft the work is saved (added to a project, the line saved): it goes, and leaving no longer asks. */
  renderActions?: (result: DrawingEditorResult, saved: () => void) => ReactNode;
  /** Where the work in progress is kept (issue 27 §3): `plusminus-nodrawing`, `sticks-nodrawing.line.{productId}`…; offered to resume when the screen opens. */
  draftKey?: string;
}

/** Loads the family's catalogue (collection, models, attribute values), then opens the forms. */
export function NoDrawingScreen({ family, mode, catalogId: catalogOfCaller, savedSpace, initialQuantity, readOnly, intro, backPath, backLabel, renderActions, draftKey }: NoDrawingScreenProps) {
  const { t } = useTranslation();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = catalogOfCaller ?? account?.catalogId ?? 16;
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const [catalogue, reload] = useDrawingCatalogue(family, catalogId, lang);
  const ready = catalogue.status === 'ready' ? catalogue.data : null;
  const saved = useMemo(() => (ready && savedSpace !== undefined && savedSpace !== null ? readDrawingSpace(savedSpace, DRAWING_SUBFAMILY[family], ready.familyData) : null), [ready, savedSpace, family]);
  const editable = !readOnly && mode !== 'view';
  const draft = useConfiguratorDraft(editable && draftKey ? draftKey : null);
  const [resumed, setResumed] = useState<{ form: NoDrawingForm; quantity: number; at: string } | null>(null);
  const offeredForm = noDrawingFormFromDraft(draft.offer, family);
  // A draft that chose the saved line's structure is offered only where there is a saved line.
  const offered = offeredForm && (offeredForm.choice.kind !== 'saved' || savedSpace) ? draft.offer : null;
  const { write, saved: draftSaved } = draft;
  const actions = useMemo(() => (renderActions ? (result: DrawingEditorResult) => renderActions(result, draftSaved) : undefined), [renderActions, draftSaved]);

  return (
    <section className="page drawing-page drawing-nodrawing" aria-labelledby="drawing-nodrawing-title">
      <header className="drawing-page__header">
        <p className="page-eyebrow">{t(`drawing.nodrawing.mode.${mode}`)}</p>
        <h1 id="drawing-nodrawing-title">{t(`drawing.nodrawing.title.${family}`)}</h1>
        {intro}
        <Link className="text-link" to={backPath}>
          {backLabel}
        </Link>
      </header>
      {offered && (
        <DraftOffer
          draft={offered}
          onResume={() => {
            const taken = draft.resume();
            const form = noDrawingFormFromDraft(taken, family);
            if (taken && form) setResumed({ form, quantity: taken.quantity, at: taken.updatedAt });
          }}
          onDiscard={draft.discard}
        />
      )}
      <DraftKeeping draft={draft} />
      {catalogue.status === 'failed' ? (
        <div className="card" role="alert">
          <p>{t('drawing.nodrawing.loadFailed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('configurator.retry')}
          </Button>
        </div>
      ) : catalogue.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="lm-visually-hidden">{t('common.loading')}</span>
          <div className="card">
            <Skeleton lines={8} />
          </div>
        </div>
      ) : !ready ? (
        <div className="card" role="alert">
          <p>{t('drawing.nodrawing.notInCatalogue')}</p>
        </div>
      ) : saved && !saved.ok ? (
        <div className="card" role="alert">
          <p>{t('drawingShare.view.unreadable', { message: saved.message })}</p>
        </div>
      ) : (
        <NoDrawingWorkspace
          key={resumed?.at ?? ''}
          catalogue={ready}
          catalogId={catalogId}
          lang={lang}
          saved={saved?.ok ? { drawing: saved.drawing, room: saved.room } : null}
          {...(resumed ? { initialForm: resumed.form } : {})}
          initialQuantity={resumed?.quantity ?? initialQuantity ?? 1}
          seesPrices={seesPrices}
          readOnly={!editable}
          renderActions={actions}
          {...(editable && draftKey ? { onChange: (form: NoDrawingForm, quantity: number) => write({ form } as unknown as JsonObject, quantity) } : {})}
        />
      )}
    </section>
  );
}

interface WorkspaceProps {
  catalogue: DrawingCatalogue;
  catalogId: number;
  lang: Lang;
  saved: { drawing: Drawing; room: RoomSize } | null;
  /** A resumed draft's form (else the saved line's, or the first layout's). */
  initialForm?: NoDrawingForm;
  initialQuantity: number;
  seesPrices: boolean;
  readOnly: boolean;
  renderActions?: (result: DrawingEditorResult) => ReactNode;
  /** Each change the user makes to the form (not the form as it opened). */
  onChange?: (form: NoDrawingForm, quantity: number) => void;
}

function sharedValue(drawing: Drawing | undefined, key: PlanAttribute): string | undefined {
  if (!drawing) return undefined;
  const values = new Set([...drawing.segments.map((s) => s.attributes[key]), ...drawing.items.filter((i) => i.kind === 'light').map((i) => i.attributes[key])].filter((v) => v !== undefined));
  return values.size === 1 ? [...values][0] : undefined;
}

function NoDrawingWorkspace({ catalogue, catalogId, lang, saved, initialForm, initialQuantity, seesPrices, readOnly, renderActions, onChange }: WorkspaceProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const family = catalogue.family;
  const subFamilyId = catalogue.collection.subFamilyId;
  const layouts = drawingLayouts(family);
  const firstLayout = layouts[0]?.id ?? '';
  const [choice, setChoice] = useState<Choice>(initialForm?.choice ?? (saved ? { kind: 'saved' } : { kind: 'layout', id: firstLayout }));
  const [params, setParams] = useState<Record<string, number>>(() => initialForm?.params ?? defaultsOf(family, firstLayout));
  const [base, setBase] = useState<Drawing | null>(initialForm ? initialForm.base : (saved?.drawing ?? null));
  const [preconfigProblem, setPreconfigProblem] = useState<string | null>(null);
  const [lightModel, setLightModel] = useState<string>(() => initialForm?.lightModel ?? saved?.drawing.items.find((i) => i.kind === 'light')?.model ?? catalogue.models[0]?.model ?? DRAWING_FAMILIES.plusminus.lightModels[0] ?? '');
  const [attributes, setAttributes] = useState<Record<PlanAttribute, string>>(() => initialForm?.attributes ?? ({
    finish: sharedValue(saved?.drawing, 'finish') ?? catalogue.options.finish[0] ?? '',
    ledColourTemp: sharedValue(saved?.drawing, 'ledColourTemp') ?? catalogue.options.ledColourTemp[0] ?? '',
    control: sharedValue(saved?.drawing, 'control') ?? catalogue.options.control[0] ?? '',
    // The sticks' canopy (the straps' lights take none from the form).
    installation: family === 'sticks' ? (sharedValue(saved?.drawing, 'installation') ?? catalogue.options.installation[0] ?? '') : '',
  }));
  const [height, setHeight] = useState(initialForm?.height ?? saved?.drawing.height ?? DEFAULT_HEIGHT);
  const [roomHeight, setRoomHeight] = useState(initialForm?.roomHeight ?? saved?.room.height ?? DEFAULT_ROOM_HEIGHT);
  const [quantity, setQuantity] = useState(initialQuantity);
  const createdAt = useRef(Date.now());

  // A change of the form goes to the draft; the form as it opened does not (compared as written, so a repeated effect writes nothing).
  const form = useMemo<NoDrawingForm>(() => ({ choice, params, base, lightModel, attributes, height, roomHeight }), [choice, params, base, lightModel, attributes, height, roomHeight]);
  const formText = JSON.stringify([form, quantity]);
  const lastWritten = useRef(formText);
  useEffect(() => {
    if (!onChange || formText === lastWritten.current) return;
    lastWritten.current = formText;
    onChange(form, quantity);
  }, [formText, form, quantity, onChange]);

  const [preconfigs] = useRemote<PreconfigSummary[]>(readOnly ? null : `${subFamilyId}/${catalogId}/${lang}`, () => dispatch(loadDrawingPreconfigs({ catalogId, lang, subFamilyId })).unwrap());
  const preconfigList = preconfigs.status === 'ready' ? preconfigs.data.filter((item) => item.subFamilyId === subFamilyId) : [];

  const built = useMemo<{ drawing: Drawing; error: string | null }>(() => {
    const lightOrNull = family === 'plusminus' ? lightModel : null;
    if (choice.kind === 'layout') {
      try {
        const lit: ElementAttributes = { finish: attributes.finish, ledColourTemp: attributes.ledColourTemp, control: attributes.control };
        const drawing = layoutDrawing(family, choice.id, params, { attributes: lit, ...(lightOrNull ? { lightModel: lightOrNull } : {}), height });
        return { drawing: applyChoices(drawing, attributes, lightOrNull, height), error: null };
      } catch (error) {
        return { drawing: { family, height, segments: [], items: [] }, error: error instanceof Error ? error.message : String(error) };
      }
    }
    return { drawing: applyChoices(base ?? { family, height, segments: [], items: [] }, attributes, lightOrNull, height), error: null };
  }, [choice, params, base, attributes, lightModel, height, family]);
  const drawing = built.drawing;
  const room = useMemo(() => (choice.kind === 'saved' && saved ? { ...saved.room, height: roomHeight } : fitRoom(drawing, roomHeight)), [choice, saved, drawing, roomHeight]);
  const problems = useMemo(() => checkDrawing(drawing, room), [drawing, room]);
  const describe = useProblemText(drawing);

  const toSpace = (): JsonObject => drawingToSpace(drawing, { room, configurator: DRAWING_CONFIGURATOR.noDrawing, createdAt: createdAt.current, applicationLocationId: null }) as JsonObject;
  const source = useMemo(() => ({ drawing, room }), [drawing, room]);
  const evaluation = useLiveEvaluation({ source, toSpace, empty: drawing.segments.length === 0, paused: problems.length > 0, catalogId, subFamilyId, quantity, lang });
  const space = problems.length === 0 && drawing.segments.length > 0 ? toSpace() : null;
  const result: DrawingEditorResult = {
    drawing,
    room,
    space,
    quantity,
    model: noDrawingModel(drawing),
    subFamilyId,
    configuratorTypeId: DRAWING_CONFIGURATOR.noDrawing,
    problems,
    valid: space !== null && evaluation.status === 'ready' && evaluation.data.valid,
  };

  async function choosePreconfig(id: number) {
    setPreconfigProblem(null);
    const loaded = await dispatch(loadPreconfig({ id, catalogId, lang }));
    if (!loadPreconfig.fulfilled.match(loaded)) {
      setPreconfigProblem(t('drawing.nodrawing.preconfigFailed'));
      return;
    }
    const detail: PreconfigDetail = loaded.payload;
    const read = detail.domainJSON ? readDrawingSpace(detail.domainJSON, subFamilyId, catalogue.familyData) : { ok: false as const, message: '' };
    if (!read.ok) {
      setPreconfigProblem(t('drawing.nodrawing.preconfigNotDrawing', { name: detail.name }));
      return;
    }
    setBase(read.drawing);
    setHeight(read.drawing.height);
    setLightModel(read.drawing.items.find((i) => i.kind === 'light')?.model ?? lightModel);
    setChoice({ kind: 'preconfig', id });
  }

  function chooseLayout(id: string) {
    setPreconfigProblem(null);
    setChoice({ kind: 'layout', id });
    setParams(defaultsOf(family, id));
  }

  const imperial = catalogId === 21;
  const shown = (metres: number) => Math.round((imperial ? metres / FEET : metres) * 100) / 100;
  const unit = t(imperial ? 'crea.units.feet' : 'crea.units.metres');
  const layout = choice.kind === 'layout' ? layouts.find((item) => item.id === choice.id) : undefined;
  const modelName = (code: string) => {
    const model = catalogue.models.find((m) => m.model === code);
    return model ? `${model.description} (${code})` : code;
  };
  const structureValue = choice.kind === 'layout' ? `layout:${choice.id}` : choice.kind === 'preconfig' ? `preconfig:${choice.id}` : 'saved';
  const structureOptions = [
    ...(saved ? [{ value: 'saved', label: t('drawing.nodrawing.saved') }] : []),
    ...layouts.map((item) => ({ value: `layout:${item.id}`, label: t(`drawing.nodrawing.layout.${family}.${item.id}`) })),
    ...preconfigList.map((item) => ({ value: `preconfig:${item.id}`, label: t('drawing.nodrawing.preconfig', { name: item.name }) })),
  ];

  return (
    <div className="drawing-editor drawing-nodrawing__workspace">
      <div className="drawing-editor__stage">
        <div className="drawing-editor__views">
          <DrawingPlanView drawing={drawing} catalogId={catalogId} />
          <DrawingPreviewPanel drawing={drawing} room={room} />
        </div>
        <section className="card drawing-problems" aria-labelledby="drawing-nodrawing-problems">
          <h2 id="drawing-nodrawing-problems" className="drawing-panel__title">
            {t('drawing.problems.title')}
          </h2>
          {built.error ? (
            <p role="alert">{t('drawing.nodrawing.layoutRefused', { message: built.error })}</p>
          ) : problems.length === 0 ? (
            <p>{t('drawing.problems.none')}</p>
          ) : (
            <ul className="drawing-problems__list">
              {problems.map((problem, index) => (
                <li key={`${problem.code}-${problem.elementId}-${index}`} data-code={problem.code}>
                  {describe(problem)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="drawing-editor__side">
        <section className="card drawing-panel" aria-labelledby="drawing-nodrawing-structure">
          <h2 id="drawing-nodrawing-structure" className="drawing-panel__title">
            {t('drawing.nodrawing.structure')}
          </h2>
          <Select
            label={t('drawing.nodrawing.choose')}
            options={structureOptions}
            value={structureValue}
            isDisabled={readOnly}
            onChange={(value: string) => {
              if (value.startsWith('layout:')) chooseLayout(value.slice('layout:'.length));
              else if (value.startsWith('preconfig:')) void choosePreconfig(Number(value.slice('preconfig:'.length)));
              else if (value === 'saved' && saved) {
                setBase(saved.drawing);
                setChoice({ kind: 'saved' });
              }
            }}
          />
          {preconfigs.status === 'failed' && <p role="status">{t('drawing.nodrawing.preconfigsFailed')}</p>}
          {preconfigProblem && <p role="alert">{preconfigProblem}</p>}
          {layout?.params.map((param) => {
            const length = LENGTH_PARAMS.has(param.key);
            const name = t(`drawing.nodrawing.param.${family}.${param.key}`);
            const value = params[param.key] ?? param.default;
            return (
              <QuantitySelector
                key={`${layout.id}/${param.key}`}
                label={length ? `${name} (${unit})` : name}
                showLabel
                value={length ? shown(value) : value}
                min={length ? shown(param.min) : param.min}
                max={length ? shown(param.max) : param.max}
                step={length && imperial ? 0.01 : param.step}
                isDisabled={readOnly}
                onChange={(typed) => {
                  const raw = length && imperial ? typed * FEET : typed;
                  const next = Math.min(param.max, Math.max(param.min, param.min + Math.round((raw - param.min) / param.step) * param.step));
                  const rounded = Math.round(next * 1000) / 1000;
                  setParams((current) => (current[param.key] === rounded ? current : { ...current, [param.key]: rounded }));
                }}
              />
            );
          })}
        </section>
        <section className="card drawing-panel" aria-labelledby="drawing-nodrawing-lights">
          <h2 id="drawing-nodrawing-lights" className="drawing-panel__title">
            {t(`drawing.nodrawing.lights.${family}`)}
          </h2>
          {family === 'plusminus' && (
            <Select label={t('drawing.toolbar.lightModel')} options={catalogue.models.map((m) => ({ value: m.model, label: modelName(m.model) }))} value={lightModel} isDisabled={readOnly} onChange={setLightModel} />
          )}
          {PLAN_ATTRIBUTES
            .filter((key) => (family === 'sticks' || key !== 'installation') && catalogue.options[key].length > 0)
            .map((key) => (
            <RefusableSelect
              key={key}
              label={t(`configurator.attribute.${key}`)}
              values={catalogue.options[key]}
              labelOf={(value) => valueLabel(catalogue, lang, key, value)}
              reasonOf={(value) => refusalOf(catalogue.rules, drawing, { segments: drawing.segments.map((segment) => segment.id), items: drawing.items.map((item) => item.id) }, key, value, lang)}
              value={attributes[key] || null}
              isDisabled={readOnly}
              onChoose={(value: string) => setAttributes((current) => ({ ...current, [key]: value }))}
            />
          ))}
          <QuantitySelector
            key="height"
            label={`${t('drawing.whole.height')} (${unit})`}
            showLabel
            value={shown(height)}
            min={shown(0.5)}
            max={shown(Math.max(0.5, roomHeight - 0.05))}
            step={0.05}
            isDisabled={readOnly}
            onChange={(value) => setHeight(imperial ? value * FEET : value)}
          />
          <QuantitySelector
            key="room-height"
            label={`${t('drawing.whole.roomHeight')} (${unit})`}
            showLabel
            value={shown(roomHeight)}
            min={shown(2)}
            max={shown(12)}
            step={0.05}
            isDisabled={readOnly}
            onChange={(value) => setRoomHeight(imperial ? value * FEET : value)}
          />
        </section>
        <section className="card drawing-panel" aria-labelledby="drawing-nodrawing-live">
          <h2 id="drawing-nodrawing-live" className="drawing-panel__title">
            {t('crea.live.title')}
          </h2>
          <QuantitySelector variant="numeric" label={t('crea.live.sets')} showLabel min={1} max={100000} value={quantity} isDisabled={readOnly} onChange={setQuantity} />
          {problems.length > 0 && drawing.segments.length > 0 ? (
            <p role="status">{t('drawing.live.fixFirst', { count: problems.length })}</p>
          ) : (
            <LivePanel evaluation={evaluation} seesPrices={seesPrices} quantity={quantity} emptyText={t(`drawing.live.empty.${family}`)} />
          )}
          <div className="drawing-actions">{renderActions?.(result)}</div>
        </section>
      </div>
    </div>
  );
}
