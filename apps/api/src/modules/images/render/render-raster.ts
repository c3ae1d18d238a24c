/**
 * The renderer's core: a z-buffered triangle rasterizer in TypeScript (no native GL). Triangles are
 * projected through a perspective camera, rasterized at `supersample`² samples per pixel with
 * perspective-correct normals, shaded per sample (render-shading.ts), tone mapped, and averaged to
 * the pixel (anti-aliasing). The image is rendered in bands of rows, so an HD picture (2,400 px and
 * more) needs only a band's buffers. The background (studio seamless, room, transparent) and a soft
 * contact shadow on the floor or wall the luminaire stands or hangs on are computed per pixel.
 */
import { type ShadingMaterial, shade, srgbByte, studioLights, toneMap, type Vec3 } from './render-shading';

/** A triangle mesh to draw (metres, y up), with its surface. */
export interface RenderMesh {
  readonly positions: ArrayLike<number>;
  readonly normals: ArrayLike<number>;
  readonly indices: ArrayLike<number>;
  readonly material: ShadingMaterial;
  /** Casts the contact shadow (default true). */
  readonly castsShadow?: boolean;
  /** Drawn in front of a coplanar surface (a light face flush with its body's bottom). */
  readonly onTop?: boolean;
}

export interface RenderCamera {
  /** Degrees round the vertical axis; 0 looks at the front (from +z), positive walks to the right. */
  readonly azimuth: number;
  /** Degrees above the horizon (negative looks up from below). */
  readonly elevation: number;
  /** 1 frames the subject with a margin; 2 is twice as close. */
  readonly zoom: number;
  /** Moves the subject in the picture by a share of its width / height (right, down); 0 centred. */
  readonly offsetX?: number;
  readonly offsetY?: number;
}

export type RenderBackground = 'studio' | 'room' | 'transparent';

/** The plane the contact shadow falls on: the floor (y = at) or the wall (z = at). */
export interface ContactPlane {
  readonly axis: 'y' | 'z';
  readonly at: number;
}

export interface Frame {
  readonly min: Vec3;
  readonly max: Vec3;
}

export interface RasterOptions {
  readonly width: number;
  readonly height: number;
  readonly camera: RenderCamera;
  readonly background: RenderBackground;
  /** Samples per pixel along each axis (1–4). */
  readonly supersample: number;
  /** What the camera frames (metres). */
  readonly frame: Frame;
  readonly contact?: ContactPlane;
}

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 8 bits, sRGB, rows top to bottom. */
  readonly rgba: Uint8ClampedArray;
}

/** Vertical field of view: a long lens, as products are photographed. */
const FOV = (24 * Math.PI) / 180;
/** The share of the frame's shorter side the subject fills at zoom 1. */
const FILL = 0.8;

export interface Projection {
  readonly eye: Vec3;
  readonly right: Vec3;
  readonly up: Vec3;
  readonly forward: Vec3;
  /** Pixels per unit of x/z on the image plane. */
  readonly focal: number;
  /** Image centre's offset (pixels) so the subject is centred. */
  readonly cx: number;
  readonly cy: number;
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalise = (v: Vec3): Vec3 => {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
};

function corners(frame: Frame): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [frame.min[0], frame.max[0]]) for (const y of [frame.min[1], frame.max[1]]) for (const z of [frame.min[2], frame.max[2]]) out.push([x, y, z]);
  return out;
}

/**
 * The camera for a framing: looking at the frame's centre from its azimuth and elevation, at the
 * distance where the frame's projected box fills FILL of the picture (divided by zoom), centred.
 */
export function projectionFor(frame: Frame, camera: RenderCamera, width: number, height: number): Projection {
  const az = (camera.azimuth * Math.PI) / 180;
  const el = (Math.max(-89, Math.min(89, camera.elevation)) * Math.PI) / 180;
  const target: Vec3 = [(frame.min[0] + frame.max[0]) / 2, (frame.min[1] + frame.max[1]) / 2, (frame.min[2] + frame.max[2]) / 2];
  const toEye: Vec3 = [Math.sin(az) * Math.cos(el), Math.sin(el), Math.cos(az) * Math.cos(el)];
  const forward: Vec3 = [-toEye[0], -toEye[1], -toEye[2]];
  const right = normalise(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const radius = Math.max(1e-4, Math.hypot(frame.max[0] - frame.min[0], frame.max[1] - frame.min[1], frame.max[2] - frame.min[2]) / 2);
  const tanHalf = Math.tan(FOV / 2);
  const points = corners(frame);
  // distance such that the bounding sphere fits, then tightened on the projected box
  let distance = radius / Math.sin(FOV / 2);
  let box = { x0: 0, x1: 0, y0: 0, y1: 0 };
  for (let i = 0; i < 6; i++) {
    const eye: Vec3 = [target[0] + toEye[0] * distance, target[1] + toEye[1] * distance, target[2] + toEye[2] * distance];
    box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
    for (const p of points) {
      const d: Vec3 = [p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]];
      const z = Math.max(1e-6, dot(d, forward));
      const x = dot(d, right) / z;
      const y = dot(d, up) / z;
      box = { x0: Math.min(box.x0, x), x1: Math.max(box.x1, x), y0: Math.min(box.y0, y), y1: Math.max(box.y1, y) };
    }
    const aspect = width / height;
    const need = Math.max((box.x1 - box.x0) / (2 * tanHalf * aspect), (box.y1 - box.y0) / (2 * tanHalf)) / FILL;
    // the nearest point must stay in front of the lens
    distance = Math.max(distance * need, radius * 1.2);
  }
  const eye: Vec3 = [target[0] + toEye[0] * distance, target[1] + toEye[1] * distance, target[2] + toEye[2] * distance];
  const focal = (height / 2 / tanHalf) * Math.max(0.05, camera.zoom);
  // centre the projected box
  const cx = width / 2 - ((box.x0 + box.x1) / 2) * focal + (camera.offsetX ?? 0) * width;
  const cy = height / 2 + ((box.y0 + box.y1) / 2) * focal + (camera.offsetY ?? 0) * height;
  return { eye, right, up, forward, focal, cx, cy };
}

/** A world point on the picture (pixels, y down) and its depth. */
export function project(projection: Projection, p: Vec3): { x: number; y: number; depth: number } {
  const d: Vec3 = [p[0] - projection.eye[0], p[1] - projection.eye[1], p[2] - projection.eye[2]];
  const depth = dot(d, projection.forward);
  return { x: projection.cx + (dot(d, projection.right) / depth) * projection.focal, y: projection.cy - (dot(d, projection.up) / depth) * projection.focal, depth };
}

interface Triangle {
  // screen positions (samples), 1/depth, normal/depth and world/depth for perspective-correct interpolation
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  iz: [number, number, number];
  n: [Vec3, Vec3, Vec3];
  minY: number;
  maxY: number;
  minX: number;
  maxX: number;
  near: number;
  /** Twice the signed area (samples²), negative for a front face. */
  area: number;
  material: ShadingMaterial;
}

function setUp(meshes: readonly RenderMesh[], projection: Projection, s: number): Triangle[] {
  const triangles: Triangle[] = [];
  for (const mesh of meshes) {
    const { positions, normals, indices } = mesh;
    for (let i = 0; i + 2 < indices.length; i += 3) {
      const screen: Array<{ x: number; y: number; depth: number }> = [];
      const ns: Vec3[] = [];
      let behind = false;
      for (let k = 0; k < 3; k++) {
        const v = indices[i + k]!;
        const p = project(projection, [positions[v * 3]!, positions[v * 3 + 1]!, positions[v * 3 + 2]!]);
        if (p.depth <= 1e-4) behind = true;
        screen.push({ x: p.x * s, y: p.y * s, depth: p.depth });
        ns.push([normals[v * 3]!, normals[v * 3 + 1]!, normals[v * 3 + 2]!]);
      }
      if (behind) continue;
      const bias = mesh.onTop ? 1.0006 : 1;
      const [a, b, c] = screen as [{ x: number; y: number; depth: number }, { x: number; y: number; depth: number }, { x: number; y: number; depth: number }];
      // counter-clockwise seen from outside; y is down on the picture, so a front face has a negative area
      const area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
      if (area >= 0) continue;
      triangles.push({
        x0: a.x,
        y0: a.y,
        x1: b.x,
        y1: b.y,
        x2: c.x,
        y2: c.y,
        iz: [bias / a.depth, bias / b.depth, bias / c.depth],
        n: [ns[0]!, ns[1]!, ns[2]!],
        minY: Math.min(a.y, b.y, c.y),
        maxY: Math.max(a.y, b.y, c.y),
        minX: Math.min(a.x, b.x, c.x),
        maxX: Math.max(a.x, b.x, c.x),
        near: Math.min(a.depth, b.depth, c.depth),
        area,
        material: mesh.material,
      });
    }
  }
  // front to back: hidden samples fail the depth test before they are shaded
  return triangles.sort((t, u) => t.near - u.near);
}

/** The contact shadow: the luminaire's footprint on its plane, blurred (a soft, ambient shadow). */
interface ShadowMap {
  readonly plane: ContactPlane;
  readonly u0: number;
  readonly v0: number;
  readonly cell: number;
  readonly size: number;
  readonly values: Float32Array;
}

const SHADOW_CELLS = 160;

function shadowMap(meshes: readonly RenderMesh[], frame: Frame, plane: ContactPlane): ShadowMap {
  // u, v: the plane's two axes (x, z on the floor; x, y on the wall); h: the distance from the plane
  const [ua, va, ha] = plane.axis === 'y' ? ([0, 2, 1] as const) : ([0, 1, 2] as const);
  const extent = Math.max(frame.max[ua] - frame.min[ua], frame.max[va] - frame.min[va], frame.max[ha] - frame.min[ha]);
  const span = extent * 2.4;
  const cell = span / SHADOW_CELLS;
  const u0 = (frame.min[ua] + frame.max[ua]) / 2 - span / 2;
  const v0 = (frame.min[va] + frame.max[va]) / 2 - span / 2;
  const near = new Float32Array(SHADOW_CELLS * SHADOW_CELLS);
  const far = new Float32Array(SHADOW_CELLS * SHADOW_CELLS);
  const reach = Math.max(1e-4, frame.max[ha] - frame.min[ha]);
  for (const mesh of meshes) {
    if (mesh.castsShadow === false) continue;
    const { positions, indices } = mesh;
    for (let i = 0; i + 2 < indices.length; i += 3) {
      const p = [0, 1, 2].map((k) => {
        const v = indices[i + k]!;
        return [(positions[v * 3 + ua]! - u0) / cell, (positions[v * 3 + va]! - v0) / cell, Math.abs(positions[v * 3 + ha]! - plane.at)] as const;
      });
      const [a, b, c] = p as [readonly [number, number, number], readonly [number, number, number], readonly [number, number, number]];
      const area = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
      if (Math.abs(area) < 1e-9) continue;
      const height = Math.min(a[2], b[2], c[2]);
      // parts close to the plane darken it most
      const closeness = Math.max(0, 1 - height / (reach * 0.35 + 1e-4));
      const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
      const x1 = Math.min(SHADOW_CELLS - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
      const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
      const y1 = Math.min(SHADOW_CELLS - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5;
          const py = y + 0.5;
          const w0 = ((b[0] - px) * (c[1] - py) - (c[0] - px) * (b[1] - py)) / area;
          const w1 = ((c[0] - px) * (a[1] - py) - (a[0] - px) * (c[1] - py)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const at = y * SHADOW_CELLS + x;
          far[at] = 1;
          if (closeness > near[at]!) near[at] = closeness;
        }
      }
    }
  }
  blur(near, 2);
  blur(near, 2);
  blur(far, 9);
  blur(far, 9);
  blur(far, 9);
  const values = new Float32Array(SHADOW_CELLS * SHADOW_CELLS);
  for (let i = 0; i < values.length; i++) values[i] = Math.min(0.62, near[i]! * 0.5 + far[i]! * 0.22);
  return { plane, u0, v0, cell, size: SHADOW_CELLS, values };
}

/** Box blur of radius r, rows then columns (three passes approach a gaussian). */
function blur(values: Float32Array, r: number): void {
  const n = SHADOW_CELLS;
  const line = new Float32Array(n);
  for (const horizontal of [true, false]) {
    for (let a = 0; a < n; a++) {
      let sum = 0;
      const at = (b: number) => (horizontal ? a * n + b : b * n + a);
      for (let b = -r; b <= r; b++) sum += b >= 0 && b < n ? values[at(b)]! : 0;
      for (let b = 0; b < n; b++) {
        line[b] = sum / (2 * r + 1);
        const add = b + r + 1;
        const drop = b - r;
        if (add < n) sum += values[at(add)]!;
        if (drop >= 0) sum -= values[at(drop)]!;
      }
      for (let b = 0; b < n; b++) values[at(b)] = line[b]!;
    }
  }
}

function shadowAt(map: ShadowMap, projection: Projection, px: number, py: number): number {
  // the ray through the pixel, met with the plane
  const x = (px - projection.cx) / projection.focal;
  const y = -(py - projection.cy) / projection.focal;
  const dir: Vec3 = [
    projection.forward[0] + projection.right[0] * x + projection.up[0] * y,
    projection.forward[1] + projection.right[1] * x + projection.up[1] * y,
    projection.forward[2] + projection.right[2] * x + projection.up[2] * y,
  ];
  const axis = map.plane.axis === 'y' ? 1 : 2;
  if (Math.abs(dir[axis]) < 1e-9) return 0;
  const t = (map.plane.at - projection.eye[axis]) / dir[axis];
  if (t <= 0) return 0;
  const hit: Vec3 = [projection.eye[0] + dir[0] * t, projection.eye[1] + dir[1] * t, projection.eye[2] + dir[2] * t];
  const u = (hit[0] - map.u0) / map.cell - 0.5;
  const v = ((map.plane.axis === 'y' ? hit[2] : hit[1]) - map.v0) / map.cell - 0.5;
  const i = Math.floor(u);
  const j = Math.floor(v);
  if (i < 0 || j < 0 || i + 1 >= map.size || j + 1 >= map.size) return 0;
  const fu = u - i;
  const fv = v - j;
  const at = (a: number, b: number) => map.values[b * map.size + a]!;
  return (at(i, j) * (1 - fu) + at(i + 1, j) * fu) * (1 - fv) + (at(i, j + 1) * (1 - fu) + at(i + 1, j + 1) * fu) * fv;
}

/** The background's colour at a pixel (display sRGB 0–1, already tone mapped) and its alpha. */
function backgroundAt(kind: RenderBackground, projection: Projection, contact: ContactPlane | undefined, px: number, py: number, width: number, height: number, out: number[]): void {
  const fy = py / height;
  const fx = px / width - 0.5;
  if (kind === 'transparent') {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    out[3] = 0;
    return;
  }
  if (kind === 'room') {
    // a warm plaster wall, an oak floor below the horizon when the camera sees the floor
    const horizon = floorHorizon(projection, contact);
    const onFloor = horizon !== null && py > horizon;
    if (onFloor) {
      const depth = Math.min(1, (py - (horizon ?? 0)) / height);
      out[0] = 0.62 + 0.08 * depth;
      out[1] = 0.5 + 0.07 * depth;
      out[2] = 0.39 + 0.05 * depth;
    } else {
      const glow = 1 - Math.min(1, Math.hypot(fx * 1.2, fy - 0.35) * 0.9);
      out[0] = 0.86 + 0.06 * glow;
      out[1] = 0.83 + 0.06 * glow;
      out[2] = 0.78 + 0.05 * glow;
    }
    out[3] = 1;
    return;
  }
  // studio seamless: light grey, brighter behind the subject, a touch darker at the bottom and corners
  const vignette = Math.min(1, fx * fx * 0.9 + (fy - 0.45) * (fy - 0.45) * 0.8);
  const v = 0.955 - 0.07 * vignette - 0.035 * Math.max(0, fy - 0.6);
  out[0] = v;
  out[1] = v;
  out[2] = v - 0.004;
  out[3] = 1;
}

/** The picture row of the floor's horizon (y down), or null when the contact plane is not the floor. */
function floorHorizon(projection: Projection, contact: ContactPlane | undefined): number | null {
  if (contact?.axis !== 'y') return null;
  // the vanishing line of horizontal planes: where the view direction is level
  const f = projection.forward;
  const u = projection.up;
  // a direction forward + up*y is level when its y component is 0
  if (Math.abs(u[1]) < 1e-9) return null;
  const y = -f[1] / u[1];
  return projection.cy - y * projection.focal;
}

/**
 * Renders meshes to RGBA pixels. Coverage and depth are sampled s × s times per pixel; each pixel is
 * shaded once per triangle that covers some of its samples (at those samples' centroid), the way
 * multisampling does, so anti-aliasing costs rasterization, not shading.
 */
export function rasterize(meshes: readonly RenderMesh[], options: RasterOptions): Pixels {
  const { width, height, background } = options;
  const s = Math.max(1, Math.min(4, Math.round(options.supersample)));
  const projection = projectionFor(options.frame, options.camera, width, height);
  const triangles = setUp(meshes, projection, s);
  const lights = studioLights((options.camera.azimuth * Math.PI) / 180);
  const shadow = options.contact && background !== 'transparent' ? shadowMap(meshes, options.frame, options.contact) : undefined;
  const rgba = new Uint8ClampedArray(width * height * 4);
  const sw = width * s;
  const BAND = Math.max(1, Math.floor(65536 / sw)) * s; // sample rows per band, whole pixels
  const depth = new Float32Array(sw * BAND);
  const owner = new Int32Array(sw * BAND);
  const shaded: Vec3 = [0, 0, 0];
  const n: Vec3 = [0, 0, 0];
  const v: Vec3 = [0, 0, 0];
  const bg = [0, 0, 0, 0];
  const samples = s * s;
  const share = 1 / samples;
  const ids = new Int32Array(samples);
  const counts = new Int32Array(samples);
  const sumX = new Float64Array(samples);
  const sumY = new Float64Array(samples);

  for (let band0 = 0; band0 < height * s; band0 += BAND) {
    const band1 = Math.min(height * s, band0 + BAND);
    depth.fill(0);
    owner.fill(-1);
    for (let index = 0; index < triangles.length; index++) {
      const t = triangles[index]!;
      if (t.maxY < band0 || t.minY >= band1) continue;
      const area = t.area;
      const y0 = Math.max(band0, Math.floor(t.minY));
      const y1 = Math.min(band1 - 1, Math.ceil(t.maxY));
      const x0 = Math.max(0, Math.floor(t.minX));
      const x1 = Math.min(sw - 1, Math.ceil(t.maxX));
      for (let y = y0; y <= y1; y++) {
        const py = y + 0.5;
        const row = (y - band0) * sw;
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5;
          const w0 = ((t.x1 - px) * (t.y2 - py) - (t.x2 - px) * (t.y1 - py)) / area;
          if (w0 < 0) continue;
          const w1 = ((t.x2 - px) * (t.y0 - py) - (t.x0 - px) * (t.y2 - py)) / area;
          if (w1 < 0 || w0 + w1 > 1) continue;
          const iz = w0 * t.iz[0] + w1 * t.iz[1] + (1 - w0 - w1) * t.iz[2];
          const at = row + x;
          if (iz <= depth[at]!) continue;
          depth[at] = iz;
          owner[at] = index;
        }
      }
    }
    // resolve: each pixel's samples, shaded once per triangle, averaged with the background
    const rows0 = band0 / s;
    const rows1 = band1 / s;
    for (let py = rows0; py < rows1; py++) {
      for (let px = 0; px < width; px++) {
        let distinct = 0;
        let hits = 0;
        for (let j = 0; j < s; j++) {
          const row = (py * s + j - band0) * sw + px * s;
          for (let i = 0; i < s; i++) {
            const id = owner[row + i]!;
            if (id < 0) continue;
            hits++;
            let k = 0;
            while (k < distinct && ids[k] !== id) k++;
            if (k === distinct) {
              ids[k] = id;
              counts[k] = 0;
              sumX[k] = 0;
              sumY[k] = 0;
              distinct++;
            }
            counts[k]!++;
            sumX[k]! += px * s + i + 0.5;
            sumY[k]! += py * s + j + 0.5;
          }
        }
        const out = (py * width + px) * 4;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let k = 0; k < distinct; k++) {
          const t = triangles[ids[k]!]!;
          const sx = sumX[k]! / counts[k]!;
          const sy = sumY[k]! / counts[k]!;
          const w0 = ((t.x1 - sx) * (t.y2 - sy) - (t.x2 - sx) * (t.y1 - sy)) / t.area;
          const w1 = ((t.x2 - sx) * (t.y0 - sy) - (t.x0 - sx) * (t.y2 - sy)) / t.area;
          const w2 = 1 - w0 - w1;
          const iz = w0 * t.iz[0] + w1 * t.iz[1] + w2 * t.iz[2];
          // perspective-correct weights
          const a = (w0 * t.iz[0]) / iz;
          const c1 = (w1 * t.iz[1]) / iz;
          const c2 = 1 - a - c1;
          n[0] = a * t.n[0][0] + c1 * t.n[1][0] + c2 * t.n[2][0];
          n[1] = a * t.n[0][1] + c1 * t.n[1][1] + c2 * t.n[2][1];
          n[2] = a * t.n[0][2] + c1 * t.n[1][2] + c2 * t.n[2][2];
          const nl = Math.hypot(n[0], n[1], n[2]) || 1;
          n[0] /= nl;
          n[1] /= nl;
          n[2] /= nl;
          // the direction to the eye through the sample point
          const ex = (sx / s - projection.cx) / projection.focal;
          const ey = -(sy / s - projection.cy) / projection.focal;
          v[0] = -(projection.forward[0] + projection.right[0] * ex + projection.up[0] * ey);
          v[1] = -(projection.forward[1] + projection.right[1] * ex + projection.up[1] * ey);
          v[2] = -(projection.forward[2] + projection.right[2] * ex + projection.up[2] * ey);
          const vl = Math.hypot(v[0], v[1], v[2]) || 1;
          v[0] /= vl;
          v[1] /= vl;
          v[2] /= vl;
          // a normal that turned away from the eye (interpolated at a silhouette) is bent back
          const facing = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
          if (facing < 0.02) {
            const lift = 0.02 - facing;
            n[0] += v[0] * lift;
            n[1] += v[1] * lift;
            n[2] += v[2] * lift;
          }
          // undersides get less of the room's light (a cheap ambient occlusion)
          const occlusion = 0.72 + 0.28 * (0.5 + 0.5 * n[1]);
          shade(t.material, n, v, lights, occlusion, shaded);
          const weight = counts[k]!;
          r += toneMap(shaded[0]) * weight;
          g += toneMap(shaded[1]) * weight;
          b += toneMap(shaded[2]) * weight;
        }
        backgroundAt(background, projection, options.contact, px + 0.5, py + 0.5, width, height, bg);
        if (hits === samples) {
          rgba[out] = srgbByte(r * share);
          rgba[out + 1] = srgbByte(g * share);
          rgba[out + 2] = srgbByte(b * share);
          rgba[out + 3] = 255;
          continue;
        }
        if (shadow) {
          const dark = shadowAt(shadow, projection, px + 0.5, py + 0.5);
          bg[0] = bg[0]! * (1 - dark);
          bg[1] = bg[1]! * (1 - dark);
          bg[2] = bg[2]! * (1 - dark);
        }
        if (hits === 0) {
          rgba[out] = Math.round(bg[0]! * 255);
          rgba[out + 1] = Math.round(bg[1]! * 255);
          rgba[out + 2] = Math.round(bg[2]! * 255);
          rgba[out + 3] = Math.round(bg[3]! * 255);
          continue;
        }
        // an edge: colours average in linear light; the background is given in display values
        const miss = (samples - hits) * share * bg[3]!;
        const alpha = hits * share + miss;
        rgba[out] = srgbByte((r * share + displayToLinear(bg[0]!) * miss) / alpha);
        rgba[out + 1] = srgbByte((g * share + displayToLinear(bg[1]!) * miss) / alpha);
        rgba[out + 2] = srgbByte((b * share + displayToLinear(bg[2]!) * miss) / alpha);
        rgba[out + 3] = Math.round(alpha * 255);
      }
    }
  }
  return { width, height, rgba };
}

const displayToLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));

