/**
 * What every 3D view of the web shares (issue 35 §3): image-based lighting made in the browser
 * (three's RoomEnvironment through the PMREM generator: no image or HDR file is fetched), the tone
 * mapping and exposure, and a room's believable surfaces (matte plaster walls, an oak floor of
 * generated planks, a ceiling of plasterboard, concrete or wood). The crea room, the drawing previews
 * and the studio's stage (LuminaireStage) are lit and finished by these, so a finish looks the same
 * in all of them.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import * as THREE from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';

/** The renderer's settings every stage uses: filmic tone mapping at a calm exposure, soft shadows. */
export const STAGE_TONE_MAPPING = THREE.ACESFilmicToneMapping;
export const STAGE_EXPOSURE = 0.9;

/** Applies the tone mapping and exposure (call from a Canvas's onCreated). */
export function setUpRenderer(gl: THREE.WebGLRenderer): void {
  gl.toneMapping = STAGE_TONE_MAPPING;
  gl.toneMappingExposure = STAGE_EXPOSURE;
  gl.outputColorSpace = THREE.SRGBColorSpace;
}

/**
 * The environment light: a neutral room made into a prefiltered environment map in the browser, as
 * the scene's `environment` (every physically based material reflects and is lit by it).
 */
export function StageEnvironment({ intensity = 0.55, rotation = 0 }: { intensity?: number; rotation?: number }) {
  const gl = useThree((state) => state.gl);
  const scene = useThree((state) => state.scene);
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    const generator = new THREE.PMREMGenerator(gl);
    const room = new RoomEnvironment();
    const texture = generator.fromScene(room, 0.04).texture;
    generator.dispose();
    room.traverse((object) => {
      if (object instanceof THREE.Mesh) {
        object.geometry.dispose();
        (object.material as THREE.Material).dispose();
      }
    });
    scene.environment = texture;
    scene.environmentIntensity = intensity;
    scene.environmentRotation.set(0, rotation, 0);
    invalidate();
    return () => {
      if (scene.environment === texture) scene.environment = null;
      texture.dispose();
    };
  }, [gl, scene, intensity, rotation, invalidate]);
  return null;
}

export type CeilingFinish = 'pladur' | 'concrete' | 'wood';

/** Surfaces of a room: reflectances a lighting designer would use (walls 0.7, floor 0.3, ceiling 0.8). */
export const ROOM_COLOURS = {
  wall: '#e6e2da',
  floor: '#a7825d',
  ceiling: { pladur: '#f2f1ee', concrete: '#b5b2ab', wood: '#b08a62' },
} as const;

/** A seeded pseudo-random sequence (the same planks on every load). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/**
 * An oak floor of planks (a canvas texture drawn once in the browser): planks 1.2 m × 0.18 m of
 * slightly different tones with fine grain; repeated over the room. Null without a DOM (tests).
 */
export function plankTexture(): THREE.Texture | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  const size = 512;
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext('2d');
  if (!g) return null;
  const next = random(7);
  const rows = 8;
  const rowHeight = size / rows;
  for (let row = 0; row < rows; row++) {
    let x = -next() * size * 0.6;
    while (x < size) {
      const length = size * (0.5 + next() * 0.3);
      const tone = 0.88 + next() * 0.2;
      g.fillStyle = `rgb(${Math.round(255 * tone)}, ${Math.round(238 * tone)}, ${Math.round(220 * tone)})`;
      g.fillRect(x, row * rowHeight, length, rowHeight);
      // grain: thin darker lines along the plank
      g.globalAlpha = 0.08;
      g.fillStyle = '#5a3f26';
      for (let i = 0; i < 9; i++) g.fillRect(x, row * rowHeight + next() * rowHeight, length, 0.6 + next());
      g.globalAlpha = 0.35;
      g.fillRect(x, row * rowHeight, 1, rowHeight);
      g.globalAlpha = 1;
      x += length;
    }
    g.globalAlpha = 0.3;
    g.fillStyle = '#4a3320';
    g.fillRect(0, row * rowHeight, size, 1);
    g.globalAlpha = 1;
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  texture.anisotropy = 4;
  return texture;
}

/** The planks' texture covers this many metres. */
const PLANK_TILE = 1.6;

/**
 * A room seen from outside its walls: a box drawn from inside only, so the walls nearer the camera
 * never hide what is in it. Walls of matte plaster, an oak floor that takes the shadows and the
 * light pools, the ceiling in its finish. The room's middle is at x = z = 0, its floor at y = 0.
 */
export function RoomShell({ width, depth, height, ceiling = 'pladur', name = 'room' }: { width: number; depth: number; height: number; ceiling?: CeilingFinish; name?: string }) {
  const planks = useMemo(plankTexture, []);
  useEffect(() => () => planks?.dispose(), [planks]);
  const materials = useMemo(() => {
    const wall = new THREE.MeshStandardMaterial({ color: ROOM_COLOURS.wall, roughness: 0.95, metalness: 0, side: THREE.BackSide });
    const floorMap = planks?.clone() ?? null;
    floorMap?.repeat.set(width / PLANK_TILE, depth / PLANK_TILE);
    if (floorMap) floorMap.needsUpdate = true;
    const floor = new THREE.MeshStandardMaterial({ color: floorMap ? '#c49a70' : ROOM_COLOURS.floor, map: floorMap, roughness: 0.62, metalness: 0, side: THREE.BackSide });
    const top = new THREE.MeshStandardMaterial({ color: ROOM_COLOURS.ceiling[ceiling], roughness: ceiling === 'concrete' ? 0.9 : 0.85, metalness: 0, side: THREE.BackSide });
    // Box faces: +x, −x, +y (ceiling), −y (floor), +z, −z.
    return [wall, wall, top, floor, wall, wall];
  }, [planks, width, depth, ceiling]);
  useEffect(
    () => () => {
      for (const material of new Set(materials)) {
        (material as THREE.MeshStandardMaterial).map?.dispose();
        material.dispose();
      }
    },
    [materials],
  );
  return (
    <mesh position={[0, height / 2, 0]} material={materials} name={name} receiveShadow>
      <boxGeometry args={[width, height, depth]} />
    </mesh>
  );
}

/**
 * The key light that casts the soft shadows: a broad light from above (as a room's daylight through
 * the ceiling's bounce), its shadow camera fitted to the room.
 */
export function ShadowLight({ width, depth, height, intensity = 0.9 }: { width: number; depth: number; height: number; intensity?: number }) {
  const light = useMemo(() => {
    const l = new THREE.DirectionalLight('#fff6ea', intensity);
    l.position.set(width * 0.18, height * 2.2, depth * 0.28);
    l.castShadow = true;
    const half = Math.max(width, depth) * 0.62;
    l.shadow.camera.left = -half;
    l.shadow.camera.right = half;
    l.shadow.camera.top = half;
    l.shadow.camera.bottom = -half;
    l.shadow.camera.near = 0.1;
    l.shadow.camera.far = height * 4;
    l.shadow.mapSize.set(1024, 1024);
    l.shadow.radius = 6;
    l.shadow.bias = -0.0005;
    l.shadow.normalBias = 0.02;
    return l;
  }, [width, depth, height, intensity]);
  useEffect(() => () => light.dispose(), [light]);
  return (
    <>
      <primitive object={light} />
      <primitive object={light.target} />
    </>
  );
}
