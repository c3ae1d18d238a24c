/**
 * The luminaire stage for any screen, without three.js on the first load: the stage and three.js are
 * a chunk of their own, fetched when it is first shown; a browser without WebGL gets the fallback.
 * Usage: <LazyLuminaireStage luminaire={…} finish="58" background="studio" label={t('…')} fallback={…} />
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { LuminaireStageProps } from './luminaire-stage';

export type { LuminaireStageProps, StageBackground, StageProbe } from './luminaire-stage';
export type { StageCamera } from './stage-camera';
export { DEFAULT_STAGE_CAMERA, stageCameraOf, stageCameraPosition } from './stage-camera';

/** The stage's chunk (three.js, fiber, drei): fetched on first use. */
export const loadLuminaireStage = () => import('./luminaire-stage');
const Stage = lazy(loadLuminaireStage);

/** Whether this browser can draw WebGL. */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export interface LazyLuminaireStageProps extends LuminaireStageProps {
  /** Shown while the stage loads, and instead of it without WebGL (a status message or a picture). */
  readonly fallback: ReactNode;
  readonly noWebgl?: ReactNode;
}

export function LazyLuminaireStage({ fallback, noWebgl, ...props }: LazyLuminaireStageProps) {
  const [webgl] = useState(webglAvailable);
  if (!webgl) return <>{noWebgl ?? fallback}</>;
  return (
    <Suspense fallback={fallback}>
      <Stage {...props} />
    </Suspense>
  );
}
