/**
 * The room's panels beside the scene: the list of elements (the accessible mirror of the scene),
 * the attributes of the selection, the room, and what the server says of the composition.
 */
import type { CreationFailure } from '@lumen/contracts';
import {
  CEILING_MATERIALS,
  descriptionIn,
  getElement,
  lengthSystemOf,
  lightsUnder,
  roomOf,
  type AttributeKey,
  type CeilingMaterial,
  type ElementTree,
  type Lang,
  type LightOptions,
  type ListedAttributeKey,
  type RoomSize,
} from '@lumen/domain';
import { Button, QuantitySelector, Select } from '@lumen/ui';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { clustersOf, groupsOf, LONG_MOVE_STEP, MOVE_STEP, sharedValue, takesMorePendants, type AttributeOutcome, type CreaAction, type CreaNotice } from './crea-state';
import type { CreaCatalogue } from './crea-catalogue';

const CANOPIES = ['10', '31', '32', '18'] as const;
const FEET = 0.3048;

/** A length in metres as the catalogue's users read it: metres, or feet for the United States catalogue. */
export function roomUnits(catalogId: number) {
  const imperial = lengthSystemOf(catalogId) === 'imperial';
  return {
    imperial,
    toShown: (metres: number) => Math.round((imperial ? metres / FEET : metres) * 100) / 100,
    fromShown: (value: number) => (imperial ? value * FEET : value),
    unitKey: imperial ? 'crea.units.feet' : 'crea.units.metres',
  } as const;
}

/** The label of an attribute value in the user's language (the catalogue's description, canopy names for installations). */
export function useValueLabel(catalogue: CreaCatalogue, lang: Lang) {
  const { t } = useTranslation();
  return (key: AttributeKey, code: string): string => {
    if (key === 'installation' && (CANOPIES as readonly string[]).includes(code)) return t(`crea.canopy.${code}`);
    const described = catalogue.descriptions.get(`${key}|${code}`);
    const text = described ? descriptionIn(described, lang) : '';
    return text && text !== code ? `${text} (${code})` : code;
  };
}

interface ElementListProps {
  tree: ElementTree;
  selected: readonly string[];
  failures: readonly CreationFailure[];
  dispatch: (action: CreaAction) => void;
  readOnly: boolean;
  modelName: (model: string) => string;
}

/**
 * Every cluster of the room as a list: a toggle selects it (Ctrl or Shift adds to the selection),
 * the arrow keys move it by a step (Shift: a long step), Delete removes it, D duplicates it.
 */
export function ElementList({ tree, selected, failures, dispatch, readOnly, modelName }: ElementListProps) {
  const { t } = useTranslation();
  const clusters = clustersOf(tree);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (readOnly) return;
    const step = event.shiftKey ? LONG_MOVE_STEP : MOVE_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      dispatch({ type: 'nudge', id, dx: move[0], dz: move[1] });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'remove', id });
    } else if (event.key === 'd' || event.key === 'D') {
      event.preventDefault();
      dispatch({ type: 'duplicate', id });
    }
  };
  if (clusters.length === 0) return <p className="crea-list__empty">{t('crea.list.empty')}</p>;
  return (
    <>
      <p id="crea-list-help" className="crea-list__help">
        {t(readOnly ? 'crea.list.helpReadOnly' : 'crea.list.help')}
      </p>
      <ol className="crea-list" aria-label={t('crea.list.title')}>
        {clusters.map((cluster, index) => {
          const lights = lightsUnder(tree, cluster.id);
          const models = [...new Set(lights.map((l) => (l.type === 'Light' ? modelName(l.props.code) : '')))].join(', ');
          const installation = cluster.attributes.installation ?? '';
          const isSelected = selected.includes(cluster.id);
          const own = failures.filter((f) => f.elementId !== null && (f.elementId === cluster.id || lights.some((l) => l.id === f.elementId) || cluster.children.includes(f.elementId)));
          const name = t('crea.list.cluster', { number: index + 1 });
          return (
            <li key={cluster.id} data-cluster-id={cluster.id} className={`crea-list__item${isSelected ? ' crea-list__item--selected' : ''}${cluster.collides ? ' crea-list__item--collides' : ''}`}>
              <button
                type="button"
                className="crea-list__select"
                aria-pressed={isSelected}
                aria-describedby="crea-list-help"
                onClick={(event) => dispatch(event.ctrlKey || event.metaKey || event.shiftKey ? { type: 'toggleSelect', id: cluster.id } : { type: 'select', ids: [cluster.id] })}
                onKeyDown={(event) => onKeyDown(event, cluster.id)}
              >
                <span className="crea-list__name">{name}</span>
                <span className="crea-list__detail">
                  {t('crea.list.detail', { models, canopy: t(`crea.canopy.${installation}`, { defaultValue: installation }), count: lights.length })}
                </span>
              </button>
              {own.map((failure) => (
                <p key={`${failure.code}-${failure.elementId ?? ''}-${failure.message}`} className="crea-list__failure">
                  {failure.message}
                </p>
              ))}
            </li>
          );
        })}
      </ol>
      <GroupList tree={tree} clusters={clusters.map((c) => c.id)} selected={selected} dispatch={dispatch} readOnly={readOnly} />
    </>
  );
}

/**
 * The room's groups (issue 27 §2; spec §3–§4): a press selects a group's clusters, whose attributes
 * the selection panel then edits together; several clusters selected can be grouped.
 */
function GroupList({ tree, clusters, selected, dispatch, readOnly }: { tree: ElementTree; clusters: readonly string[]; selected: readonly string[]; dispatch: (action: CreaAction) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const groups = groupsOf(tree);
  const name = (id: string) => t('crea.list.cluster', { number: clusters.indexOf(id) + 1 });
  const grouped = new Set(groups.flatMap((g) => g.clusters));
  const canGroup = !readOnly && selected.length >= 2 && selected.every((id) => clusters.includes(id) && !grouped.has(id));
  return (
    <div className="crea-groups">
      {groups.length > 0 && (
        <ul className="crea-groups__list" aria-label={t('crea.groups.title')}>
          {groups.map((group, index) => (
            <li key={group.id}>
              <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'select', ids: group.clusters })}>
                {t('crea.groups.group', { number: index + 1, clusters: group.clusters.map(name).join(', ') })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {canGroup && (
        <Button variant="secondary" size="sm" onPress={() => dispatch({ type: 'group', ids: selected })}>
          {t('crea.groups.make')}
        </Button>
      )}
    </div>
  );
}

interface SelectionPanelProps {
  tree: ElementTree;
  selected: readonly string[];
  options: LightOptions | null;
  catalogue: CreaCatalogue;
  lang: Lang;
  dispatch: (action: CreaAction) => void;
  readOnly: boolean;
  catalogId: number;
  /** What choosing a value would do (the room's engine, run without changing anything). */
  outcomeOf?: (key: AttributeKey, value: string) => AttributeOutcome;
  /** A refusal's reason in the user's language. */
  refusalText?: (notice: Extract<CreaNotice, { kind: 'refused' }>) => string;
}

const LISTED: readonly ListedAttributeKey[] = ['finish', 'ledColourTemp', 'control', 'installation'];

/** The selection's attributes: the intersection of its lights' options; a single option is set already. */
export function SelectionPanel({ tree, selected, options, catalogue, lang, dispatch, readOnly, catalogId, outcomeOf, refusalText }: SelectionPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = useValueLabel(catalogue, lang);
  const units = roomUnits(catalogId);
  // The last refused choice, shown beside its control with the nearest choice that fits (issue 27 §2).
  const [refused, setRefused] = useState<{ selection: string; key: ListedAttributeKey; value: string; reason: string; nearest: string | null } | null>(null);
  const selection = selected.join(',');
  const outcomes = useMemo(() => {
    const found = new Map<string, AttributeOutcome>();
    if (!outcomeOf || !options || readOnly) return found;
    for (const key of LISTED) for (const value of options[key]) if (options[key].length > 1) found.set(`${key}|${value}`, outcomeOf(key, value));
    return found;
    // The outcomes follow the tree and the selection; outcomeOf is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, selection, options, readOnly]);
  const reasonOf = (key: ListedAttributeKey, value: string): string | null => {
    const outcome = outcomes.get(`${key}|${value}`);
    return outcome?.status === 'refused' ? (refusalText?.(outcome.notice) ?? outcome.notice.message) : null;
  };
  const choose = (key: ListedAttributeKey, value: string, values: readonly string[]) => {
    const reason = reasonOf(key, value);
    if (reason === null) {
      setRefused(null);
      dispatch({ type: 'setAttribute', ids: selected, key, value });
      return;
    }
    // The nearest value in the list's order that the room takes.
    const at = values.indexOf(value);
    const nearest = [...values].filter((v) => v !== value && reasonOf(key, v) === null).sort((a, b) => Math.abs(values.indexOf(a) - at) - Math.abs(values.indexOf(b) - at))[0] ?? null;
    setRefused({ selection, key, value, reason, nearest });
  };
  if (selected.length === 0) return <p className="crea-selection__none">{t('crea.selection.none')}</p>;
  const clusters = clustersOf(tree);
  const names = selected.map((id) => t('crea.list.cluster', { number: clusters.findIndex((c) => c.id === id) + 1 })).join(', ');
  const [first] = selected;
  const pendants = selected.flatMap((id) => getElement(tree, id).children.map((c) => getElement(tree, c))).filter((e) => e.type === 'Pendant');
  const heights = new Set(pendants.map((p) => (p.type === 'Pendant' ? p.props.pendantHeight : 0)));
  const [height] = [...heights];
  const wire = pendants.length === 1 && pendants[0]?.type === 'Pendant' ? pendants[0].props.wireLength : null;
  return (
    <div className="crea-selection">
      <h3 className="crea-panel__subtitle">{selected.length === 1 ? t('crea.selection.one', { name: names }) : t('crea.selection.many', { names, count: selected.length })}</h3>
      {options === null ? (
        <p>{t('crea.selection.noOptions')}</p>
      ) : (
        LISTED.map((key) => {
          const values = options[key];
          const current = sharedValue(tree, selected, key);
          if (values.length <= 1) {
            return (
              <p key={key} className="crea-selection__single">
                <span>{t(`configurator.attribute.${key}`)}</span>: <strong>{label(key, values[0] ?? current ?? '')}</strong>{' '}
                <span className="crea-selection__note">{t('configurator.onlyOption')}</span>
              </p>
            );
          }
          return (
            <div key={`${key}-${selection}`} className="crea-selection__field">
              <Select
                label={t(`configurator.attribute.${key}`)}
                options={values.map((value) => {
                  const reason = reasonOf(key, value);
                  return { value, label: label(key, value), ...(reason !== null ? { description: t('crea.refusal.option', { reason }) } : {}) };
                })}
                value={current}
                placeholder={t('crea.selection.mixed')}
                isDisabled={readOnly}
                onChange={(value) => choose(key, value, values)}
              />
              {refused && refused.selection === selection && refused.key === key && (
                <div className="choice-refusal" role="alert">
                  <p>{t('crea.refusal.text', { value: label(key, refused.value), reason: refused.reason })}</p>
                  {refused.nearest !== null ? (
                    <Button variant="secondary" size="sm" onPress={() => choose(key, refused.nearest ?? '', values)}>
                      {t('crea.refusal.nearest', { value: label(key, refused.nearest) })}
                    </Button>
                  ) : (
                    <p>{t('crea.refusal.none')}</p>
                  )}
                </div>
              )}
            </div>
          );
        })
      )}
      {height !== undefined && (
        <QuantitySelector
          key={`height-${selected.join(',')}-${heights.size}`}
          label={t('crea.selection.pendantHeight', { unit: t(units.unitKey) })}
          showLabel
          value={heights.size === 1 ? units.toShown(height) : undefined}
          min={units.toShown(0.1)}
          max={units.toShown(roomOf(tree).height - 0.1)}
          step={0.05}
          isDisabled={readOnly}
          onChange={(value) => dispatch({ type: 'setPendantHeight', id: first ?? '', metres: units.fromShown(value) })}
        />
      )}
      {wire !== null && <p className="crea-selection__wire">{t('crea.selection.wire', { length: format.number(units.toShown(wire), { maximumFractionDigits: 2 }), unit: t(units.unitKey) })}</p>}
      {!readOnly && (
        <div className="crea-selection__actions">
          {selected.length === 1 && first && takesMorePendants(tree, first) && (
            <Button variant="secondary" size="sm" onPress={() => dispatch({ type: 'addPendant', clusterId: first, model: firstModel(tree, first) })}>
              {t('crea.selection.addPendant')}
            </Button>
          )}
          {selected.map((id) => (
            <span key={id} className="crea-selection__pair">
              <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'duplicate', id })}>
                {selected.length === 1 ? t('crea.action.duplicate') : t('crea.action.duplicateNamed', { name: t('crea.list.cluster', { number: clusters.findIndex((c) => c.id === id) + 1 }) })}
              </Button>
              <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'remove', id })}>
                {selected.length === 1 ? t('crea.action.delete') : t('crea.action.deleteNamed', { name: t('crea.list.cluster', { number: clusters.findIndex((c) => c.id === id) + 1 }) })}
              </Button>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

function firstModel(tree: ElementTree, clusterId: string): string {
  const light = lightsUnder(tree, clusterId)[0];
  return light?.type === 'Light' ? light.props.code : '';
}

/** The room: its size in the catalogue's units and its ceiling (a change re-checks every canopy). */
export function RoomPanel({ tree, dispatch, readOnly, catalogId }: { tree: ElementTree; dispatch: (action: CreaAction) => void; readOnly: boolean; catalogId: number }) {
  const { t } = useTranslation();
  const room = roomOf(tree);
  const units = roomUnits(catalogId);
  const field = (key: 'width' | 'depth' | 'height', min: number, max: number) => (
    <QuantitySelector
      key={`${key}-${room[key]}`}
      label={t(`crea.room.${key}`, { unit: t(units.unitKey) })}
      showLabel
      value={units.toShown(room[key])}
      min={units.toShown(min)}
      max={units.toShown(max)}
      step={0.1}
      isDisabled={readOnly}
      onChange={(value) => {
        const metres = units.fromShown(value);
        if (Math.abs(metres - room[key]) > 0.001) dispatch({ type: 'setRoom', change: { [key]: metres } as Partial<RoomSize> });
      }}
    />
  );
  return (
    <div className="crea-room-panel">
      {field('width', 1, 30)}
      {field('depth', 1, 30)}
      {field('height', 2, 12)}
      <Select
        label={t('crea.room.ceiling')}
        options={CEILING_MATERIALS.map((value) => ({ value, label: t(`crea.ceiling.${value}`) }))}
        value={room.ceilingMaterial}
        isDisabled={readOnly}
        onChange={(value: CeilingMaterial) => dispatch({ type: 'setRoom', change: { ceilingMaterial: value } })}
      />
    </div>
  );
}
