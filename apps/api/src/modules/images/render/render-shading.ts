/**
 * Physically based shading of the renderer: the metal/roughness model of glTF (a Lambert diffuse and a
 * Cook-Torrance specular with the GGX distribution, Smith-Schlick visibility and Schlick's Fresnel),
 * lit by a neutral studio rig (a soft key from the upper left front, a fill from the right, a rim from
 * behind, a bounce from below) and a generated gradient environment with two soft boxes, for the reflections. Everything is
 * in linear light; ACES filmic tone mapping then sRGB at the end. No image or environment file is read.
 */

export type Vec3 = [number, number, number];

/** The kinds of surface a finish can be. */
export type FinishSurface = 'metal' | 'lacquer' | 'glass' | 'terracotta' | 'fabric';
export const FINISH_SURFACES: readonly FinishSurface[] = ['metal', 'lacquer', 'glass', 'terracotta', 'fabric'];

/** A surface as the shader reads it (linear colours). */
export interface ShadingMaterial {
  readonly base: Vec3;
  readonly metalness: number;
  readonly roughness: number;
  /** Emitted radiance (linear), for light faces. */
  readonly emissive?: Vec3;
  /** Velvet-like grazing sheen of fabrics (0 none). */
  readonly sheen?: number;
  /** Clear coat strength (lacquer's glossy top layer), 0 none. */
  readonly clearcoat?: number;
}

const srgbToLinear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
};

/** #rrggbb to linear RGB (a malformed colour is a neutral grey). */
export function linearOf(hex: string): Vec3 {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? 'b5b8bb';
  return [0, 2, 4].map((at) => srgbToLinear(Number.parseInt(value.slice(at, at + 2), 16))) as Vec3;
}

const SRGB_STEPS = 8192;
const SRGB_TABLE = Uint8Array.from({ length: SRGB_STEPS + 1 }, (_, i) => {
  const c = i / SRGB_STEPS;
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055) * 255);
});

/** Linear [0, 1] to an sRGB byte (a table of 8,192 steps). */
export function srgbByte(linear: number): number {
  const c = linear <= 0 ? 0 : linear >= 1 ? 1 : linear;
  return SRGB_TABLE[Math.round(c * SRGB_STEPS)]!;
}

/** The surface a finish of this colour and kind is, by the kind's physics. */
export function finishMaterial(colour: string, surface: FinishSurface): ShadingMaterial {
  const base = linearOf(colour);
  switch (surface) {
    case 'metal':
      // brushed or anodised metal: no diffuse, the colour is the reflectance
      return { base, metalness: 1, roughness: 0.32 };
    case 'glass':
      // a smooth dielectric; what shows is mostly its reflections and a little of its tint
      return { base: scale(base, 0.35), metalness: 0, roughness: 0.06, clearcoat: 1 };
    case 'terracotta':
      return { base, metalness: 0, roughness: 0.92 };
    case 'fabric':
      return { base, metalness: 0, roughness: 1, sheen: 0.45 };
    case 'lacquer':
    default:
      // powder coat / satin lacquer
      return { base, metalness: 0, roughness: 0.42, clearcoat: 0.25 };
  }
}

const scale = (v: Vec3, s: number): Vec3 => [v[0] * s, v[1] * s, v[2] * s];

function normalise(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

interface Light {
  readonly direction: Vec3; // towards the light
  readonly radiance: Vec3;
  /** Angular size, rad: widens the highlight as an area light would (a soft light). */
  readonly size: number;
}

/** The studio rig, in world space (y up, the viewer's front is +z): a light follows the camera's azimuth. */
export function studioLights(azimuthRad: number): Light[] {
  const turn = (v: Vec3): Vec3 => {
    const c = Math.cos(azimuthRad);
    const s = Math.sin(azimuthRad);
    return normalise([v[0] * c + v[2] * s, v[1], -v[0] * s + v[2] * c]);
  };
  return [
    { direction: turn([-0.62, 0.62, 0.5]), radiance: [2.6, 2.55, 2.45], size: 0.35 }, // key, upper left front
    { direction: turn([0.85, 0.15, 0.45]), radiance: [0.7, 0.72, 0.76], size: 0.5 }, // fill, right
    { direction: turn([0.25, 0.55, -0.8]), radiance: [1.6, 1.6, 1.6], size: 0.3 }, // rim, behind above
    { direction: turn([0.1, -0.85, 0.5]), radiance: [0.42, 0.42, 0.41], size: 0.9 }, // bounce from the floor, for undersides
  ];
}

/** The generated environment's radiance towards a direction, blurred for a roughness (gradient + soft boxes), into out. */
export function environment(dir: Vec3, roughness: number, lights: readonly Light[], out: Vec3): Vec3 {
  const y = dir[1];
  // sky to horizon to ground, neutral
  const up = y > 0 ? y : 0;
  const down = y < 0 ? -y : 0;
  const sky = 0.78 + 0.22 * up;
  const ground = 0.34 - 0.12 * down;
  const t = smoothstep(-0.15, 0.2, y);
  let v = ground + (sky - ground) * t;
  // a roughness blurs the gradient towards its mean
  v = v + (0.55 - v) * roughness * 0.6;
  let r = v;
  let g = v;
  let b = v * 1.02;
  // soft boxes where the lights are: bright, smooth edged, widened by roughness
  for (let i = 0; i < lights.length; i++) {
    const light = lights[i]!;
    const spread = light.size + roughness * roughness * 1.6;
    const cos = dir[0] * light.direction[0] + dir[1] * light.direction[1] + dir[2] * light.direction[2];
    // compare cosines, not angles: 1 - cos ≈ angle² / 2
    const angle2 = 2 * (1 - (cos > 1 ? 1 : cos));
    const inner = spread * 0.55;
    if (angle2 >= spread * spread) continue;
    const k = 1 - smoothstep(inner, spread, Math.sqrt(angle2));
    const energy = (light.size / spread) ** 2 * 1.4;
    r += light.radiance[0] * k * energy;
    g += light.radiance[1] * k * energy;
    b += light.radiance[2] * k * energy;
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
  return out;
}

/** Irradiance-like light from the environment on a normal (a hemisphere's mix), already divided by π. */
function ambient(n: Vec3): number {
  return 0.32 + 0.18 * n[1];
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Karis's analytic fit of the split-sum environment BRDF: scale (into out[0]) and bias (out[1]) of F0. */
function envBrdf(roughness: number, nDotV: number, out: Vec3): void {
  const r0 = -roughness + 1;
  const r1 = -0.0275 * roughness + 0.0425;
  const r2 = -0.572 * roughness + 1.04;
  const r3 = 0.022 * roughness - 0.04;
  const a004 = Math.min(r0 * r0, Math.pow(2, -9.28 * nDotV)) * r0 + r1;
  out[0] = a004 * -1.04 + r2;
  out[1] = a004 * 1.04 + r3;
}

const reflected: Vec3 = [0, 0, 0];
const env: Vec3 = [0, 0, 0];
const brdf: Vec3 = [0, 0, 0];

/**
 * Outgoing radiance (linear) at a surface point: n the unit normal, v the unit direction to the eye,
 * occlusion in [0, 1] (1 open).
 */
export function shade(material: ShadingMaterial, n: Vec3, v: Vec3, lights: readonly Light[], occlusion: number, out: Vec3): Vec3 {
  const { base, metalness } = material;
  const roughness = Math.max(0.04, material.roughness);
  let nDotV = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
  if (nDotV < 1e-4) nDotV = 1e-4;
  const f0r = 0.04 + (base[0] - 0.04) * metalness;
  const f0g = 0.04 + (base[1] - 0.04) * metalness;
  const f0b = 0.04 + (base[2] - 0.04) * metalness;
  const diffuse = 1 - metalness;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < lights.length; i++) {
    const light = lights[i]!;
    const l = light.direction;
    const nDotL = n[0] * l[0] + n[1] * l[1] + n[2] * l[2];
    if (nDotL <= 0) continue;
    let hx = l[0] + v[0];
    let hy = l[1] + v[1];
    let hz = l[2] + v[2];
    const hl = Math.hypot(hx, hy, hz) || 1;
    hx /= hl;
    hy /= hl;
    hz /= hl;
    const nDotH = Math.max(0, n[0] * hx + n[1] * hy + n[2] * hz);
    const vDotH = Math.max(0, v[0] * hx + v[1] * hy + v[2] * hz);
    // a soft light: the highlight is as wide as a rougher surface's (roughness widened by the light's size)
    const alpha = Math.min(1, roughness * roughness + light.size * 0.25);
    const a2 = alpha * alpha;
    const d = nDotH * nDotH * (a2 - 1) + 1;
    const D = a2 / (Math.PI * d * d);
    const k = ((roughness + 1) * (roughness + 1)) / 8;
    const G = (nDotL / (nDotL * (1 - k) + k)) * (nDotV / (nDotV * (1 - k) + k));
    const fw = Math.pow(1 - vDotH, 5);
    const fr = f0r + (1 - f0r) * fw;
    const fg = f0g + (1 - f0g) * fw;
    const fb = f0b + (1 - f0b) * fw;
    const spec = (D * G) / (4 * nDotL * nDotV + 1e-4);
    const kd = diffuse / Math.PI;
    r += ((1 - fr) * kd * base[0] + fr * spec) * light.radiance[0] * nDotL;
    g += ((1 - fg) * kd * base[1] + fg * spec) * light.radiance[1] * nDotL;
    b += ((1 - fb) * kd * base[2] + fb * spec) * light.radiance[2] * nDotL;
  }
  // environment: diffuse from the hemisphere, specular from the reflected direction (split sum)
  const amb = ambient(n) * occlusion;
  r += diffuse * base[0] * amb;
  g += diffuse * base[1] * amb;
  b += diffuse * base[2] * amb;
  const rd = 2 * nDotV;
  reflected[0] = rd * n[0] - v[0];
  reflected[1] = rd * n[1] - v[1];
  reflected[2] = rd * n[2] - v[2];
  environment(reflected, roughness, lights, env);
  envBrdf(roughness, nDotV, brdf);
  const sa = brdf[0];
  const sb = brdf[1];
  const specOcclusion = occlusion * occlusion;
  r += env[0] * (f0r * sa + sb) * specOcclusion;
  g += env[1] * (f0g * sa + sb) * specOcclusion;
  b += env[2] * (f0b * sa + sb) * specOcclusion;
  if (material.clearcoat) {
    // a thin glossy coat over the colour: a sharp reflection with the Fresnel of a 4 % dielectric
    const coatEnv = environment(reflected, 0.12, lights, env);
    const fc = (0.04 + 0.96 * Math.pow(1 - nDotV, 5)) * material.clearcoat * specOcclusion;
    r = r * (1 - fc) + coatEnv[0] * fc;
    g = g * (1 - fc) + coatEnv[1] * fc;
    b = b * (1 - fc) + coatEnv[2] * fc;
  }
  if (material.sheen) {
    const rim = Math.pow(1 - nDotV, 3) * material.sheen * occlusion;
    r += rim * (0.5 + base[0]);
    g += rim * (0.5 + base[1]);
    b += rim * (0.5 + base[2]);
  }
  if (material.emissive) {
    r += material.emissive[0];
    g += material.emissive[1];
    b += material.emissive[2];
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
  return out;
}

/** ACES filmic tone curve (Narkowicz's fit), linear HDR to linear [0, 1]. */
export function toneMap(x: number): number {
  const v = x * 0.9;
  const mapped = (v * (2.51 * v + 0.03)) / (v * (2.43 * v + 0.59) + 0.14);
  return mapped < 0 ? 0 : mapped > 1 ? 1 : mapped;
}
