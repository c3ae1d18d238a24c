/**
 * The accessible mirror of the plan: every node, segment and item as a button in a list. A button
 * selects its element; the arrow keys move it by a step (Shift: a long step: nodes and segments across
 * the plan, items along their segment), Delete removes it. The engine's problems are written under the
 * element at fault, in the user's language (by code).
 */
import type { Drawing, DrawingItem, DrawingProblem, DrawingSegment } from '@lumen/domain';
import { memo, useCallback, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { LONG_MOVE_STEP, MOVE_STEP, lengthOf, nodesOf, type DrawingAction, type DrawingSelection } from './drawing-state';

/**
 * Lengths (metres) in the catalogue's units, remembered: a plan of 100 segments shows a few hundred
 * lengths, and one Intl formatter per call costs more than the rest of a drag step.
 */
export function useLengthFormat(catalogId: number): (metres: number) => string {
  const format = useFormat();
  return useMemo(() => {
    const known = new Map<number, string>();
    return (metres: number) => {
      const cm = Math.round(metres * 1000) / 10;
      let text = known.get(cm);
      if (text === undefined) {
        text = `${cm < 0 ? '−' : ''}${format.length(Math.abs(cm), catalogId)}`;
        if (known.size > 5000) known.clear();
        known.set(cm, text);
      }
      return text;
    };
  }, [format, catalogId]);
}

/** The names the screen gives to a drawing's elements ("Stick 2", "Light 3"), by their order in the drawing (the same object while the drawing is). */
export function useElementNames(drawing: Drawing) {
  const { t } = useTranslation();
  return useMemo(() => {
    const segmentIndex = new Map(drawing.segments.map((s, i) => [s.id, i + 1]));
    const itemIndex = new Map<string, number>();
    const counts: Record<string, number> = {};
    for (const item of drawing.items) {
      counts[item.kind] = (counts[item.kind] ?? 0) + 1;
      itemIndex.set(item.id, counts[item.kind] ?? 1);
    }
    const segment = (id: string) => t(`drawing.element.${drawing.family}.segment`, { number: segmentIndex.get(id) ?? 0 });
    const item = (entry: Pick<DrawingItem, 'id' | 'kind'>) => t(`drawing.element.${entry.kind}`, { number: itemIndex.get(entry.id) ?? 0 });
    return {
      segment,
      item,
      /** Any element by id (a segment, an item, or the drawing itself). */
      of: (id: string): string => {
        if (segmentIndex.has(id)) return segment(id);
        const found = drawing.items.find((i) => i.id === id);
        return found ? item(found) : t('drawing.element.drawing');
      },
    };
  }, [drawing, t]);
}

/** A problem of the engine in the user's language. */
export function useProblemText(drawing: Drawing) {
  const { t } = useTranslation();
  const names = useElementNames(drawing);
  return useCallback((problem: DrawingProblem) => t(`drawing.problem.${problem.code}`, { name: names.of(problem.elementId), defaultValue: problem.message }), [names, t]);
}

interface DrawingListProps {
  drawing: Drawing;
  selected: DrawingSelection | null;
  problems: readonly DrawingProblem[];
  catalogId: number;
  readOnly: boolean;
  dispatch: (action: DrawingAction) => void;
}

/** Memoised: it renders again only when the (settled) drawing, the selection or the problems change. */
export const DrawingList = memo(function DrawingList({ drawing, selected, problems, catalogId, readOnly, dispatch }: DrawingListProps) {
  const { t } = useTranslation();
  const length = useLengthFormat(catalogId);
  const names = useElementNames(drawing);
  const problemText = useProblemText(drawing);
  const nodes = nodesOf(drawing);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, selection: DrawingSelection) => {
    if (readOnly) return;
    const step = event.shiftKey ? LONG_MOVE_STEP : MOVE_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      dispatch({ type: 'nudge', selection, dx: move[0], dz: move[1] });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'remove', selection });
    }
  };
  const isSelected = (selection: DrawingSelection) => selected?.kind === selection.kind && selected.id === selection.id;
  const own = (id: string) => problems.filter((p) => p.elementId === id);
  const button = (selection: DrawingSelection, name: string, detail: string) => (
    <button
      type="button"
      className="drawing-list__select"
      aria-pressed={isSelected(selection)}
      aria-describedby="drawing-list-help"
      data-select={`${selection.kind}:${selection.id}`}
      onClick={() => dispatch({ type: 'select', selection })}
      onKeyDown={(event) => onKeyDown(event, selection)}
    >
      <span className="drawing-list__name">{name}</span> <span className="drawing-list__detail">{detail}</span>
    </button>
  );
  const failures = (id: string) =>
    own(id).map((problem) => (
      <p key={`${problem.code}-${problem.message}`} className="drawing-list__problem">
        {problemText(problem)}
      </p>
    ));
  if (drawing.segments.length === 0) return <p className="drawing-list__empty">{t(`drawing.list.empty.${drawing.family}`)}</p>;
  const segmentRow = (segment: DrawingSegment) => {
    const items = drawing.items.filter((i) => i.segmentId === segment.id);
    return (
      <li key={segment.id} className={`drawing-list__item${own(segment.id).length > 0 ? ' is-faulty' : ''}`}>
        {button({ kind: 'segment', id: segment.id }, names.segment(segment.id), length(lengthOf(segment)))}
        {failures(segment.id)}
        {items.length > 0 && (
          <ul className="drawing-list__children">
            {items.map((item) => (
              <li key={item.id} className={own(item.id).length > 0 ? 'is-faulty' : undefined}>
                {button({ kind: 'item', id: item.id }, names.item(item), item.kind === 'light' ? t('drawing.list.atModel', { length: length(item.offset), model: item.model }) : t('drawing.list.at', { length: length(item.offset) }))}
                {failures(item.id)}
              </li>
            ))}
          </ul>
        )}
      </li>
    );
  };
  return (
    <>
      <p id="drawing-list-help" className="drawing-list__help">
        {t(readOnly ? 'drawing.list.helpReadOnly' : `drawing.list.help.${drawing.family}`)}
      </p>
      <h3 className="drawing-panel__subtitle">{t(`drawing.list.segments.${drawing.family}`)}</h3>
      <ol className="drawing-list" aria-label={t(`drawing.list.segments.${drawing.family}`)}>
        {drawing.segments.map(segmentRow)}
      </ol>
      <h3 className="drawing-panel__subtitle">{t('drawing.list.nodes')}</h3>
      <ol className="drawing-list" aria-label={t('drawing.list.nodes')}>
        {nodes.map((node, index) => (
          <li key={node.id}>
            {button(
              { kind: 'node', id: node.id },
              t('drawing.element.node', { number: index + 1 }),
              t('drawing.list.nodeDetail', { x: length(node.at.x), z: length(node.at.z), count: node.ends.length }),
            )}
          </li>
        ))}
      </ol>
      {failures('drawing')}
    </>
  );
});
