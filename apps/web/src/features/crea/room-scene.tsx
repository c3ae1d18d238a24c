/**
 * The room in 3D (three.js through @react-three/fiber; this module and its libraries are a chunk of
 * their own, loaded by the crea routes only). It draws what the element tree holds and reports
 * pointer drags; it decides nothing. Rendering is on demand (no frame while nothing changes), and
 * every kind of thing is one instanced draw whatever its count: canopies, wires, each model's bodies
 * per kind of finish (the domain's luminaire geometry: a 3-head pendant's three heads), its light
 * faces, the selection's outline, and the light pools (one draw per model, each with its model's
 * distribution). Lit by image-based light made in the browser, tone mapped, with soft shadows
 * (shared/stage: the same materials and light as the drawing previews and the studio's stage).
 */
import { addAfterEffect, Canvas, useThree, type ThreeEvent } from '@react-three/fiber';
import { Html, OrbitControls } from '@react-three/drei';
import { finishColour as finishColourOf, getElement, luminaireGeometry, roomOf, surfaceKindOf, worldPosition, type ElementTree, type LuminaireData, type SurfaceKind, type TreeElement } from '@lumen/domain';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { EMITTER_GAIN, emitterMaterial, facesFacing, kindMaterial, luminaireGeometries, mergedGeometry, surfaceMaterial } from '../../shared/stage/luminaire-three';
import { KeyLight, RoomShell, SoftShadows, StageEnvironment, setUpRenderer, softShadowOf } from '../../shared/stage/stage-room';
import { cameraFor, SceneCamera, type CameraRequest } from '../../shared/scene-camera';
import { distributionOf, kelvinOfCode, kelvinToRgb, poolHalfWidth, poolPattern, poolStrength, type ModelOptics } from './light-pools';

export interface SceneFailure {
  readonly elementId: string;
  readonly message: string;
}

export interface RoomSceneProps {
  readonly tree: ElementTree;
  readonly selected: readonly string[];
  readonly optics: Readonly<Record<string, ModelOptics>>;
  /** Each model's shape (the domain's luminaire geometry's input); a model without one is drawn as a plain cylinder of its size. */
  readonly luminaires?: Readonly<Record<string, LuminaireData>>;
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

/** The room's views and the camera that moves to them: shared with the drawing previews (shared/scene-camera). */
export { cameraFor, type CameraRequest };

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
const COLLIDING = new THREE.Color('#e5484d');
/** The selection's outline: a thin shell round the selected luminaires, in the kit's accent. */
const OUTLINE_COLOUR = '#ffb547';
const OUTLINE_MM = 6;

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

const DOWN = new THREE.Vector3(0, -1, 0);

/** A model as the room draws it: its bodies, light faces and outline shell centred on its box, and where its wires leave it. */
export interface ModelShape {
  readonly body: THREE.BufferGeometry;
  readonly light: THREE.BufferGeometry | null;
  readonly outline: THREE.BufferGeometry;
  /** Each wire's foot (x, z from the body's centre, metres): one per head. */
  readonly wires: ReadonlyArray<readonly [number, number]>;
  /** The catalogue size the geometry was made at (metres): instances are scaled from it to their element's size. */
  readonly size: THREE.Vector3;
}

/** The model's shape from the domain's luminaire geometry (or a plain cylinder of its size when the model has none). */
export function modelShape(luminaire: LuminaireData | undefined): ModelShape {
  const data = luminaire ?? { category: 19, locationId: 5, width: 100, height: 100, depth: 100 };
  const geometry = luminaireGeometry({ luminaire: data, installation: '00', pendantHeight: null });
  const own = luminaireGeometries(geometry, { parts: 'luminaire', origin: 'envelope' });
  const body = own.body ?? new THREE.CylinderGeometry(0.5, 0.5, 1, 24);
  const wires = geometry.parts.filter((part) => part.material === 'cable').map((part) => [part.centre[0] / 1000, part.centre[2] / 1000] as const);
  const outline = mergedGeometry(luminaireGeometries(geometry, { parts: 'luminaire', origin: 'envelope', grow: OUTLINE_MM, without: ['light'] }));
  // The light faces are seen from below only: their bottoms.
  const light = own.light ? facesFacing(own.light, DOWN) : null;
  own.light?.dispose();
  return { body, light, outline, wires: wires.length > 0 ? wires : [[0, 0]], size: new THREE.Vector3(data.width / 100, data.height / 100, data.depth / 100) };
}

interface Instance {
  readonly clusterId: string;
  readonly world: THREE.Vector3;
  readonly scale: THREE.Vector3;
  readonly colour: THREE.Color;
}

/**
 * An instanced mesh holding `instances` (their places, sizes and colours), with room for more
 * (`capacity`: a new mesh only when it grows past it), drawn again when they change.
 */
function useInstances(instances: readonly Instance[]): { mesh: RefObject<THREE.InstancedMesh | null>; cap: number } {
  const mesh = useRef<THREE.InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const cap = capacity(instances.length);
  useLayoutEffect(() => {
    const current = mesh.current;
    if (!current) return;
    instances.forEach((instance, i) => {
      setInstance(current, i, instance.world, instance.scale);
      current.setColorAt(i, instance.colour);
    });
    finishMesh(current, instances.length);
    invalidate();
  }, [instances, invalidate, cap]);
  return { mesh, cap };
}

/** One model's bodies of one kind of finish: one instanced draw, its instances in their finish's colour. */
function Bodies({ geometry, kind, instances, onPointerDown }: { geometry: THREE.BufferGeometry; kind: SurfaceKind; instances: readonly Instance[]; onPointerDown: (event: ThreeEvent<PointerEvent>, clusterId: string) => void }) {
  const { mesh, cap } = useInstances(instances);
  return (
    <instancedMesh
      key={cap}
      ref={mesh}
      args={[geometry, kindMaterial(kind), cap]}
      onPointerDown={(e) => {
        const id = e.instanceId === undefined ? undefined : instances[e.instanceId]?.clusterId;
        if (id) onPointerDown(e, id);
      }}
    />
  );
}

/** Light faces, wires or outlines: one instanced draw that is not picked. */
function Plain({ geometry, material, instances }: { geometry: THREE.BufferGeometry; material: THREE.Material; instances: readonly Instance[] }) {
  const { mesh, cap } = useInstances(instances);
  return <instancedMesh key={cap} ref={mesh} args={[geometry, material, cap]} raycast={() => null} />;
}

const WHITE = new THREE.Color('#ffffff');
const outlineMaterial = new THREE.MeshBasicMaterial({ color: OUTLINE_COLOUR, side: THREE.BackSide, toneMapped: false });
const wireGeometry = new THREE.CylinderGeometry(0.0015, 0.0015, 1, 5);
const canopyGeometry = new THREE.CylinderGeometry(0.5, 0.5, 1, 24);

/** Canopies, wires, bodies (per model and kind of finish), light faces and the selection's outline. */
function Elements({ placed, selected, luminaires, onPointerDown }: { placed: Placed[]; selected: readonly string[]; luminaires: Readonly<Record<string, LuminaireData>>; onPointerDown: (event: ThreeEvent<PointerEvent>, clusterId: string) => void }) {
  const models = useMemo(() => {
    const codes = new Set<string>();
    for (const p of placed) for (const q of p.pendants) codes.add(modelOf(q));
    return [...codes].sort();
  }, [placed]);
  const shapes = useMemo(() => new Map(models.map((code) => [code, modelShape(luminaires[code])])), [models, luminaires]);
  useEffect(
    () => () => {
      for (const shape of shapes.values()) {
        shape.body.dispose();
        shape.light?.dispose();
        shape.outline.dispose();
      }
    },
    [shapes],
  );

  const drawn = useMemo(() => {
    const canopies: Instance[] = [];
    const wires: Instance[] = [];
    const bodies = new Map<string, { model: string; kind: SurfaceKind; instances: Instance[] }>();
    const lights = new Map<string, Instance[]>();
    const outlines = new Map<string, Instance[]>();
    for (const p of placed) {
      const size = p.cluster.size;
      const ceiling = p.world.y + size.y / 2;
      const isSelected = selected.includes(p.cluster.id);
      const firstFinish = p.pendants[0]?.light?.attributes.finish;
      if (size.x > 0) {
        const height = Math.max(size.y, 0.01);
        canopies.push({ clusterId: p.cluster.id, world: new THREE.Vector3(p.world.x, ceiling - height / 2, p.world.z), scale: new THREE.Vector3(size.x, height, size.z), colour: p.cluster.collides ? COLLIDING : finishColour(firstFinish) });
      }
      for (const { body, world, light } of p.pendants) {
        if (body.type !== 'Pendant') continue;
        const model = modelOf({ body, light });
        const shape = shapes.get(model);
        if (!shape) continue;
        const scale = new THREE.Vector3(body.size.x / shape.size.x, body.size.y / shape.size.y, body.size.z / shape.size.z);
        const top = world.y + body.size.y / 2;
        const wire = Math.max(0.001, ceiling - top);
        for (const [x, z] of shape.wires) wires.push({ clusterId: p.cluster.id, world: new THREE.Vector3(world.x + x * scale.x, top + wire / 2, world.z + z * scale.z), scale: new THREE.Vector3(1, wire, 1), colour: WHITE });
        const finish = light?.attributes.finish;
        const kind = surfaceKindOf(finish);
        const key = `${model}|${kind}`;
        const group = bodies.get(key) ?? { model, kind, instances: [] };
        group.instances.push({ clusterId: p.cluster.id, world, scale, colour: p.cluster.collides ? COLLIDING : finishColour(finish) });
        bodies.set(key, group);
        const [r, g, b] = kelvinToRgb(kelvinOfCode(light?.attributes.ledColourTemp));
        lights.set(model, [...(lights.get(model) ?? []), { clusterId: p.cluster.id, world, scale, colour: new THREE.Color(r * EMITTER_GAIN, g * EMITTER_GAIN, b * EMITTER_GAIN) }]);
        if (isSelected) outlines.set(model, [...(outlines.get(model) ?? []), { clusterId: p.cluster.id, world, scale, colour: WHITE }]);
      }
    }
    return { canopies, wires, bodies: [...bodies.entries()], lights: [...lights.entries()], outlines: [...outlines.entries()] };
  }, [placed, selected, shapes]);

  return (
    <>
      <Bodies key="canopies" geometry={canopyGeometry} kind="lacquer" instances={drawn.canopies} onPointerDown={onPointerDown} />
      <Plain geometry={wireGeometry} material={surfaceMaterial(undefined, 'cable')} instances={drawn.wires} />
      {drawn.bodies.map(([key, group]) => {
        const shape = shapes.get(group.model);
        return shape ? <Bodies key={key} geometry={shape.body} kind={group.kind} instances={group.instances} onPointerDown={onPointerDown} /> : null;
      })}
      {drawn.lights.map(([model, instances]) => {
        const light = shapes.get(model)?.light;
        return light ? <Plain key={`light-${model}`} geometry={light} material={emitterMaterial()} instances={instances} /> : null;
      })}
      {drawn.outlines.map(([model, instances]) => {
        const shape = shapes.get(model);
        return shape ? <Plain key={`outline-${model}`} geometry={shape.outline} material={outlineMaterial} instances={instances} /> : null;
      })}
    </>
  );
}

/** The model a pendant shows: its light's code (the body carries no model of its own). */
function modelOf(q: { body: TreeElement; light: TreeElement | undefined }): string {
  return q.light?.type === 'Light' ? q.light.props.code : '';
}

/**
 * How bright a pool shows: the floor's reflectance (oak, 0.3) times the illuminance over the exposure
 * (EXPOSURE_LUX at full strength), before tone mapping; a pool is light added to the lit floor.
 */
const POOL_GAIN = 0.14;

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
      tmp.position.set(light.world.x, 0.004, light.world.z);
      tmp.rotation.set(-Math.PI / 2, 0, 0);
      tmp.scale.set(half * 2, half * 2, 1);
      tmp.updateMatrix();
      mesh.current?.setMatrixAt(i, tmp.matrix);
      const [r, g, b] = kelvinToRgb(kelvinOfCode(light.temperature));
      const s = poolStrength(distribution, h) * POOL_GAIN;
      mesh.current?.setColorAt(i, new THREE.Color(r * s, g * s, b * s));
    });
    finishMesh(mesh.current, lights.length);
    invalidate();
  }, [lights, distribution, reach, invalidate, cap]);
  return (
    <instancedMesh key={`${model}-${cap}`} ref={mesh} args={[undefined, undefined, cap]} raycast={() => null} renderOrder={1}>
      <planeGeometry args={[1, 1]} />
      <meshBasicMaterial map={texture} transparent blending={THREE.AdditiveBlending} depthWrite={false} clippingPlanes={walls} />
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

/** Round the room: a calm dark grey, so the lit room is what the eye finds. */
const BACKGROUND = '#2b2c30';

const NO_LUMINAIRES: Readonly<Record<string, LuminaireData>> = {};

export default function RoomScene({ tree, selected, optics, luminaires = NO_LUMINAIRES, failures, label, onSelect, onDragStart, onDrag, onDragEnd, readOnly, view }: RoomSceneProps) {
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

  // Each pendant's soft shadow on the floor, under its body.
  const shadows = useMemo(() => placed.flatMap((p) => p.pendants.map((q) => softShadowOf(q.world.x, q.world.z, Math.max(q.body.size.x, q.body.size.z) / 2, q.world.y - q.body.size.y / 2))), [placed]);

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
        setUpRenderer(gl);
        gl.localClippingEnabled = true;
      }}
      aria-label={label}
      role="img"
      onPointerMissed={() => onSelect(null)}
      onPointerUp={end}
    >
      <color attach="background" args={[BACKGROUND]} />
      <StageEnvironment intensity={0.5} />
      <KeyLight width={room.width} depth={room.depth} height={room.height} intensity={0.55} />
      <SoftShadows shadows={shadows} />
      <group onPointerMove={move} onPointerUp={end}>
        <RoomShell width={room.width} depth={room.depth} height={room.height} ceiling={room.ceilingMaterial} />
        <Elements placed={placed} selected={selected} luminaires={luminaires} onPointerDown={startDrag} />
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
      <SceneCamera view={view} place={(kind) => cameraFor(kind, room)} />
      <Probe placed={placed} />
    </Canvas>
  );
}
