/**
 * What a finish is made of, for physically based rendering (issue 35 §2–§3): the web's 3D and the
 * server's images shade a luminaire's body with the same base colour, metalness and roughness.
 *
 * The kind comes from the finish code (brushed brass and anodised aluminium are metal, terracotta is
 * fired clay, every other catalogue colour is a lacquer) unless the part itself is glass or fabric
 * (a textile shade, plusminus's textile straps, an opal diffuser): the material of the part wins.
 * The colour is the catalogue's swatch (`FINISH_COLOURS`, the finish attribute's thumbnail).
 */
import { DEFAULT_FINISH_COLOUR, FINISH_COLOURS } from '../drawing/drawing-parts';

export type SurfaceKind = 'metal' | 'lacquer' | 'glass' | 'terracotta' | 'fabric';

export interface FinishSurface {
  readonly kind: SurfaceKind;
  /** sRGB hex, the catalogue's swatch. */
  readonly colour: string;
  /** 0–1 (glTF metallic-roughness). */
  readonly metalness: number;
  readonly roughness: number;
  /** 0–1: 1 opaque; glass lets light through. */
  readonly opacity: number;
  /** 0–1: a lacquer's clear coat. */
  readonly clearcoat: number;
  /** 0–1: fabric's sheen (the soft rim of fibres). */
  readonly sheen: number;
}

/** Finishes that are bare metal; terracotta is clay. */
const METAL_FINISHES = new Set(['58', 'A1']);
const TERRACOTTA_FINISHES = new Set(['23']);

const SURFACES: Readonly<Record<SurfaceKind, Omit<FinishSurface, 'kind' | 'colour'>>> = {
  // Brushed or anodised: fully metallic, the brushing scatters the reflection.
  metal: { metalness: 1, roughness: 0.34, opacity: 1, clearcoat: 0, sheen: 0 },
  // Powder-coated / lacquered aluminium: a dielectric with a satin clear coat.
  lacquer: { metalness: 0, roughness: 0.42, opacity: 1, clearcoat: 0.35, sheen: 0 },
  // Opal glass: smooth, lets most light through.
  glass: { metalness: 0, roughness: 0.08, opacity: 0.55, clearcoat: 0, sheen: 0 },
  // Fired clay: matte, no coat.
  terracotta: { metalness: 0, roughness: 0.92, opacity: 1, clearcoat: 0, sheen: 0 },
  // Textile: fully rough with a sheen.
  fabric: { metalness: 0, roughness: 1, opacity: 1, clearcoat: 0, sheen: 0.6 },
};

/** The kind of surface a finish makes on a part of the given material (glass and fabric parts keep theirs). */
export function surfaceKindOf(finish: string | undefined, partMaterial?: 'glass' | 'fabric' | 'textile' | string): SurfaceKind {
  if (partMaterial === 'glass') return 'glass';
  if (partMaterial === 'fabric' || partMaterial === 'textile') return 'fabric';
  if (finish !== undefined && METAL_FINISHES.has(finish)) return 'metal';
  if (finish !== undefined && TERRACOTTA_FINISHES.has(finish)) return 'terracotta';
  return 'lacquer';
}

/** The surface of a finish on a part: colour, metalness, roughness, opacity, clear coat and sheen. */
export function finishSurface(finish: string | undefined, partMaterial?: 'glass' | 'fabric' | 'textile' | string): FinishSurface {
  const kind = surfaceKindOf(finish, partMaterial);
  const colour = finish !== undefined && Object.hasOwn(FINISH_COLOURS, finish) ? (FINISH_COLOURS[finish] as string) : DEFAULT_FINISH_COLOUR;
  return { kind, colour, ...SURFACES[kind] };
}

/** The finish code whose swatch is this colour (parts carry the colour; the table is one-to-one). */
export function finishOfColour(colour: string): string | undefined {
  const wanted = colour.toLowerCase();
  return Object.keys(FINISH_COLOURS).find((code) => (FINISH_COLOURS[code] as string).toLowerCase() === wanted);
}
