/**
 * The plan of the ceiling (issue 16 §2): an SVG of the room seen from below, x to the right and z
 * downwards, metres. Zoom with the wheel or the buttons, pan by dragging the empty plan (select tool);
 * click-click draws (draw tool), a click on a segment places an item (item tools), a node drags. The
 * grid is the editor's (5 cm); lengths are shown in the catalogue's units. What the mouse does here the
 * element list (drawing-list.tsx) does by keyboard.
 */
import type { DrawingProblem, PlanPoint, RoomSize } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLengthFormat } from './drawing-list';
import { itemPoint, lengthOf, nodesOf, onGrid, stickEnd, type DrawingAction, type DrawingEditorState } from './drawing-state';

/** Zoom limits: the visible width of the plan, metres. */
const MIN_SPAN = 0.5;
const MAX_SPAN = 60;
const ZOOM_STEP = 1.25;

export interface PlanView {
  /** Centre of the view, metres. */
  readonly cx: number;
  readonly cz: number;
  /** Visible width, metres. */
  readonly span: number;
}

export function fitView(room: RoomSize): PlanView {
  return { cx: 0, cz: 0, span: Math.max(room.width, room.depth) + 0.6 };
}

/** The view zoomed by `factor` (>1 closer) keeping `at` where it is on screen. */
export function zoomView(view: PlanView, factor: number, at: PlanPoint = { x: view.cx, z: view.cz }): PlanView {
  const span = Math.min(MAX_SPAN, Math.max(MIN_SPAN, view.span / factor));
  const k = span / view.span;
  return { span, cx: at.x + (view.cx - at.x) * k, cz: at.z + (view.cz - at.z) * k };
}

export interface DrawingPlanProps {
  state: DrawingEditorState;
  room: RoomSize;
  problems: readonly DrawingProblem[];
  catalogId: number;
  readOnly: boolean;
  dispatch: (action: DrawingAction) => void;
  label: string;
}

type Gesture =
  | { kind: 'pan'; startX: number; startY: number; view: PlanView; moved: boolean }
  | { kind: 'node'; id: string; moved: boolean }
  /** Two fingers (issue 27 §3): the view zooms by the change of their distance, around their middle. */
  | { kind: 'pinch'; distance: number; view: PlanView; moved: true };

/** The view after a pinch: `view` zoomed by how much further apart the fingers are (`distance` / `from`), around `at`. */
export function pinchView(view: PlanView, from: number, distance: number, at: PlanPoint): PlanView {
  if (from <= 0 || distance <= 0) return view;
  return zoomView(view, distance / from, at);
}

export function DrawingPlan({ state, room, problems, catalogId, readOnly, dispatch, label }: DrawingPlanProps) {
  const { t } = useTranslation();
  const formatLength = useLengthFormat(catalogId);
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<PlanView>(() => fitView(room));
  const [hover, setHover] = useState<PlanPoint | null>(null);
  const gesture = useRef<Gesture | null>(null);
  // The pointers on the plan now (two of them make a pinch).
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const viewRef = useRef(view);
  viewRef.current = view;
  const { drawing, selected, pending, tool } = state;
  const nodes = useMemo(() => nodesOf(drawing), [drawing]);
  const faulty = useMemo(() => new Set(problems.map((p) => p.elementId)), [problems]);
  const aspect = room.depth / room.width;
  const spanZ = view.span * Math.max(0.4, Math.min(2.5, aspect));
  // Sizes on the plan are in screen pixels (a label stays readable at any zoom): `unit` is the plan's metres per 1/2 px.
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = svg.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const unit = box && box.width > 0 && box.height > 0 ? Math.max(view.span / box.width, spanZ / box.height) * 2 : view.span / 120;

  const toPlan = (clientX: number, clientY: number): PlanPoint | null => {
    const element = svg.current;
    const matrix = element?.getScreenCTM?.();
    if (!element || !matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, z: point.y };
  };

  // The wheel zooms around the pointer (a native listener: React's wheel handler cannot prevent the page's scroll).
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const matrix = element.getScreenCTM();
      const at = matrix ? new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse()) : null;
      setView((current) => zoomView(current, event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, at ? { x: at.x, z: at.y } : undefined));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const twoPointers = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } } : null;
  };
  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pair = twoPointers();
    if (pair) {
      // A second finger: whatever the first began (a pan, a node's drag) gives way to the pinch.
      if (gesture.current?.kind === 'node') dispatch({ type: 'dragEnd' });
      gesture.current = { kind: 'pinch', distance: pair.distance, view: viewRef.current, moved: true };
      event.currentTarget.setPointerCapture?.(event.pointerId);
      return;
    }
    // The plan takes the focus (out of the tab order), so that Escape, Ctrl+Z and the editor's keys work after a click.
    svg.current?.focus({ preventScroll: true });
    const node = (event.target as Element).closest?.('[data-node]')?.getAttribute('data-node');
    if (node && tool === 'select') {
      dispatch({ type: 'select', selection: { kind: 'node', id: node } });
      if (readOnly) return;
      gesture.current = { kind: 'node', id: node, moved: false };
      event.currentTarget.setPointerCapture?.(event.pointerId);
      dispatch({ type: 'dragStart' });
      return;
    }
    if (tool === 'select' || readOnly) {
      gesture.current = { kind: 'pan', startX: event.clientX, startY: event.clientY, view: viewRef.current, moved: false };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (pointers.current.has(event.pointerId)) pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (current?.kind === 'pinch') {
      const pair = twoPointers();
      const at = pair ? toPlan(pair.middle.x, pair.middle.y) : null;
      if (pair && at) setView(pinchView(current.view, current.distance, pair.distance, at));
      return;
    }
    if (current?.kind === 'node') {
      const at = toPlan(event.clientX, event.clientY);
      if (at) {
        current.moved = true;
        dispatch({ type: 'dragNode', id: current.id, to: at });
      }
      return;
    }
    if (current?.kind === 'pan') {
      const box = svg.current?.getBoundingClientRect();
      if (!box || box.width === 0) return;
      const perPixel = Math.max(current.view.span / box.width, spanZ / box.height);
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      if (Math.abs(dx) + Math.abs(dy) > 3) current.moved = true;
      setView({ ...current.view, cx: current.view.cx - dx * perPixel, cz: current.view.cz - dy * perPixel });
      return;
    }
    if (tool === 'draw' && pending) setHover(toPlan(event.clientX, event.clientY));
  };
  const endGesture = () => {
    const current = gesture.current;
    if (current?.kind === 'node') dispatch({ type: 'dragEnd' });
    return current;
  };
  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    if (gesture.current?.kind === 'pinch') {
      // The pinch ends with its last finger; the click that may follow is not a click on the plan.
      if (pointers.current.size === 0) setTimeout(() => (gesture.current = null), 0);
      return;
    }
    const current = endGesture();
    // A click follows; it is the gesture's end, not a click on the plan, when something moved.
    if (current && !current.moved && current.kind === 'pan') gesture.current = null;
    else if (current) setTimeout(() => (gesture.current = null), 0);
  };
  const onClick = (event: React.MouseEvent<SVGSVGElement>) => {
    if (gesture.current || readOnly) return;
    const at = toPlan(event.clientX, event.clientY);
    if (!at) return;
    const segmentId = (event.target as Element).closest?.('[data-segment]')?.getAttribute('data-segment') ?? undefined;
    dispatch({ type: 'planClick', point: at, ...(segmentId ? { segmentId } : {}) });
  };

  const preview = pending && hover ? (drawing.family === 'sticks' ? stickEnd(pending, onGrid(hover)) : onGrid(hover)) : null;
  const isSelected = (kind: 'node' | 'segment' | 'item', id: string) => selected?.kind === kind && selected.id === id;
  const gridMinor = 0.05;
  // The 5 cm lines only where they are at least 6 px apart.
  const showMinor = gridMinor / (unit / 2) >= 6;

  return (
    <div className="drawing-plan">
      <div className="drawing-plan__zoom" role="group" aria-label={t('drawing.plan.zoom')}>
        <Button variant="secondary" size="sm" onPress={() => setView((v) => zoomView(v, ZOOM_STEP))} aria-label={t('drawing.plan.zoomIn')}>
          +
        </Button>
        <Button variant="secondary" size="sm" onPress={() => setView((v) => zoomView(v, 1 / ZOOM_STEP))} aria-label={t('drawing.plan.zoomOut')}>
          −
        </Button>
        <Button variant="ghost" size="sm" onPress={() => setView(fitView(room))}>
          {t('drawing.plan.fit')}
        </Button>
      </div>
      <svg
        ref={svg}
        className={`drawing-plan__svg drawing-plan__svg--${tool}`}
        data-testid="drawing-plan"
        viewBox={`${view.cx - view.span / 2} ${view.cz - spanZ / 2} ${view.span} ${spanZ}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={label}
        tabIndex={-1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => setHover(null)}
        onClick={onClick}
      >
        <defs>
          <pattern id="drawing-grid-minor" width={gridMinor} height={gridMinor} patternUnits="userSpaceOnUse" x={0} y={0}>
            <path d={`M ${gridMinor} 0 L 0 0 0 ${gridMinor}`} fill="none" className="drawing-plan__grid-minor" strokeWidth={unit * 0.25} />
          </pattern>
          <pattern id="drawing-grid-major" width={0.5} height={0.5} patternUnits="userSpaceOnUse" x={0} y={0}>
            {showMinor && <rect width={0.5} height={0.5} fill="url(#drawing-grid-minor)" />}
            <path d="M 0.5 0 L 0 0 0 0.5" fill="none" className="drawing-plan__grid-major" strokeWidth={unit * 0.5} />
          </pattern>
        </defs>
        <rect x={-room.width / 2} y={-room.depth / 2} width={room.width} height={room.depth} className="drawing-plan__room" strokeWidth={unit * 0.75} />
        <rect x={-room.width / 2} y={-room.depth / 2} width={room.width} height={room.depth} fill="url(#drawing-grid-major)" pointerEvents="none" />
        {drawing.segments.map((segment) => {
          const bad = faulty.has(segment.id);
          const length = lengthOf(segment);
          return (
            <g key={segment.id} data-segment={segment.id} className={`drawing-plan__segment${isSelected('segment', segment.id) ? ' is-selected' : ''}${bad ? ' is-faulty' : ''}`}>
              <line x1={segment.from.x} y1={segment.from.z} x2={segment.to.x} y2={segment.to.z} className="drawing-plan__hit" strokeWidth={unit * 6} />
              <line x1={segment.from.x} y1={segment.from.z} x2={segment.to.x} y2={segment.to.z} className="drawing-plan__line" strokeWidth={unit * (drawing.family === 'sticks' ? 2 : 1.25)} strokeLinecap="round" />
              <text x={(segment.from.x + segment.to.x) / 2} y={(segment.from.z + segment.to.z) / 2 - unit * 3} fontSize={unit * 5.5} textAnchor="middle" className="drawing-plan__length">
                {formatLength(length)}
              </text>
            </g>
          );
        })}
        {drawing.items.map((item) => {
          const at = itemPoint(drawing, item);
          if (!at) return null;
          const r = unit * (item.kind === 'light' ? 3 : 2.5);
          const className = `drawing-plan__item drawing-plan__item--${item.kind}${isSelected('item', item.id) ? ' is-selected' : ''}${faulty.has(item.id) ? ' is-faulty' : ''}`;
          return item.kind === 'counterweight' ? (
            <rect key={item.id} data-item={item.id} x={at.x - r} y={at.z - r} width={r * 2} height={r * 2} className={className} strokeWidth={unit * 0.75} />
          ) : item.kind === 'connection' ? (
            <path key={item.id} data-item={item.id} d={`M ${at.x} ${at.z - r * 1.3} L ${at.x + r * 1.3} ${at.z} L ${at.x} ${at.z + r * 1.3} L ${at.x - r * 1.3} ${at.z} Z`} className={className} strokeWidth={unit * 0.75} />
          ) : (
            <circle key={item.id} data-item={item.id} cx={at.x} cy={at.z} r={item.kind === 'reflector' ? r * 1.6 : r} className={className} strokeWidth={unit * 0.75} />
          );
        })}
        {nodes.map((node) => (
          <circle
            key={node.id}
            data-node={node.id}
            cx={node.at.x}
            cy={node.at.z}
            r={unit * 2.75}
            className={`drawing-plan__node${isSelected('node', node.id) ? ' is-selected' : ''}${node.ends.length > 1 ? ' is-joint' : ''}`}
            strokeWidth={unit * 0.75}
          />
        ))}
        {pending && <circle cx={pending.x} cy={pending.z} r={unit * 3.5} className="drawing-plan__pending" strokeWidth={unit * 0.75} />}
        {pending && preview && (
          <g className="drawing-plan__preview">
            <line x1={pending.x} y1={pending.z} x2={preview.x} y2={preview.z} strokeWidth={unit * 1.25} strokeDasharray={`${unit * 4} ${unit * 3}`} />
            <text x={(pending.x + preview.x) / 2} y={(pending.z + preview.z) / 2 - unit * 3} fontSize={unit * 5.5} textAnchor="middle">
              {formatLength(Math.hypot(preview.x - pending.x, preview.z - pending.z))}
            </text>
          </g>
        )}
      </svg>
    </div>
  );
}
