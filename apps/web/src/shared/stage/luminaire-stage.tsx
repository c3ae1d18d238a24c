/**
 * One luminaire on a lit 3D stage (issue 35 §3; the studio of issue 32 §1 shows its models on it):
 * the domain's geometry (`luminaireGeometry` → `luminaireMeshes`, the same triangles as the glb, OBJ
 * and STL files), the finish's physically based material (`finishSurface`), the LED's glow, image-
 * based light made in the browser, filmic tone mapping and a soft shadow. Backgrounds: 'studio' (a
 * neutral seamless sweep, a product shot) or 'room' (the luminaire mounted in a room: ceiling, wall
 * or floor as its type says). The camera is three numbers (`StageCamera`): given, it is applied;
 * moved by the user, it is reported (`onCameraChange`) so the same framing can be rendered elsewhere.
 *
 * This module is three.js: import it lazily (`LazyLuminaireStage` in luminaire-stage-lazy.tsx does).
 */
import { Canvas, addAfterEffect, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { luminaireEnvelope, luminaireGeometry, type LuminaireData, type LuminaireShape, type PartMaterial } from '@lumen/domain';
import { useEffect, useMemo, useRef } from 'react';
import * as THREE from 'three';
import { kelvinToRgb } from './light-colour';
import { EMITTER_GAIN, emitterMaterial, luminaireGeometries, surfaceMaterial } from './luminaire-three';
import { DEFAULT_STAGE_CAMERA, STAGE_FOV, framingDistance, stageCameraOf, stageCameraPosition, type StageCamera } from './stage-camera';
import { KeyLight, RoomShell, SoftShadow, StageEnvironment, setUpRenderer, softShadowOf } from './stage-room';

export type StageBackground = 'studio' | 'room';

export interface LuminaireStageProps {
  /** The catalogue luminaire: category, location, width × height × depth (cm), heads. */
  readonly luminaire: LuminaireData;
  /** Installation code (its canopy); '10' surface canopy when absent. */
  readonly installation?: string;
  /** Centimetres from the ceiling to the luminaire's bottom (pendants). */
  readonly pendantHeight?: number | null;
  /** Finish code of the catalogue (10 white, 05 black, 58 brushed brass…). */
  readonly finish?: string;
  /** The LED's colour temperature, kelvin (3000 when absent). */
  readonly kelvin?: number;
  readonly background?: StageBackground;
  /** The framing; applied whenever it changes. */
  readonly camera?: StageCamera;
  /** The framing after the user turned or zoomed the view (at the end of each gesture). */
  readonly onCameraChange?: (camera: StageCamera) => void;
  /** What a screen reader is told the picture is. */
  readonly label: string;
}

/** What tests read of the stage's last frame (`window.lumenStageProbe`). */
export interface StageProbe {
  frames: number;
  drawCalls: number;
  triangles: number;
}

declare global {
  interface Window {
    lumenStageProbe?: StageProbe;
  }
}

const CEILING_SHAPES: ReadonlySet<LuminaireShape> = new Set(['pendant', 'ceiling', 'track']);
const WALL_SHAPES: ReadonlySet<LuminaireShape> = new Set(['wall', 'bathroom', 'wallPendant']);
const STUDIO_COLOUR = '#e9e7e3';
const ROOM = { width: 4.2, depth: 4.2, height: 2.8 } as const;
/** Pendants on the stage hang this far below their canopy when no height is given (cm): a product shot shows a short wire. */
const STUDIO_DROP = 40;

export interface StageLayout {
  /** Where the luminaire's mounting point is placed, metres. */
  readonly mount: [number, number, number];
  /** What the camera looks at and the radius it frames. */
  readonly target: [number, number, number];
  readonly radius: number;
  /** The studio's floor height and whether a back wall stands at the mounting plane. */
  readonly floor: number;
  readonly wall: boolean;
  readonly shape: LuminaireShape;
  /** The luminaire's lowest point and its footprint's radius (its soft shadow), metres. */
  readonly bottom: number;
  readonly footprint: number;
}

/** Where the luminaire goes on the stage and what the camera frames (metres). */
export function stageLayout(luminaire: LuminaireData, background: StageBackground, installation = '10', pendantHeight: number | null = null): StageLayout {
  const geometry = luminaireGeometry({ luminaire, installation, pendantHeight: pendantHeight ?? (background === 'studio' ? Math.max(STUDIO_DROP, luminaire.height + 10) : null) });
  const env = luminaireEnvelope(geometry);
  const min = env.min.map((v) => v / 1000) as [number, number, number];
  const max = env.max.map((v) => v / 1000) as [number, number, number];
  const radius = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2;
  const centre: [number, number, number] = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const shape = geometry.shape;
  let mount: [number, number, number];
  if (background === 'room') {
    if (CEILING_SHAPES.has(shape)) mount = [0, ROOM.height, 0];
    else if (WALL_SHAPES.has(shape)) mount = [0, 1.7 - centre[1], -ROOM.depth / 2];
    else mount = [0, 0, 0];
  } else {
    // The studio: the luminaire's middle at a comfortable height above the sweep.
    mount = CEILING_SHAPES.has(shape) || WALL_SHAPES.has(shape) ? [0, 1.2 - centre[1], 0] : [0, 0, 0];
  }
  const target: [number, number, number] = [mount[0] + centre[0], mount[1] + centre[1], mount[2] + centre[2]];
  const bottom = mount[1] + min[1];
  const floor = background === 'room' || !(CEILING_SHAPES.has(shape) || WALL_SHAPES.has(shape)) ? 0 : Math.max(0, bottom - Math.max(0.3, radius * 1.2));
  return { mount, target, radius, floor, wall: WALL_SHAPES.has(shape), shape, bottom, footprint: Math.max(max[0] - min[0], max[2] - min[2]) / 2 };
}

function Luminaire({ luminaire, installation, pendantHeight, finish, kelvin, background, mount }: Required<Pick<LuminaireStageProps, 'luminaire' | 'background'>> & { installation: string; pendantHeight: number | null; finish: string | undefined; kelvin: number; mount: [number, number, number] }) {
  const geometries = useMemo(() => {
    const drop = pendantHeight ?? (background === 'studio' ? Math.max(STUDIO_DROP, luminaire.height + 10) : null);
    return luminaireGeometries(luminaireGeometry({ luminaire, installation, pendantHeight: drop }));
  }, [luminaire, installation, pendantHeight, background]);
  useEffect(
    () => () => {
      for (const geometry of Object.values(geometries)) geometry.dispose();
    },
    [geometries],
  );
  const glow = useMemo(() => {
    const [r, g, b] = kelvinToRgb(kelvin);
    return new THREE.Color(r * EMITTER_GAIN, g * EMITTER_GAIN, b * EMITTER_GAIN);
  }, [kelvin]);
  const emitter = useMemo(() => {
    const material = emitterMaterial().clone();
    material.color.copy(glow);
    return material;
  }, [glow]);
  useEffect(() => () => emitter.dispose(), [emitter]);
  return (
    <group position={mount} name="luminaire">
      {(Object.entries(geometries) as [PartMaterial, THREE.BufferGeometry][]).map(([material, geometry]) => (
        <mesh key={material} geometry={geometry} material={material === 'light' ? emitter : surfaceMaterial(finish, material)} name={material} />
      ))}
    </group>
  );
}

/** Puts the camera where the framing says, and reports the user's framing at the end of a gesture. */
function Framing({ target, radius, camera, onCameraChange }: { target: [number, number, number]; radius: number; camera: StageCamera; onCameraChange: ((camera: StageCamera) => void) | undefined }) {
  const three = useThree((state) => state.camera);
  const invalidate = useThree((state) => state.invalidate);
  const controls = useRef<{ target: THREE.Vector3; update: () => void } | null>(null);
  const { azimuth, elevation, zoom } = camera;
  // Applied when the framing's numbers change (a new object of the same numbers is the same framing).
  useEffect(() => {
    three.position.set(...stageCameraPosition(target, radius, { azimuth, elevation, zoom }));
    three.lookAt(...target);
    if (controls.current) {
      controls.current.target.set(...target);
      controls.current.update();
    }
    invalidate();
  }, [three, target, radius, azimuth, elevation, zoom, invalidate]);
  const report = () => {
    if (!onCameraChange) return;
    const p = three.position;
    onCameraChange(stageCameraOf([p.x, p.y, p.z], target, radius));
  };
  return <OrbitControls ref={controls as never} makeDefault target={target} enableDamping={false} minDistance={radius * 0.6} maxDistance={framingDistance(radius) * 4} onEnd={report} />;
}

function Probe() {
  const gl = useThree((state) => state.gl);
  useEffect(() => {
    const probe: StageProbe = { frames: 0, drawCalls: 0, triangles: 0 };
    window.lumenStageProbe = probe;
    const stop = addAfterEffect(() => {
      probe.frames += 1;
      probe.drawCalls = gl.info.render.calls;
      probe.triangles = gl.info.render.triangles;
    });
    return () => {
      stop();
      if (window.lumenStageProbe === probe) delete window.lumenStageProbe;
    };
  }, [gl]);
  return null;
}

export default function LuminaireStage({ luminaire, installation = '10', pendantHeight = null, finish, kelvin = 3000, background = 'studio', camera = DEFAULT_STAGE_CAMERA, onCameraChange, label }: LuminaireStageProps) {
  const layout = useMemo(() => stageLayout(luminaire, background, installation, pendantHeight), [luminaire, background, installation, pendantHeight]);
  const target = useMemo(() => layout.target, [layout]);
  const studio = background === 'studio';
  const span = Math.max(6, layout.radius * 12);
  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 2]}
      camera={{ position: stageCameraPosition(target, layout.radius, camera), fov: STAGE_FOV, near: 0.01, far: 100 }}
      gl={{ antialias: true, preserveDrawingBuffer: true }}
      onCreated={({ gl }) => setUpRenderer(gl)}
      role="img"
      aria-label={label}
    >
      <color attach="background" args={[studio ? STUDIO_COLOUR : '#1c1d21']} />
      <StageEnvironment intensity={studio ? 0.75 : 0.45} />
      {studio ? (
        <>
          {/* A seamless sweep: the floor and, for a wall light, the wall behind it, in the background's colour. */}
          <mesh rotation={[-Math.PI / 2, 0, 0]} position={[0, layout.floor, 0]} name="sweep">
            <planeGeometry args={[span, span]} />
            <meshStandardMaterial color={STUDIO_COLOUR} roughness={1} metalness={0} />
          </mesh>
          {layout.wall && (
            <mesh position={[0, layout.floor + span / 2, layout.mount[2] - 0.001]} name="backdrop">
              <planeGeometry args={[span, span]} />
              <meshStandardMaterial color={STUDIO_COLOUR} roughness={1} metalness={0} />
            </mesh>
          )}
          <KeyLight width={layout.radius * 6} depth={layout.radius * 6} height={layout.target[1] + layout.radius * 2} intensity={1.1} />
          <directionalLight position={[-3, 2, 4]} intensity={0.5} color="#f3f6ff" />
          <directionalLight position={[2, 3, -4]} intensity={0.6} color="#fff1e0" />
        </>
      ) : (
        <>
          <RoomShell width={ROOM.width} depth={ROOM.depth} height={ROOM.height} />
          <KeyLight width={ROOM.width} depth={ROOM.depth} height={ROOM.height} intensity={0.5} />
          {/* The luminaire's own light on the room (its pool on the floor, its glow on the wall). */}
          <pointLight position={[layout.target[0], layout.target[1] - layout.radius * 0.8, layout.target[2] + (layout.wall ? layout.radius : 0)]} decay={2} intensity={3} color={new THREE.Color(...kelvinToRgb(kelvin))} />
        </>
      )}
      <SoftShadow shadow={softShadowOf(layout.target[0], layout.target[2], layout.footprint, layout.bottom - layout.floor)} floor={layout.floor} />
      <Luminaire luminaire={luminaire} installation={installation} pendantHeight={pendantHeight} finish={finish} kelvin={kelvin} background={background} mount={layout.mount} />
      <Framing target={target} radius={layout.radius} camera={camera} onCameraChange={onCameraChange} />
      <Probe />
    </Canvas>
  );
}
