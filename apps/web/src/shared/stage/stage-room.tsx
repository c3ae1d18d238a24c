/**
 * What every 3D view of the web shares (issue 35 §3): image-based lighting made in the browser
 * (three's RoomEnvironment through the PMREM generator: no image or HDR file is fetched), the tone
 * mapping and exposure, and a room's believable surfaces (matte plaster walls, an oak floor of
 * generated planks, a ceiling of plasterboard, concrete or wood). The crea room, the drawing previews
 * and the studio's stage (LuminaireStage) are lit and finished by these, so a finish looks the same
 * in all of them.
 */
import { addAfterEffect, addEffect, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import * as THREE from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { framesAreSlow, isSoftwareRenderer, setSlowFrames, slowFramesSeen, stageQualityOf, subscribeSlowFrames, type StageQuality } from './stage-quality';

/** The renderer's settings every stage uses: filmic tone mapping at a calm exposure. */
export const STAGE_TONE_MAPPING = THREE.ACESFilmicToneMapping;
export const STAGE_EXPOSURE = 0.9;

/** Applies the tone mapping and exposure (call from a Canvas's onCreated). */
export function setUpRenderer(gl: THREE.WebGLRenderer): void {
  gl.toneMapping = STAGE_TONE_MAPPING;
  gl.toneMappingExposure = STAGE_EXPOSURE;
  gl.outputColorSpace = THREE.SRGBColorSpace;
}

/** The environment map's face size (a soft room needs no more). */
export const ENVIRONMENT_SIZE = 64;

/** The WebGL renderer's name (the GPU's, or SwiftShader, llvmpipe… when drawn in software). */
export function rendererName(gl: THREE.WebGLRenderer): string {
  const context = gl.getContext();
  const info = context.getExtension('WEBGL_debug_renderer_info');
  return String(info ? context.getParameter(info.UNMASKED_RENDERER_WEBGL) : context.getParameter(context.RENDERER));
}

/** Whether the browser draws WebGL in software (SwiftShader, llvmpipe: no GPU). */
export function softwareRenderer(gl: THREE.WebGLRenderer): boolean {
  return isSoftwareRenderer(rendererName(gl));
}

/** `localStorage['lumen.stage.ibl'] = 'on'` forces the environment map on a software renderer (screenshots). */
const forcedIbl = () => {
  try {
    return window.localStorage.getItem('lumen.stage.ibl') === 'on';
  } catch {
    return false;
  }
};

/**
 * The stage's quality in this canvas (stage-quality.ts): lite on a software renderer, or once the
 * frames measured here were slow (FrameWatch); full when forced (`lumen.stage.ibl` = 'on').
 */
export function useStageQuality(): StageQuality {
  const gl = useThree((state) => state.gl);
  const [renderer] = useState(() => rendererName(gl));
  const [forced] = useState(forcedIbl);
  const slowFrames = useSyncExternalStore(subscribeSlowFrames, slowFramesSeen, slowFramesSeen);
  return stageQualityOf({ renderer, slowFrames, forced });
}

/**
 * Measures what rendering each frame takes (from before the frame's callbacks to after its render)
 * and says the frames are slow when their median is over SLOW_FRAME_MS; frames in which shaders were
 * compiled (the program count grew) are not counted, as they are slow once.
 */
function useFrameWatch(active: boolean): void {
  const gl = useThree((state) => state.gl);
  useEffect(() => {
    if (!active) return;
    const frames: number[] = [];
    let started = 0;
    let programs = 0;
    const stopBefore = addEffect(() => {
      started = performance.now();
      programs = gl.info.programs?.length ?? 0;
    });
    const stopAfter = addAfterEffect(() => {
      if (started === 0 || (gl.info.programs?.length ?? 0) !== programs) return;
      frames.push(performance.now() - started);
      if (framesAreSlow(frames)) setSlowFrames(true);
    });
    return () => {
      stopBefore();
      stopAfter();
    };
  }, [active, gl]);
}

/**
 * The environment light: a neutral room (three's RoomEnvironment) made into a prefiltered
 * environment map in the browser, as the scene's `environment` (every physically based material
 * reflects and is lit by it). Prefiltering compiles shaders of 256 samples a pixel: tens of
 * milliseconds on a GPU, but 15–30 s of a blocked page on a software renderer (no GPU: the test
 * machines). At the stage's lite quality (a software renderer, or slow frames: stage-quality.ts) a
 * sky-and-ground light of the same colours stands in for it, the canvas draws one device pixel per
 * CSS pixel and shadow maps stay off, so the 3D stays smooth.
 */
export function StageEnvironment({ intensity = 0.55, rotation = 0, size = ENVIRONMENT_SIZE }: { intensity?: number; rotation?: number; size?: number }) {
  const gl = useThree((state) => state.gl);
  const scene = useThree((state) => state.scene);
  const invalidate = useThree((state) => state.invalidate);
  const setDpr = useThree((state) => state.setDpr);
  const quality = useStageQuality();
  const ibl = quality === 'full';
  useFrameWatch(ibl);
  useEffect(() => {
    if (ibl) return;
    setDpr(1);
    gl.shadowMap.enabled = false;
    invalidate();
  }, [ibl, gl, setDpr, invalidate]);
  useEffect(() => {
    if (!ibl) return;
    const generator = new THREE.PMREMGenerator(gl);
    const room = new RoomEnvironment();
    const texture = generator.fromScene(room, 0.04, 0.1, 100, { size }).texture;
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
  }, [ibl, gl, scene, intensity, rotation, size, invalidate]);
  // The room's light without the map: white from above, the floor's warm bounce from below.
  return ibl ? null : <hemisphereLight args={['#fbf8f2', '#d9d2c7', intensity * 2.6]} />;
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
    const floor = new THREE.MeshStandardMaterial({ color: floorMap ? '#a88462' : ROOM_COLOURS.floor, map: floorMap, roughness: 0.62, metalness: 0, side: THREE.BackSide });
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
    <mesh position={[0, height / 2, 0]} material={materials} name={name}>
      <boxGeometry args={[width, height, depth]} />
    </mesh>
  );
}

/** One soft shadow on the floor: where it is, its radius and how dark it is (0..1). */
export interface SoftShadow {
  readonly x: number;
  readonly z: number;
  readonly radius: number;
  readonly darkness: number;
}

/**
 * The soft shadow a luminaire casts on the floor under a room's diffuse light, for something of
 * footprint radius `r` whose bottom is `h` metres above the floor: wider and fainter the higher it
 * hangs (a penumbra grows with the distance).
 */
export function softShadowOf(x: number, z: number, r: number, h: number): SoftShadow {
  const height = Math.max(0, h);
  return { x, z, radius: r * 1.25 + height * 0.22, darkness: Math.min(0.6, 0.55 / (1 + height * 0.8)) };
}

/** A radial fall-off: 1 under the luminaire, 0 at the rim (in the colour channels). */
export function shadowTexture(): THREE.Texture {
  const size = 64;
  const data = new Uint8Array(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const r = Math.hypot((i + 0.5) / size - 0.5, (j + 0.5) / size - 0.5) * 2;
      const a = r >= 1 ? 0 : Math.pow(1 - r, 1.6) * (0.5 + 0.5 * Math.cos(Math.PI * r));
      const v = Math.round(a * 255);
      data.set([v, v, v, 255], (j * size + i) * 4);
    }
  }
  const texture = new THREE.DataTexture(data, size, size, THREE.RGBAFormat);
  texture.magFilter = THREE.LinearFilter;
  texture.minFilter = THREE.LinearFilter;
  texture.needsUpdate = true;
  return texture;
}

/**
 * Soft shadows on the floor, one instanced draw for any number: a radial darkening under each
 * luminaire. A shadow map with image-based light cost half a minute of shader compiling on a software
 * renderer (no GPU) and a hard-edged shadow per light; a room's diffuse light casts these.
 */
export function SoftShadows({ shadows, floor = 0 }: { shadows: readonly SoftShadow[]; floor?: number }) {
  const texture = useMemo(shadowTexture, []);
  // What is under a shadow is darkened: floor × (1 − fall-off × darkness), darkness per instance (its colour).
  const material = useMemo(
    () =>
      new THREE.MeshBasicMaterial({
        color: '#ffffff',
        map: texture,
        transparent: true,
        depthWrite: false,
        toneMapped: false,
        blending: THREE.CustomBlending,
        blendEquation: THREE.AddEquation,
        blendSrc: THREE.ZeroFactor,
        blendDst: THREE.OneMinusSrcColorFactor,
      }),
    [texture],
  );
  useEffect(
    () => () => {
      texture.dispose();
      material.dispose();
    },
    [texture, material],
  );
  const invalidate = useThree((state) => state.invalidate);
  const capacity = Math.max(16, 2 ** Math.ceil(Math.log2(shadows.length + 1)));
  const mesh = useMemo(() => {
    const m = new THREE.InstancedMesh(new THREE.PlaneGeometry(1, 1), material, capacity);
    m.raycast = () => undefined;
    m.renderOrder = 1;
    m.name = 'soft-shadows';
    return m;
  }, [material, capacity]);
  useEffect(() => () => mesh.geometry.dispose(), [mesh]);
  useEffect(() => {
    const tmp = new THREE.Object3D();
    const colour = new THREE.Color();
    shadows.forEach((shadow, i) => {
      tmp.position.set(shadow.x, floor + 0.002, shadow.z);
      tmp.rotation.set(-Math.PI / 2, 0, 0);
      tmp.scale.set(shadow.radius * 2, shadow.radius * 2, 1);
      tmp.updateMatrix();
      mesh.setMatrixAt(i, tmp.matrix);
      mesh.setColorAt(i, colour.setScalar(shadow.darkness));
    });
    mesh.count = shadows.length;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    mesh.computeBoundingSphere();
    invalidate();
  }, [mesh, shadows, floor, invalidate]);
  return <primitive object={mesh} />;
}

/** The key light: a broad warm light from above and in front (a room's daylight off the ceiling), no shadow map (SoftShadows draws the shadows). */
export function KeyLight({ width, depth, height, intensity = 0.9 }: { width: number; depth: number; height: number; intensity?: number }) {
  return <directionalLight position={[width * 0.18, height * 2.2, depth * 0.6]} intensity={intensity} color="#fff6ea" />;
}

/** One soft shadow as a plain mesh (a single luminaire's stage): black through the fall-off as alpha. */
export function SoftShadow({ shadow, floor = 0 }: { shadow: SoftShadow; floor?: number }) {
  const texture = useMemo(shadowTexture, []);
  useEffect(() => () => texture.dispose(), [texture]);
  return (
    <mesh position={[shadow.x, floor + 0.002, shadow.z]} rotation={[-Math.PI / 2, 0, 0]} scale={[shadow.radius * 2, shadow.radius * 2, 1]} raycast={() => undefined} renderOrder={1} name="soft-shadow">
      <planeGeometry args={[1, 1]} />
      <meshBasicMaterial color="#000000" alphaMap={texture} transparent opacity={shadow.darkness} depthWrite={false} toneMapped={false} />
    </mesh>
  );
}
