/**
 * The 3D preview beside the plan (issue 16 §2): the parts of the domain's `drawingParts` (the same
 * solids the api's glTF, OBJ and STL exports are made of) in a react-three-fiber canvas, in a room lit
 * and finished as the crea room and the studio's stage are (shared/stage, issue 35 §3). This module and
 * three.js are a chunk of their own, loaded by the drawing screens only. Rendering is on demand (no
 * frame while nothing changes) and each shape and material is one instanced draw whatever its count.
 */
import { addAfterEffect, addEffect, Canvas, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { finishOfColour, surfaceKindOf, type ModelPart, type RoomSize, type SurfaceKind } from '@lumen/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { EMITTER_GAIN, emitterMaterial, kindMaterial } from '../../shared/stage/luminaire-three';
import { cameraFor, ROOM_CAMERA_FOV, SceneCamera, useCameraPlacer, type CameraPlacement, type CameraRequest, type SceneViewKind } from '../../shared/scene-camera';
import { KeyLight, RoomShell, StageEnvironment, setUpRenderer } from '../../shared/stage/stage-room';

export interface DrawingPreviewProps {
  readonly parts: readonly ModelPart[];
  readonly room: RoomSize;
  /** Elements to mark (the selection). */
  readonly highlighted: readonly string[];
  readonly label: string;
  /** The view the user asked for with the panel's buttons (top, front, reset), each press a new nonce. */
  readonly view?: CameraRequest;
}

/** What the benchmark and the browser tests read of the preview's last frame. */
export interface DrawingPreviewProbe {
  frames: number;
  drawCalls: number;
  instances: number;
  lastFrameMs: number;
  /** Where the camera stands, in metres (the view buttons move it). */
  camera: [number, number, number];
}

declare global {
  interface Window {
    lumenDrawingPreviewProbe?: DrawingPreviewProbe;
  }
}

type Group = { key: string; shape: ModelPart['shape']; material: ModelPart['material']; kind: SurfaceKind; parts: ModelPart[] };

/** The parts grouped by shape, material and kind of finish (lacquer, metal, fabric, glass): one instanced mesh each. */
export function groupParts(parts: readonly ModelPart[]): Group[] {
  const groups = new Map<string, Group>();
  for (const part of parts) {
    const kind = kindOfPart(part);
    const key = `${part.shape}|${part.material}|${kind}`;
    const group = groups.get(key) ?? { key, shape: part.shape, material: part.material, kind, parts: [] };
    group.parts.push(part);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const UP = new THREE.Vector3(0, 1, 0);
const tmp = new THREE.Object3D();
const SELECTED = new THREE.Color('#ffb020');

/** The matrix of one part: beams and cables from `from` to `to`, cylinders upright `length` tall, spheres at `centre`. */
export function placePart(part: ModelPart, target: THREE.Object3D): boolean {
  if ((part.shape === 'beam' || part.shape === 'cable') && part.from && part.to) {
    const from = new THREE.Vector3(part.from.x, part.from.y, part.from.z);
    const to = new THREE.Vector3(part.to.x, part.to.y, part.to.z);
    const direction = to.clone().sub(from);
    const length = direction.length();
    if (length === 0) return false;
    target.position.copy(from).add(to).multiplyScalar(0.5);
    target.quaternion.setFromUnitVectors(UP, direction.normalize());
    target.scale.set(part.radius * 2, length, part.radius * 2);
    return true;
  }
  if (!part.centre) return false;
  target.position.set(part.centre.x, part.centre.y, part.centre.z);
  target.quaternion.identity();
  if (part.shape === 'sphere') target.scale.setScalar(part.radius * 2);
  else target.scale.set(part.radius * 2, part.length ?? part.radius * 2, part.radius * 2);
  return true;
}

function geometryOf(shape: ModelPart['shape']): THREE.BufferGeometry {
  if (shape === 'beam') return new THREE.BoxGeometry(1, 1, 1);
  if (shape === 'sphere') return new THREE.SphereGeometry(0.5, 20, 14);
  return new THREE.CylinderGeometry(0.5, 0.5, 1, shape === 'cable' ? 8 : 24);
}

/**
 * The material of a group of parts (shared/stage, as the crea room and the studio): its finish's kind
 * (a black stick is black lacquer, a brass reflector metal, a strap fabric, a globe glass), the
 * finish's colour on each instance; emitters glow.
 */
export function materialOf(group: Pick<Group, 'material' | 'kind'>): THREE.Material {
  return group.material === 'emitter' ? emitterMaterial() : kindMaterial(group.kind);
}

/** The kind of surface of a part: its material's (glass, textile), else its finish's (read from its colour). */
export function kindOfPart(part: Pick<ModelPart, 'material' | 'colour'>): SurfaceKind {
  if (part.material === 'glass' || part.material === 'textile') return surfaceKindOf(undefined, part.material);
  return surfaceKindOf(finishOfColour(part.colour));
}

/** The colour of a part's instance: its finish's, or the LED's glow for an emitter (brighter than white before tone mapping). */
function instanceColour(part: ModelPart, target: THREE.Color): THREE.Color {
  target.set(part.colour);
  return part.material === 'emitter' ? target.multiplyScalar(EMITTER_GAIN) : target;
}

function PartGroup({ group, highlighted }: { group: Group; highlighted: ReadonlySet<string> }) {
  const mesh = useRef<THREE.InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const geometry = useMemo(() => geometryOf(group.shape), [group.shape]);
  const material = useMemo(() => materialOf(group), [group]);
  // The materials are shared (shared/stage): only the geometry is this group's.
  useEffect(() => () => geometry.dispose(), [geometry]);
  // Capacity grows in steps, so that adding a part does not remake the mesh every time.
  const capacity = Math.max(16, 2 ** Math.ceil(Math.log2(group.parts.length + 1)));
  useLayoutEffect(() => {
    const current = mesh.current;
    if (!current) return;
    let count = 0;
    const colour = new THREE.Color();
    for (const part of group.parts) {
      if (!placePart(part, tmp)) continue;
      tmp.updateMatrix();
      current.setMatrixAt(count, tmp.matrix);
      current.setColorAt(count, highlighted.has(part.elementId) ? SELECTED : instanceColour(part, colour));
      count += 1;
    }
    current.count = count;
    current.instanceMatrix.needsUpdate = true;
    if (current.instanceColor) current.instanceColor.needsUpdate = true;
    current.computeBoundingSphere();
    invalidate();
  }, [group, highlighted, invalidate, capacity]);
  return <instancedMesh key={capacity} ref={mesh} args={[geometry, material, capacity]} />;
}

function Probe({ instances }: { instances: number }) {
  const gl = useThree((state) => state.gl);
  const camera = useThree((state) => state.camera);
  const count = useRef(instances);
  count.current = instances;
  useEffect(() => {
    const probe: DrawingPreviewProbe = { frames: 0, drawCalls: 0, instances: count.current, lastFrameMs: 0, camera: [0, 0, 0] };
    window.lumenDrawingPreviewProbe = probe;
    let started = 0;
    const before = addEffect(() => {
      started = performance.now();
    });
    const after = addAfterEffect(() => {
      probe.frames += 1;
      probe.drawCalls = gl.info.render.calls;
      probe.instances = count.current;
      probe.lastFrameMs = started ? performance.now() - started : 0;
      probe.camera = [camera.position.x, camera.position.y, camera.position.z];
    });
    return () => {
      before();
      after();
      if (window.lumenDrawingPreviewProbe === probe) delete window.lumenDrawingPreviewProbe;
    };
  }, [gl, camera]);
  return null;
}

/** Where the camera first looks: the structure's middle, from far enough to see it whole (the room's middle when empty). */
export function framing(parts: readonly ModelPart[], room: RoomSize): { target: [number, number, number]; position: [number, number, number] } {
  const points = parts.flatMap((p) => [p.from, p.to, p.centre].filter((q): q is NonNullable<typeof q> => q !== undefined));
  if (points.length === 0) {
    const reach = Math.max(room.width, room.depth);
    return { target: [0, room.height * 0.6, 0], position: [reach * 0.6, room.height * 0.45, reach * 1.1] };
  }
  const min = { x: Math.min(...points.map((p) => p.x)), y: Math.min(...points.map((p) => p.y)), z: Math.min(...points.map((p) => p.z)) };
  const max = { x: Math.max(...points.map((p) => p.x)), y: Math.max(...points.map((p) => p.y)), z: Math.max(...points.map((p) => p.z)) };
  const centre: [number, number, number] = [(min.x + max.x) / 2, (min.y + max.y) / 2, (min.z + max.z) / 2];
  const size = Math.max(2, max.x - min.x, max.z - min.z, max.y - min.y);
  const distance = size * 1.7;
  // From below and aside, as one sees a ceiling structure, never under the floor.
  return { target: centre, position: [centre[0] + distance * 0.45, Math.max(0.3, centre[1] - distance * 0.35), centre[2] + distance * 0.85] };
}

/**
 * Where each view of the panel's buttons stands: top and front as in the crea room (shared/scene-camera),
 * "reset view" back to the framing of the structure the preview opens with.
 */
export function drawingCamera(kind: SceneViewKind, parts: readonly ModelPart[], room: RoomSize): CameraPlacement {
  return kind === 'perspective' ? framing(parts, room) : cameraFor(kind, room);
}

/** Frames the structure when the first part appears in a preview that opened empty. */
function Reframe({ parts, room, empty }: { parts: readonly ModelPart[]; room: RoomSize; empty: boolean }) {
  const placeCamera = useCameraPlacer();
  const wasEmpty = useRef(empty);
  const latest = useRef({ parts, room });
  latest.current = { parts, room };
  useEffect(() => {
    if (wasEmpty.current && !empty) placeCamera(framing(latest.current.parts, latest.current.room));
    wasEmpty.current = empty;
  }, [empty, placeCamera]);
  return null;
}

export default function DrawingPreview({ parts, room, highlighted, label, view: asked }: DrawingPreviewProps) {
  const groups = useMemo(() => groupParts(parts), [parts]);
  const marked = useMemo(() => new Set(highlighted), [highlighted]);
  const reach = Math.max(room.width, room.depth);
  // Framed when the preview opens, and again when the first part is drawn in an empty one; the user's orbit is theirs after that.
  const [view] = useState(() => framing(parts, room));
  const empty = parts.length === 0;
  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 1.5]}
      camera={{ position: view.position, fov: ROOM_CAMERA_FOV, near: 0.05, far: 200 }}
      gl={{ antialias: true }}
      onCreated={({ gl }) => setUpRenderer(gl)}
      role="img"
      aria-label={label}
    >
      <color attach="background" args={['#2b2c30']} />
      {/* The room's light and surfaces (shared/stage): a white ceiling the structure hangs from, plaster walls, an oak floor. */}
      <StageEnvironment intensity={0.85} />
      <KeyLight width={room.width} depth={room.depth} height={room.height} intensity={0.7} />
      <RoomShell width={room.width} depth={room.depth} height={room.height} />
      {groups.map((group) => (
        <PartGroup key={group.key} group={group} highlighted={marked} />
      ))}
      <OrbitControls makeDefault target={view.target} maxDistance={reach * 4} />
      <Reframe parts={parts} room={room} empty={empty} />
      <SceneCamera view={asked} place={(kind) => drawingCamera(kind, parts, room)} />
      <Probe instances={parts.length} />
    </Canvas>
  );
}
