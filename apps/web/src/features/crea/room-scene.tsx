/**
 * The room in 3D (three.js through @react-three/fiber; this module and its libraries are a chunk of
 * their own, loaded by the crea routes only). It draws what the element tree holds and reports
 * pointer drags; it decides nothing. Rendering is on demand (no frame while nothing changes), and
 * every kind of thing is one instanced draw whatever its count: canopies, wires, bodies, the
 * selection marks, and the light pools (one draw per model, each with its model's distribution).
 */
import { addAfterEffect, Canvas, useThree, type ThreeEvent } from '@react-three/fiber';
import { Html, OrbitControls } from '@react-three/drei';
import { finishColour as finishColourOf, getElement, roomOf, worldPosition, type ElementTree, type TreeElement } from '@lumen/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { distributionOf, kelvinOfCode, kelvinToRgb, poolHalfWidth, poolPattern, poolStrength, type ModelOptics } from './light-pools';

export interface SceneFailure {
  readonly elementId: string;
  readonly message: string;
}

export interface RoomSceneProps {
  readonly tree: ElementTree;
  readonly selected: readonly string[];
  readonly optics: Readonly<Record<string, ModelOptics>>;
  /** Messages shown where they happen (rule failures, the last notice). */
  readonly failures: readonly SceneFailure[];
  readonly label: string;
  readonly onSelect: (clusterId: string | null) => void;
  readonly onDragStart: (clusterId: string) => void;
  readonly onDrag: (clusterId: string, x: number, z: number) => void;
  readonly onDragEnd: (clusterId: string) => void;
  readonly readOnly?: boolean;
  /** The camera's view (issue 27 §3): asked for again each time `nonce` changes. */
  readonly view?: CameraRequest;
}

/** A camera view the room is asked for: the usual three-quarter view, or straight from above. */
export interface CameraRequest {
  readonly kind: 'perspective' | 'top';
  readonly nonce: number;
}

/** Where the camera stands for a view of the room, and what it looks at. */
export function cameraFor(kind: CameraRequest['kind'], room: { width: number; depth: number; height: number }): { position: [number, number, number]; target: [number, number, number] } {
  if (kind === 'top') {
    // From above the ceiling, looking straight down at the floor (the ceiling is drawn from inside only, so it does not hide the room).
    const fit = Math.max(room.width, room.depth) / (2 * Math.tan((45 / 2) * (Math.PI / 180)));
    return { position: [0, room.height + fit * 1.1, 0.001], target: [0, 0, 0] };
  }
  return { position: [room.width * 0.55, room.height * 0.85, room.depth * 0.5 + Math.max(room.width, room.height) * 1.35], target: [0, room.height / 2, 0] };
}

/** Moves the camera to the view asked for (and the orbit's target with it). */
function CameraView({ view, room }: { view: CameraRequest | undefined; room: { width: number; depth: number; height: number } }) {
  const camera = useThree((state) => state.camera);
  const controls = useThree((state) => state.controls) as unknown as { target: THREE.Vector3; update: () => void } | null;
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    if (!view) return;
    const { position, target } = cameraFor(view.kind, room);
    camera.position.set(...position);
    if (controls) {
      controls.target.set(...target);
      controls.update();
    } else camera.lookAt(...target);
    invalidate();
    // Asked for once per request (its nonce), not on every change of the room.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view?.nonce, view?.kind, camera, controls, invalidate]);
  return null;
}

/** What the benchmark and the browser tests read of the last frame. */
export interface CreaSceneProbe {
  frames: number;
  drawCalls: number;
  triangles: number;
  /** Milliseconds the last frame took on the main thread (scene update and draw submission). */
  lastFrameMs: number;
  firstFrameAt: number | null;
  /** Where a cluster's body is on the canvas (CSS pixels from its top-left corner). */
  screenPosition: (clusterId: string) => { x: number; y: number } | null;
  invalidate: () => void;
}

declare global {
  interface Window {
    lumenCreaProbe?: CreaSceneProbe;
  }
}

/** A finish's colour: the domain's one table of the catalogue's swatches (the same as the drawings' 3D and exports). */
const finishColour = (code: string | undefined) => new THREE.Color(finishColourOf(code));
const CEILING_COLOURS = { pladur: '#f4f4f2', concrete: '#b7b5b0', wood: '#b08a62' } as const;

interface Placed {
  cluster: TreeElement;
  world: THREE.Vector3;
  pendants: { body: TreeElement; world: THREE.Vector3; light: TreeElement | undefined }[];
}

function placedClusters(tree: ElementTree): Placed[] {
  const out: Placed[] = [];
  for (const e of Object.values(tree.elements)) {
    if (e.type !== 'Cluster') continue;
    const w = worldPosition(tree, e.id);
    const pendants = e.children
      .map((id) => getElement(tree, id))
      .filter((p) => p.type === 'Pendant')
      .map((p) => {
        const pw = worldPosition(tree, p.id);
        const light = p.children.map((id) => getElement(tree, id)).find((l) => l.type === 'Light');
        return { body: p, world: new THREE.Vector3(pw.x, pw.y, pw.z), light };
      });
    out.push({ cluster: e, world: new THREE.Vector3(w.x, w.y, w.z), pendants });
  }
  return out.sort((a, b) => a.cluster.elementOrderValue - b.cluster.elementOrderValue);
}

const tmp = new THREE.Object3D();

function setInstance(mesh: THREE.InstancedMesh, index: number, position: THREE.Vector3, scale: THREE.Vector3) {
  tmp.position.copy(position);
  tmp.scale.copy(scale);
  tmp.rotation.set(0, 0, 0);
  tmp.updateMatrix();
  mesh.setMatrixAt(index, tmp.matrix);
}

function finishMesh(mesh: THREE.InstancedMesh | null, count: number) {
  if (!mesh) return;
  mesh.count = count;
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  mesh.computeBoundingSphere();
}

const CAPACITY_STEP = 64;
const capacity = (n: number) => Math.max(CAPACITY_STEP, Math.ceil(n / CAPACITY_STEP) * CAPACITY_STEP);

function Room({ tree }: { tree: ElementTree }) {
  const room = roomOf(tree);
  const materials = useMemo(() => {
    // Matte surfaces: Lambert shading is all they need, and it is the cheapest to fill a screen with.
    const wall = new THREE.MeshLambertMaterial({ color: '#e9e7e2', side: THREE.BackSide });
    const floor = new THREE.MeshLambertMaterial({ color: '#595753', side: THREE.BackSide });
    const ceiling = new THREE.MeshLambertMaterial({ color: CEILING_COLOURS[room.ceilingMaterial], side: THREE.BackSide });
    // Box faces: +x, −x, +y (ceiling), −y (floor), +z, −z.
    return [wall, wall, ceiling, floor, wall, wall];
  }, [room.ceilingMaterial]);
  return (
    <mesh position={[0, room.height / 2, 0]} material={materials} name="room">
      <boxGeometry args={[room.width, room.height, room.depth]} />
    </mesh>
  );
}

/** Canopies, wires, bodies, selection rings: one instanced mesh each. */
function Elements({ placed, selected, onPointerDown }: { placed: Placed[]; selected: readonly string[]; onPointerDown: (event: ThreeEvent<PointerEvent>, clusterId: string) => void }) {
  const canopies = useRef<THREE.InstancedMesh>(null);
  const wires = useRef<THREE.InstancedMesh>(null);
  const bodies = useRef<THREE.InstancedMesh>(null);
  const rings = useRef<THREE.InstancedMesh>(null);
  const bodyOwners = useRef<string[]>([]);
  const pendantCount = placed.reduce((n, p) => n + p.pendants.length, 0);
  const cap = capacity(Math.max(pendantCount, placed.length));
  const invalidate = useThree((state) => state.invalidate);

  useLayoutEffect(() => {
    let c = 0;
    let w = 0;
    let b = 0;
    let r = 0;
    const owners: string[] = [];
    const colliding = new THREE.Color('#e5484d');
    for (const p of placed) {
      const size = p.cluster.size;
      const isSelected = selected.includes(p.cluster.id);
      const ceiling = p.world.y + size.y / 2;
      if (size.x > 0 && canopies.current) {
        setInstance(canopies.current, c, new THREE.Vector3(p.world.x, ceiling - Math.max(size.y, 0.01) / 2, p.world.z), new THREE.Vector3(size.x, Math.max(size.y, 0.01), size.z));
        canopies.current.setColorAt(c, p.cluster.collides ? colliding : new THREE.Color('#dcdcd6'));
        c++;
      }
      for (const { body, world } of p.pendants) {
        if (body.type !== 'Pendant') continue;
        const top = world.y + body.size.y / 2;
        const wire = Math.max(0.001, ceiling - top);
        if (wires.current) setInstance(wires.current, w++, new THREE.Vector3(world.x, top + wire / 2, world.z), new THREE.Vector3(1, wire, 1));
        if (bodies.current) {
          setInstance(bodies.current, b, world, new THREE.Vector3(body.size.x, body.size.y, body.size.z));
          bodies.current.setColorAt(b, p.cluster.collides ? colliding : finishColour(lightFinish(p, body.id)));
          owners[b] = p.cluster.id;
          b++;
        }
      }
      if (isSelected && rings.current) {
        const radius = Math.max(size.x, ...p.pendants.map((q) => Math.max(q.body.size.x, q.body.size.z))) * 0.75 + 0.05;
        setInstance(rings.current, r++, new THREE.Vector3(p.world.x, 0.01, p.world.z), new THREE.Vector3(radius, radius, radius));
      }
    }
    bodyOwners.current = owners;
    finishMesh(canopies.current, c);
    finishMesh(wires.current, w);
    finishMesh(bodies.current, b);
    finishMesh(rings.current, r);
    invalidate();
  }, [placed, selected, invalidate, cap]);

  const canopyOwner = (index: number) => placed.filter((p) => p.cluster.size.x > 0)[index]?.cluster.id;
  return (
    <>
      <instancedMesh key={`canopies-${cap}`} ref={canopies} args={[undefined, undefined, cap]} onPointerDown={(e) => {
        const id = e.instanceId === undefined ? undefined : canopyOwner(e.instanceId);
        if (id) onPointerDown(e, id);
      }}>
        <cylinderGeometry args={[0.5, 0.5, 1, 24]} />
        <meshLambertMaterial />
      </instancedMesh>
      <instancedMesh key={`wires-${cap}`} ref={wires} args={[undefined, undefined, cap]} raycast={() => null}>
        <cylinderGeometry args={[0.002, 0.002, 1, 4]} />
        <meshBasicMaterial color="#2a2a2a" />
      </instancedMesh>
      <instancedMesh key={`bodies-${cap}`} ref={bodies} args={[undefined, undefined, cap]} onPointerDown={(e) => {
        const id = e.instanceId === undefined ? undefined : bodyOwners.current[e.instanceId];
        if (id) onPointerDown(e, id);
      }}>
        <cylinderGeometry args={[0.5, 0.35, 1, 24, 1, true]} />
        <meshStandardMaterial roughness={0.45} metalness={0.2} side={THREE.DoubleSide} emissive="#fff4e0" emissiveIntensity={0.08} />
      </instancedMesh>
      <instancedMesh key={`rings-${cap}`} ref={rings} args={[undefined, undefined, cap]} raycast={() => null} rotation={[0, 0, 0]}>
        <torusGeometry args={[1, 0.02, 6, 48]} />
        <meshBasicMaterial color="#4f7cff" />
      </instancedMesh>
    </>
  );
}

function lightFinish(p: Placed, pendantId: string): string | undefined {
  return p.pendants.find((q) => q.body.id === pendantId)?.light?.attributes.finish;
}

/** The pools of one model: a texture from its distribution, one instance per light. */
function Pools({ model, optics, lights, room }: { model: string; optics: ModelOptics; lights: { world: THREE.Vector3; temperature: string | undefined }[]; room: { width: number; depth: number } }) {
  // The walls stop the light: the part of a pool beyond them is not drawn.
  const walls = useMemo(
    () => [
      new THREE.Plane(new THREE.Vector3(-1, 0, 0), room.width / 2),
      new THREE.Plane(new THREE.Vector3(1, 0, 0), room.width / 2),
      new THREE.Plane(new THREE.Vector3(0, 0, -1), room.depth / 2),
      new THREE.Plane(new THREE.Vector3(0, 0, 1), room.depth / 2),
    ],
    [room.width, room.depth],
  );
  const mesh = useRef<THREE.InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const distribution = useMemo(() => distributionOf(optics), [optics]);
  const reach = useMemo(() => poolHalfWidth(distribution), [distribution]);
  const texture = useMemo(() => {
    const size = 64;
    const pattern = poolPattern(distribution, size);
    const data = new Uint8Array(size * size * 4);
    for (let i = 0; i < pattern.length; i++) {
      const v = Math.round(Math.min(1, pattern[i] ?? 0) * 255);
      data.set([255, 255, 255, v], i * 4);
    }
    const t = new THREE.DataTexture(data, size, size, THREE.RGBAFormat);
    t.needsUpdate = true;
    t.magFilter = THREE.LinearFilter;
    return t;
  }, [distribution]);
  useEffect(() => () => texture.dispose(), [texture]);
  const cap = capacity(lights.length);
  useLayoutEffect(() => {
    if (!mesh.current) return;
    lights.forEach((light, i) => {
      const h = Math.max(0.1, light.world.y);
      const half = reach * h;
      tmp.position.set(light.world.x, 0.005, light.world.z);
      tmp.rotation.set(-Math.PI / 2, 0, 0);
      tmp.scale.set(half * 2, half * 2, 1);
      tmp.updateMatrix();
      mesh.current?.setMatrixAt(i, tmp.matrix);
      const [r, g, b] = kelvinToRgb(kelvinOfCode(light.temperature));
      const s = poolStrength(distribution, h);
      mesh.current?.setColorAt(i, new THREE.Color(r * s, g * s, b * s));
    });
    finishMesh(mesh.current, lights.length);
    invalidate();
  }, [lights, distribution, reach, invalidate, cap]);
  return (
    <instancedMesh key={`${model}-${cap}`} ref={mesh} args={[undefined, undefined, cap]} raycast={() => null} renderOrder={1}>
      <planeGeometry args={[1, 1]} />
      <meshBasicMaterial map={texture} transparent blending={THREE.AdditiveBlending} depthWrite={false} toneMapped={false} clippingPlanes={walls} />
    </instancedMesh>
  );
}

/** Exposes the probe and measures each frame (draw calls after it is drawn). */
function Probe({ placed }: { placed: Placed[] }) {
  const gl = useThree((state) => state.gl);
  const camera = useThree((state) => state.camera);
  const size = useThree((state) => state.size);
  const invalidate = useThree((state) => state.invalidate);
  const placedRef = useRef(placed);
  placedRef.current = placed;
  useEffect(() => {
    const probe: CreaSceneProbe = {
      frames: 0,
      drawCalls: 0,
      triangles: 0,
      lastFrameMs: 0,
      firstFrameAt: null,
      invalidate,
      screenPosition: (clusterId) => {
        const p = placedRef.current.find((q) => q.cluster.id === clusterId);
        const target = p?.pendants[0]?.world ?? p?.world;
        if (!target) return null;
        const v = target.clone().project(camera);
        return { x: ((v.x + 1) / 2) * size.width, y: ((1 - v.y) / 2) * size.height };
      },
    };
    window.lumenCreaProbe = probe;
    let started = 0;
    const before = addAfterEffect(() => {
      probe.frames += 1;
      probe.drawCalls = gl.info.render.calls;
      probe.triangles = gl.info.render.triangles;
      probe.lastFrameMs = started ? performance.now() - started : 0;
      if (probe.firstFrameAt === null) probe.firstFrameAt = performance.now();
    });
    const onFrameStart = () => {
      started = performance.now();
    };
    gl.info.autoReset = true;
    const originalRender = gl.render.bind(gl);
    gl.render = (scene, cam) => {
      onFrameStart();
      originalRender(scene, cam);
    };
    return () => {
      before();
      gl.render = originalRender;
      if (window.lumenCreaProbe === probe) delete window.lumenCreaProbe;
    };
  }, [gl, camera, size, invalidate]);
  return null;
}

export default function RoomScene({ tree, selected, optics, failures, label, onSelect, onDragStart, onDrag, onDragEnd, readOnly, view }: RoomSceneProps) {
  const room = roomOf(tree);
  const controlsRef = useRef<{ enabled: boolean } | null>(null);
  const placed = useMemo(() => placedClusters(tree), [tree]);
  const [dragging, setDragging] = useState<{ id: string; plane: THREE.Plane; offset: THREE.Vector3 } | null>(null);
  // The drag as the event handlers see it now (state updates land a render later; pointer-up can come twice).
  const drag = useRef<{ id: string; plane: THREE.Plane; offset: THREE.Vector3 } | null>(null);
  const pools = useMemo(() => {
    const byModel = new Map<string, { world: THREE.Vector3; temperature: string | undefined }[]>();
    for (const p of placed) {
      for (const q of p.pendants) {
        const light = q.light;
        if (!light || light.type !== 'Light' || !optics[light.props.code]) continue;
        const bottom = new THREE.Vector3(q.world.x, q.world.y - q.body.size.y / 2, q.world.z);
        const list = byModel.get(light.props.code) ?? [];
        list.push({ world: bottom, temperature: light.attributes.ledColourTemp });
        byModel.set(light.props.code, list);
      }
    }
    return [...byModel.entries()];
  }, [placed, optics]);

  const startDrag = (event: ThreeEvent<PointerEvent>, id: string) => {
    event.stopPropagation();
    onSelect(id);
    if (readOnly) return;
    const p = placed.find((q) => q.cluster.id === id);
    if (!p) return;
    const plane = new THREE.Plane(new THREE.Vector3(0, 1, 0), -event.point.y);
    const offset = new THREE.Vector3(p.world.x - event.point.x, 0, p.world.z - event.point.z);
    (event.target as Element | null)?.setPointerCapture?.(event.pointerId);
    // The drag moves the element, not the camera: the orbit stops at once, before the next render.
    if (controlsRef.current) controlsRef.current.enabled = false;
    drag.current = { id, plane, offset };
    setDragging(drag.current);
    onDragStart(id);
  };
  const move = (event: ThreeEvent<PointerEvent>) => {
    const current = drag.current;
    if (!current) return;
    const hit = new THREE.Vector3();
    if (!event.ray.intersectPlane(current.plane, hit)) return;
    onDrag(current.id, hit.x + current.offset.x, hit.z + current.offset.z);
  };
  const end = () => {
    const current = drag.current;
    if (!current) return;
    drag.current = null;
    if (controlsRef.current) controlsRef.current.enabled = true;
    onDragEnd(current.id);
    setDragging(null);
  };
  const anchor = (id: string) => {
    const p = placed.find((q) => q.cluster.id === id) ?? placed.find((q) => q.pendants.some((x) => x.body.id === id || x.light?.id === id));
    const target = p?.pendants[0]?.world ?? p?.world;
    return target ? ([target.x, target.y - 0.25, target.z] as [number, number, number]) : null;
  };

  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 1.5]}
      camera={{ position: cameraFor('perspective', room).position, fov: 45, near: 0.05, far: 200 }}
      gl={{ antialias: true }}
      onCreated={({ gl }) => {
        gl.localClippingEnabled = true;
      }}
      aria-label={label}
      role="img"
      onPointerMissed={() => onSelect(null)}
      onPointerUp={end}
    >
      <color attach="background" args={['#1c1d21']} />
      <hemisphereLight args={['#ffffff', '#55524c', 0.9]} />
      <directionalLight position={[2, room.height * 2, 3]} intensity={0.6} />
      <group onPointerMove={move} onPointerUp={end}>
        <Room tree={tree} />
        <Elements placed={placed} selected={selected} onPointerDown={startDrag} />
      </group>
      {pools.map(([model, lights]) => {
        const o = optics[model];
        return o ? <Pools key={model} model={model} optics={o} lights={lights} room={room} /> : null;
      })}
      {/* A numbered mark where it happens; the message itself is listed under the scene, where it covers nothing. */}
      {failures.map((failure, index) => {
        const at = anchor(failure.elementId);
        return at ? (
          <Html key={`${failure.elementId}-${failure.message}`} position={at} center zIndexRange={[20, 0]}>
            <span className="crea-scene__mark" aria-hidden="true">
              {index + 1}
            </span>
          </Html>
        ) : null;
      })}
      <OrbitControls ref={controlsRef as never} makeDefault enabled={dragging === null} target={[0, room.height / 2, 0]} maxDistance={Math.max(room.width, room.depth) * 3} />
      <CameraView view={view} room={room} />
      <Probe placed={placed} />
    </Canvas>
  );
}
