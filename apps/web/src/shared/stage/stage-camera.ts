/**
 * A stage's camera as three numbers a person can choose and a server can repeat (the studio sends
 * them with its render jobs): azimuth and elevation round the luminaire, and zoom. No three.js here.
 */

export interface StageCamera {
  /** Degrees round the vertical axis: 0 looks at the luminaire's front (from +z), 90 from its right (+x). */
  readonly azimuth: number;
  /** Degrees above the horizon: 0 level, 90 straight from above, negative from below. */
  readonly elevation: number;
  /** 1 frames the luminaire whole; 2 is twice as close. */
  readonly zoom: number;
}

export const DEFAULT_STAGE_CAMERA: StageCamera = { azimuth: 30, elevation: 12, zoom: 1 };

export const STAGE_FOV = 35;

/** The distance at which a sphere of `radius` fills the view of a camera of `fov` degrees (with a margin). */
export function framingDistance(radius: number, fov = STAGE_FOV, margin = 1.15): number {
  return (Math.max(radius, 0.01) * margin) / Math.sin(((fov / 2) * Math.PI) / 180);
}

/** Where the camera stands for a framing: on the sphere round `target` at the framing distance / zoom. */
export function stageCameraPosition(target: readonly [number, number, number], radius: number, camera: StageCamera, fov = STAGE_FOV): [number, number, number] {
  const distance = framingDistance(radius, fov) / Math.max(0.1, camera.zoom);
  const az = (camera.azimuth * Math.PI) / 180;
  const el = (Math.max(-89.9, Math.min(89.9, camera.elevation)) * Math.PI) / 180;
  return [target[0] + distance * Math.cos(el) * Math.sin(az), target[1] + distance * Math.sin(el), target[2] + distance * Math.cos(el) * Math.cos(az)];
}

/** The framing a camera at `position` looking at `target` has (inverse of stageCameraPosition), rounded to 0.1° and 0.01. */
export function stageCameraOf(position: readonly [number, number, number], target: readonly [number, number, number], radius: number, fov = STAGE_FOV): StageCamera {
  const dx = position[0] - target[0];
  const dy = position[1] - target[1];
  const dz = position[2] - target[2];
  const distance = Math.hypot(dx, dy, dz) || 1;
  const round = (value: number, step: number) => Math.round(value / step) * step;
  let azimuth = (Math.atan2(dx, dz) * 180) / Math.PI;
  if (azimuth < 0) azimuth += 360;
  return {
    azimuth: round(azimuth, 0.1),
    elevation: round((Math.asin(dy / distance) * 180) / Math.PI, 0.1),
    zoom: round(framingDistance(radius, fov) / distance, 0.01),
  };
}
