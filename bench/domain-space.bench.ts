/**
 * packages/domain configuration-engine benchmark: rules check and bill of materials for a space of
 * 1,000 elements, drivers for 10,000 lights, and one move (collision + rules) in a typical room —
 * which has to stay far below the 16.7 ms of a 60 fps drag (target: well under 1 ms).
 * Run: npx tsx bench/domain-space.bench.ts
 */
import { Bench } from 'tinybench';
import { spaceToBillOfMaterials } from '../packages/domain/src/bill-of-materials';
import { calculateDrivers } from '../packages/domain/src/drivers';
import { addElement, createSpace, findTreeRuleFailures, moveElement, setAttribute } from '../packages/domain/src/element-tree';
import type { ElementTree, TreeContext } from '../packages/domain/src/element-tree';
import { FIXTURE_ARTICLES } from '../packages/domain/src/element-tree/element-tree.fixtures';
import type { RuleSet } from '../packages/domain/src/rules';
import { printBenchTable } from './support/report';

const T = 1_700_000_000_000;
const FAMILY = { familyId: 42, subFamily: { id: 225, description: 'plusminus' }, category: 7 };

// A subfamily's rules: an exclusion list of 60 combinations, conditions, and max children per type.
const RULES: RuleSet[] = [
  {
    id: 'lights',
    appliesTo: { elementType: ['Light'] },
    rules: [
      {
        kind: 'exclusion',
        id: 'excluded-combinations',
        reason: 'combination excluded',
        combinations: Array.from({ length: 60 }, (_, i) => ({ Acabado: String(10 + i), Led: '*', Dim: ['2', 'M'], Instalacion1: '9' })),
      },
      { kind: 'condition', id: 'remote-needs-dali-or-m', reason: 'remote canopies need DALI or no driver', when: { all: [{ attribute: 'installation', startsWith: '3' }, { not: { attribute: 'control', in: ['2', 'M'] } }, { parentType: ['Cluster'] }, { model: ['9999'] }] }, outcome: 'reject' },
    ],
  },
  { id: 'clusters', appliesTo: { elementType: ['Cluster'] }, rules: [{ kind: 'maxChildren', id: 'max-lights', reason: 'at most 9 lights', childType: 'Light', max: 9 }, { kind: 'maxChildren', id: 'max-pendants', reason: 'at most 9 pendants', childType: 'Pendant', max: 9 }] },
  { id: 'compositions', appliesTo: { elementType: ['Composition'] }, rules: [{ kind: 'maxChildren', id: 'max-clusters', reason: 'at most 12 clusters', childType: 'Cluster', max: 12 }] },
];
const ctx: TreeContext = { articles: FIXTURE_ARTICLES, rules: RULES };

/** compositions × clusters, each cluster free wire with one pendant holding `lights` lights. */
function buildSpace(compositions: number, clusters: number, lights: number, width: number): ElementTree {
  let t = createSpace({ id: 'space', createdAt: T, roomSize: { width, depth: width, height: 4 } });
  const small = { x: 0.1, y: 0.1, z: 0.1 };
  for (let c = 0; c < compositions; c++) {
    const cid = `c${c}`;
    t = addElement(t, 'space', { type: 'Composition', id: cid, createdAt: T, props: { compositionNumber: c + 1 } }, ctx);
    for (let k = 0; k < clusters; k++) {
      const kid = `${cid}k${k}`;
      const x = -width / 2 + 0.5 + ((c * clusters + k) % Math.floor(width - 1));
      const z = -width / 2 + 0.5 + Math.floor((c * clusters + k) / Math.floor(width - 1));
      t = addElement(t, cid, { type: 'Cluster', id: kid, createdAt: T, attributes: { installation: '18' }, position: { x, y: 3.95, z }, size: small }, ctx);
      t = addElement(t, kid, { type: 'Pendant', id: `${kid}p`, createdAt: T, props: { pendantHeight: 1.5, positionOffset: 0.2 } }, ctx);
      for (let l = 0; l < lights; l++) {
        const model = l % 3 === 2 ? '2350' : '0270';
        t = addElement(t, `${kid}p`, { type: 'Light', id: `${kid}l${l}`, createdAt: T, props: { code: model }, position: { x: 0, y: -0.5 - 0.15 * l, z: 0 }, size: small }, ctx);
      }
    }
    t = addElement(t, cid, { type: 'Complement', id: `${cid}x`, createdAt: T, props: { code: '8001' } }, ctx);
  }
  return t;
}

const big = buildSpace(20, 8, 4, 30); // 1 + 20 × (1 + 8 × 6 + 1) = 1,001 elements
const room = buildSpace(3, 4, 1, 3); // a typical room: 1 + 3 × (1 + 4 × 3 + 1) = 43 elements
console.log(`large space: ${Object.keys(big.elements).length} elements; typical room: ${Object.keys(room.elements).length} elements`);

const prices = (q: { model: string }) => ({ unitGross: q.model === '0270' ? '245.50' : '199.90', discountPercent: '12.5' });

const bench = new Bench({ name: 'domain-space', time: 1000, warmupTime: 200 });
let sink = 0;
let step = 0;

bench
  .add('rules check, space of 1,000 elements', () => {
    sink += findTreeRuleFailures(big, RULES).length;
  })
  .add('bill of materials, space of 1,000 elements (priced, with drivers)', () => {
    sink += spaceToBillOfMaterials({ tree: big, articles: FIXTURE_ARTICLES, family: FAMILY, prices }).length;
  })
  .add('drivers for 10,000 lights', () => {
    sink += calculateDrivers({ model: '5770', control: '0', lights: 10_000 }).drivers.row.length;
  })
  .add('one move in a typical room (collision + rules)', () => {
    step = (step + 1) % 100;
    const moved = moveElement(room, 'c0k0', { position: { x: -1 + step * 0.02, y: 3.95, z: 0.3 } }, ctx);
    sink += moved.elements.c0k0?.collides ? 1 : 0;
  })
  .add('one move in the space of 1,000 elements (collision + rules)', () => {
    step = (step + 1) % 100;
    sink += moveElement(big, 'c0k0', { position: { x: -14 + step * 0.02, y: 3.95, z: -14.5 } }, ctx).nextOrderValue;
  })
  .add('set an attribute on a composition of 4 lights in a typical room', () => {
    sink += setAttribute(room, 'c0', 'finish', step % 2 === 0 ? '05' : '01', ctx).status.length;
  });

await bench.run();

printBenchTable(bench);
if (sink === Number.NEGATIVE_INFINITY) console.log(sink);
