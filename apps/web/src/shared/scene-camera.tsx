/**
 * The camera views of a 3D room (issue 27 §3, issue 35 §3): the three-quarter view a room opens with,
 * straight from above, and level from the front, with the component that moves a react-three-fiber
 * camera (and its orbit's target) to the view asked for. The crea room and the drawing previews use
 * it alike; only the lazily loaded scenes import it (it brings @react-three/fiber with it).
 */
import { useThree } from '@react-three/fiber';
import { useCallback, useEffect, useRef } from 'react';
import type * as THREE from 'three';

export type SceneViewKind = 'perspective' | 'top' | 'front';

/** A camera view a scene is asked for: asked for again each time `nonce` changes (a second press on "Top view" too). */
export interface CameraRequest {
  readonly kind: SceneViewKind;
  readonly nonce: number;
}

export interface RoomBox {
  readonly width: number;
  readonly depth: number;
  readonly height: number;
}

export interface CameraPlacement {
  position: [number, number, number];
  target: [number, number, number];
}

/** The vertical field of view of the rooms' cameras, in degrees. */
export const ROOM_CAMERA_FOV = 45;

/** Where the camera stands for a view of a room centred on the origin (floor at y = 0), and what it looks at. */
export function cameraFor(kind: SceneViewKind, room: RoomBox): CameraPlacement {
  const halfFov = Math.tan((ROOM_CAMERA_FOV / 2) * (Math.PI / 180));
  if (kind === 'top') {
    // From above the ceiling, looking straight down at the floor (the ceiling is drawn from inside only, so it does not hide the room).
    const fit = Math.max(room.width, room.depth) / (2 * halfFov);
    return { position: [0, room.height + fit * 1.1, 0.001], target: [0, 0, 0] };
  }
  if (kind === 'front') {
    // From beyond the front wall (drawn from inside only), level, far enough to see the back wall whole (a screen about 1.5 times wider than high).
    const fit = Math.max(room.width / 1.5, room.height) / (2 * halfFov);
    return { position: [0, room.height / 2, room.depth / 2 + fit * 1.05], target: [0, room.height / 2, 0] };
  }
  return { position: [room.width * 0.55, room.height * 0.85, room.depth * 0.5 + Math.max(room.width, room.height) * 1.35], target: [0, room.height / 2, 0] };
}

/** Puts the scene's camera (and the orbit's target, when the scene has one) where a placement says, and draws a frame. */
export function useCameraPlacer(): (placement: CameraPlacement) => void {
  const camera = useThree((state) => state.camera);
  const controls = useThree((state) => state.controls) as unknown as { target: THREE.Vector3; update: () => void } | null;
  const invalidate = useThree((state) => state.invalidate);
  return useCallback(
    ({ position, target }: CameraPlacement) => {
      camera.position.set(...position);
      if (controls) {
        controls.target.set(...target);
        controls.update();
      } else camera.lookAt(...target);
      invalidate();
    },
    [camera, controls, invalidate],
  );
}

/**
 * Moves the camera to the view asked for (and the orbit's target with it), once per request (its
 * nonce), not on every change of the scene: `place` says where each view stands (the room's
 * `cameraFor`, or a scene's own framing for its opening view).
 */
export function SceneCamera({ view, place }: { view: CameraRequest | undefined; place: (kind: SceneViewKind) => CameraPlacement }) {
  const placeCamera = useCameraPlacer();
  const latest = useRef(place);
  latest.current = place;
  const kind = view?.kind;
  const nonce = view?.nonce;
  useEffect(() => {
    if (kind !== undefined) placeCamera(latest.current(kind));
  }, [nonce, kind, placeCamera]);
  return null;
}
