/**
 * The 3D preview of a drawing as a panel: the parts of `drawingParts`, drawn by drawing-preview.tsx in
 * its own chunk (three.js loads with it), or a note when the browser has no WebGL. The plan editor, the
 * no-drawing forms, the shared view and the export use it alike.
 */
import { drawingParts, type Drawing, type RoomSize } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { lazy, memo, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraRequest, SceneViewKind } from '../../shared/scene-camera';

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

/**
 * The preview's view buttons (issue 35 §3), as the crea room has them: top, front and "reset view" (the
 * framing the preview opens with), a group of kit buttons reached by Tab; each press asks the camera
 * again (a new nonce), so "Top view" pressed after an orbit brings the camera back above.
 */
export function PreviewViews({ children }: { children: (view: CameraRequest) => ReactNode }) {
  const { t } = useTranslation();
  const [view, setView] = useState<CameraRequest>({ kind: 'perspective', nonce: 0 });
  const ask = (kind: SceneViewKind) => setView((previous) => ({ kind, nonce: previous.nonce + 1 }));
  return (
    <>
      <div className="drawing-preview__views" role="group" aria-label={t('drawing.preview.view.label')}>
        <Button variant="secondary" size="sm" aria-pressed={view.kind === 'top'} onPress={() => ask('top')}>
          {t('drawing.preview.view.top')}
        </Button>
        <Button variant="secondary" size="sm" aria-pressed={view.kind === 'front'} onPress={() => ask('front')}>
          {t('drawing.preview.view.front')}
        </Button>
        <Button variant="secondary" size="sm" onPress={() => ask('perspective')}>
          {t('drawing.preview.view.reset')}
        </Button>
      </div>
      {children(view)}
    </>
  );
}

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
        <PreviewViews>
          {(view) => (
            <Suspense fallback={<p role="status">{t('drawing.preview.loading')}</p>}>
              <DrawingPreview parts={parts} room={room} highlighted={highlighted} label={label} view={view} />
            </Suspense>
          )}
        </PreviewViews>
      ) : (
        <p className="drawing-preview__none">{t('drawing.preview.noWebgl')}</p>
      )}
    </div>
  );
});
