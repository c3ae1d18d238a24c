import { planOutline, type Drawing, type DrawingItemKind } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';

const KINDS: readonly DrawingItemKind[] = ['light', 'counterweight', 'connection', 'reflector'];
/** Margin around the structure (metres), so that the ends and their labels stay inside the picture. */
const MARGIN = 0.35;

/**
 * The plan of a drawing, read-only (the shared view, the export screen): its segments with their
 * lengths in the catalogue's units, and what hangs along them, from the domain's `planOutline` (the
 * same outline the api writes the SVG and DXF plans from). North up: x to the right, z downwards.
 */
export function DrawingPlanView({ drawing, catalogId }: { drawing: Drawing; catalogId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const outline = planOutline(drawing);
  const points = [...outline.segments.flatMap((segment) => [segment.from, segment.to]), ...outline.items.map((item) => item.at)];
  const counts = KINDS.map((kind) => ({ kind, count: outline.items.filter((item) => item.kind === kind).length })).filter((entry) => entry.count > 0);
  const summary = t('drawingShare.plan.summary', {
    count: outline.segments.length,
    items: counts.map((entry) => t(`drawingShare.plan.count.${entry.kind}`, { count: entry.count })).join(', ') || t('drawingShare.plan.noItems'),
  });
  if (points.length === 0) {
    return (
      <figure className="card drawing-plan-view">
        <p>{t('drawingShare.plan.empty')}</p>
      </figure>
    );
  }
  const minX = Math.min(...points.map((p) => p.x)) - MARGIN;
  const maxX = Math.max(...points.map((p) => p.x)) + MARGIN;
  const minZ = Math.min(...points.map((p) => p.z)) - MARGIN;
  const maxZ = Math.max(...points.map((p) => p.z)) + MARGIN;
  const width = maxX - minX;
  const height = maxZ - minZ;
  const unit = Math.max(width, height) / 60;
  return (
    <figure className="card drawing-plan-view">
      <svg viewBox={`${minX} ${minZ} ${width} ${height}`} role="img" aria-label={`${t('drawingShare.plan.title')}: ${summary}`} className="drawing-plan-view__svg" preserveAspectRatio="xMidYMid meet">
        {outline.segments.map((segment) => (
          <g key={segment.id} data-segment={segment.id}>
            <line x1={segment.from.x} y1={segment.from.z} x2={segment.to.x} y2={segment.to.z} className="drawing-plan-view__segment" strokeWidth={unit * 0.6} strokeLinecap="round" />
            <text x={(segment.from.x + segment.to.x) / 2} y={(segment.from.z + segment.to.z) / 2 - unit} fontSize={unit * 1.8} textAnchor="middle" className="drawing-plan-view__length">
              {format.length(segment.length * 100, catalogId)}
            </text>
          </g>
        ))}
        {outline.items.map((item) => (
          <circle key={item.id} cx={item.at.x} cy={item.at.z} r={unit * (item.kind === 'light' ? 1.1 : 0.8)} className={`drawing-plan-view__item drawing-plan-view__item--${item.kind}`} data-kind={item.kind}>
            <title>{t(`drawingShare.plan.kind.${item.kind}`)}</title>
          </circle>
        ))}
      </svg>
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
