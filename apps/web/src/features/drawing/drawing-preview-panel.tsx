/**
 * The 3D preview of a drawing as a panel: the parts of `drawingParts`, drawn by drawing-preview.tsx in
 * its own chunk (three.js loads with it), or a note when the browser has no WebGL. The plan editor, the
 * no-drawing forms, the shared view and the export use it alike.
 */
import { drawingParts, type Drawing, type RoomSize } from '@lumen/domain';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The preview and three.js: a chunk of their own, fetched when a drawing screen opens. */
export const loadDrawingPreview = () => import('./drawing-preview');
const DrawingPreview = lazy(loadDrawingPreview);

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export interface DrawingPreviewPanelProps {
  drawing: Drawing;
  room: RoomSize;
  /** Element ids to mark (the selection). */
  highlighted?: readonly string[];
}

const NONE: readonly string[] = [];

/** Memoised: the parts are made again only when the drawing changes. */
export const DrawingPreviewPanel = memo(function DrawingPreviewPanel({ drawing, room, highlighted = NONE }: DrawingPreviewPanelProps) {
  const { t } = useTranslation();
  const [webgl] = useState(webglAvailable);
  // Hung from the room's ceiling, as the preview draws the room.
  const parts = useMemo(() => drawingParts(drawing, room), [drawing, room]);
  const label = t(`drawing.preview.label.${drawing.family}`, { count: drawing.segments.length });
  return (
    <div className="drawing-preview" data-testid="drawing-preview" data-parts={parts.length}>
      {webgl ? (
        <Suspense fallback={<p role="status">{t('drawing.preview.loading')}</p>}>
          <DrawingPreview parts={parts} room={room} highlighted={highlighted} label={label} />
        </Suspense>
      ) : (
        <p className="drawing-preview__none">{t('drawing.preview.noWebgl')}</p>
      )}
    </div>
  );
});
