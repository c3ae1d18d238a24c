import type { CreationEvaluation, SharedCreation } from '@lumen/contracts';
import { drawingFamilyOf, spaceFromJSON, spaceToDrawing, type Drawing, type DrawingFamily, type FamilyData, type RoomSize } from '@lumen/domain';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { LivePanel } from '../../shared/live-evaluation';
import { ExportPanel } from './drawing-export';
import { DrawingPlanView } from './drawing-share-plan';

/** A saved space read back as a drawing: the engine's tree of its space, in the family of its collection. */
export type ReadDrawing = { ok: true; family: DrawingFamily; drawing: Drawing; room: RoomSize } | { ok: false; message: string };

/** Reads a saved space (a snapshot's, a project line's) as a drawing of its collection's family. */
export function readDrawingSpace(space: unknown, subFamilyId: number, familyData: FamilyData): ReadDrawing {
  const family = drawingFamilyOf(subFamilyId);
  if (!family) return { ok: false, message: 'SubfamilyId does not match any drawing configurator' };
  try {
    const { tree } = spaceFromJSON(space, familyData);
    const root = tree.elements[tree.rootId];
    const room = root?.type === 'Space' ? root.props.config.roomSize : null;
    if (!room) return { ok: false, message: 'The space has no room' };
    return { ok: true, family, drawing: spaceToDrawing(tree, family), room };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** A snapshot read back as a drawing (its collection's family data come with its evaluation). */
export function readSharedDrawing(shared: Pick<SharedCreation, 'space' | 'subFamilyId' | 'evaluation'>): ReadDrawing {
  const { evaluation } = shared;
  return readDrawingSpace(shared.space, shared.subFamilyId, { familyId: evaluation.familyId, subFamily: evaluation.subFamily, category: evaluation.category });
}

/** The model a copied line is saved with: the first article's (the first light, or the first stick). */
export const firstModelOf = (evaluation: CreationEvaluation): string => evaluation.compositions.flatMap((composition) => composition.articles)[0]?.model ?? '';

export interface SharedDrawingViewProps {
  shared: SharedCreation;
  /** Whether the viewer may see prices (price.view); the api sends none otherwise. */
  seesPrices: boolean;
  /** The 3D preview of the drawing (the configurators' scene). */
  renderPreview?: (drawing: Drawing, room: RoomSize) => ReactNode;
  /** What a logged-in viewer may do with it (the app page's "copy into a project"). */
  renderCopy?: () => ReactNode;
}

/**
 * The shared view (issue 16 §5, VIEW mode): an immutable snapshot opened by its link, read-only — its
 * 3D model, its plan, and the server's evaluation made for this viewer (no prices for a visitor, the
 * viewer's own rate otherwise) — with its exports and, for a logged-in viewer, a copy into a project.
 */
export function SharedDrawingView({ shared, seesPrices, renderPreview, renderCopy }: SharedDrawingViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const read = useMemo(() => readSharedDrawing(shared), [shared]);
  return (
    <section className="page drawing-share-view" aria-labelledby="drawing-share-title">
      <header className="drawing-share-view__header">
        <p className="page-eyebrow">{t('drawingShare.view.eyebrow')}</p>
        <h1 id="drawing-share-title">{t('drawingShare.view.title', { collection: shared.evaluation.subFamily.description })}</h1>
        <p>{t('drawingShare.view.intro', { date: format.date(shared.createdAt, { dateStyle: 'long' }) })}</p>
      </header>
      {!read.ok ? (
        <div className="card" role="alert">
          <p>{t('drawingShare.view.unreadable', { message: read.message })}</p>
        </div>
      ) : (
        <div className="drawing-share-view__body">
          <div className="drawing-share-view__pictures">
            {renderPreview?.(read.drawing, read.room)}
            <DrawingPlanView drawing={read.drawing} catalogId={shared.catalogId} />
          </div>
          <div className="drawing-share-view__side">
            {renderCopy?.()}
            <LivePanel evaluation={{ status: 'ready', data: shared.evaluation }} seesPrices={seesPrices} quantity={shared.evaluation.quantity} />
            <ExportPanel source={{ kind: 'shared', hash: shared.hash }} name={`${read.family}-${shared.hash}`} />
          </div>
        </div>
      )}
    </section>
  );
}
