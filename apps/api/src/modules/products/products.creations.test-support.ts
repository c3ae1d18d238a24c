/**
 * Saved spaces of the demo catalogue's Multiple collection (subfamily 259, models 5770/5772/5774) for
 * the creation tests: nested nodes as @lumen/domain's spaceToJSON writes them (not a test file itself).
 */
export const EVALUATE = '/api/products/v1/creations/evaluate';

export interface LightSpec {
  model?: string;
  finish?: string;
  control?: string;
  ledColourTemp?: string;
  installation?: string;
  pendantHeight?: number;
  x?: number;
  z?: number;
}

export type Node = { type: string; id: string; props: Record<string, unknown>; attributes?: Record<string, string>; position?: Record<string, number>; children?: Node[] };

/** A cluster with a pendant holding one light, hung at (x, 3.9, z). */
export function cluster(id: string, spec: LightSpec = {}): Node {
  const height = spec.pendantHeight ?? 1.5;
  return {
    type: 'Cluster',
    id: `k-${id}`,
    props: {},
    attributes: { installation: spec.installation ?? '10' },
    position: { x: spec.x ?? 0, y: 3.9, z: spec.z ?? 0 },
    children: [
      {
        type: 'Pendant',
        id: `p-${id}`,
        props: { pendantHeight: height },
        children: [
          {
            type: 'Light',
            id: `l-${id}`,
            props: { code: spec.model ?? '5770' },
            attributes: {
              finish: spec.finish ?? '10',
              ledColourTemp: spec.ledColourTemp ?? '2',
              control: spec.control ?? '0',
              installation: spec.installation ?? '10',
              pendantHeight: String(Math.round(height * 100)),
            },
          },
        ],
      },
    ],
  };
}

/** A space with one composition of the given clusters. */
export function space(clusters: Node[], room: Record<string, unknown> = {}): Node & { schemaVersion: number } {
  return {
    schemaVersion: 3,
    type: 'Space',
    id: 'space',
    props: { config: { roomSize: { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur', ...room } }, configurator: 1 },
    children: [{ type: 'Composition', id: 'c1', props: { compositionNumber: 1 }, children: clusters }],
  };
}

/** Three clusters of 5770 in a row. */
export function threeClusters(spec: LightSpec = {}): Node & { schemaVersion: number } {
  return space([cluster('a', { ...spec, x: -0.8 }), cluster('b', { ...spec, x: 0 }), cluster('c', { ...spec, x: 0.8 })]);
}
