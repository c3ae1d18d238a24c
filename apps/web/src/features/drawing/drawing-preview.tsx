/**
 * The 3D preview beside the plan (issue 16 §2): the parts of the domain's `drawingParts` (the same
 * solids the api's glTF, OBJ and STL exports are made of) in a react-three-fiber canvas. This module and
 * three.js are a chunk of their own, loaded by the drawing screens only. Rendering is on demand (no
 * frame while nothing changes) and each shape and material is one instanced draw whatever its count.
 */
import { addAfterEffect, addEffect, Canvas, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import type { ModelPart, RoomSize } from '@lumen/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';

export interface DrawingPreviewProps {
  readonly parts: readonly ModelPart[];
  readonly room: RoomSize;
  /** Elements to mark (the selection). */
  readonly highlighted: readonly string[];
  readonly label: string;
}

/** What the benchmark and the browser tests read of the preview's last frame. */
export interface DrawingPreviewProbe {
  frames: number;
  drawCalls: number;
  instances: number;
  lastFrameMs: number;
}

declare global {
  interface Window {
    lumenDrawingPreviewProbe?: DrawingPreviewProbe;
  }
}

type Group = { key: string; shape: ModelPart['shape']; material: ModelPart['material']; parts: ModelPart[] };

/** The parts grouped by shape and material: one instanced mesh each. */
export function groupParts(parts: readonly ModelPart[]): Group[] {
  const groups = new Map<string, Group>();
  for (const part of parts) {
    const key = `${part.shape}|${part.material}`;
    const group = groups.get(key) ?? { key, shape: part.shape, material: part.material, parts: [] };
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

function materialOf(material: ModelPart['material']): THREE.Material {
  if (material === 'emitter') return new THREE.MeshBasicMaterial({ toneMapped: false });
  if (material === 'glass') return new THREE.MeshStandardMaterial({ transparent: true, opacity: 0.6, roughness: 0.1 });
  if (material === 'textile') return new THREE.MeshStandardMaterial({ roughness: 0.9 });
  return new THREE.MeshStandardMaterial({ roughness: 0.35, metalness: 0.6 });
}

function PartGroup({ group, highlighted }: { group: Group; highlighted: ReadonlySet<string> }) {
  const mesh = useRef<THREE.InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const geometry = useMemo(() => geometryOf(group.shape), [group.shape]);
  const material = useMemo(() => materialOf(group.material), [group.material]);
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );
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
      current.setColorAt(count, highlighted.has(part.elementId) ? SELECTED : colour.set(part.colour));
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
  const count = useRef(instances);
  count.current = instances;
  useEffect(() => {
    const probe: DrawingPreviewProbe = { frames: 0, drawCalls: 0, instances: count.current, lastFrameMs: 0 };
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
    });
    return () => {
      before();
      after();
      if (window.lumenDrawingPreviewProbe === probe) delete window.lumenDrawingPreviewProbe;
    };
  }, [gl]);
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
  const size = Math.max(1, max.x - min.x, max.z - min.z, max.y - min.y);
  const distance = size * 1.4;
  // From below and aside, as one sees a ceiling structure, never under the floor.
  return { target: centre, position: [centre[0] + distance * 0.45, Math.max(0.3, centre[1] - distance * 0.35), centre[2] + distance * 0.85] };
}

export default function DrawingPreview({ parts, room, highlighted, label }: DrawingPreviewProps) {
  const groups = useMemo(() => groupParts(parts), [parts]);
  const marked = useMemo(() => new Set(highlighted), [highlighted]);
  const reach = Math.max(room.width, room.depth);
  // Framed once, when the preview opens; the user's orbit is theirs after that.
  const [view] = useState(() => framing(parts, room));
  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 1.5]}
      camera={{ position: view.position, fov: 45, near: 0.05, far: 200 }}
      gl={{ antialias: true }}
      role="img"
      aria-label={label}
    >
      <color attach="background" args={['#1c1d21']} />
      <hemisphereLight args={['#ffffff', '#55524c', 1]} />
      <directionalLight position={[2, room.height * 2, 3]} intensity={0.7} />
      <mesh position={[0, room.height, 0]} rotation={[Math.PI / 2, 0, 0]}>
        <planeGeometry args={[room.width, room.depth]} />
        <meshStandardMaterial color="#f4f4f2" side={THREE.DoubleSide} />
      </mesh>
      <gridHelper args={[Math.max(room.width, room.depth), Math.round(Math.max(room.width, room.depth) * 2), '#5b5d63', '#3a3c41']} />
      {groups.map((group) => (
        <PartGroup key={group.key} group={group} highlighted={marked} />
      ))}
      <OrbitControls makeDefault target={view.target} maxDistance={reach * 4} />
      <Probe instances={parts.length} />
    </Canvas>
  );
}
