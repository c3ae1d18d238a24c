/**
 * packages/domain drawing engine benchmark (issue 16): checkDrawing and drawingToSpace on drawings of
 * 100 and 200 segments (sticks and plusminus combs, every segment meeting others at nodes), and the
 * server's whole check (rebuildSpace + checkDrawingSpace) on 200 segments. checkDrawing runs on every
 * edit of the plan editor, so it has to stay well under a millisecond or two.
 * Run: npx tsx bench/domain-drawing.bench.ts
 */
import { Bench } from 'tinybench';
import { rebuildSpace } from '../packages/domain/src/bill-of-materials';
import { checkDrawing, checkDrawingSpace, drawingToSpace } from '../packages/domain/src/drawing';
import { COMB_ROOM, combDrawing, DRAWING_ARTICLES, PLUSMINUS_FAMILY } from '../packages/domain/src/drawing/drawing.fixtures';
import { printBenchTable } from './support/report';

const T = 1_700_000_000_000;
const options = { room: COMB_ROOM, configurator: 2 as const, createdAt: T, applicationLocationId: null };
const sticks100 = combDrawing('sticks', 100);
const sticks200 = combDrawing('sticks', 200);
const straps100 = combDrawing('plusminus', 100);
const straps200 = combDrawing('plusminus', 200);
const saved200 = drawingToSpace(straps200, options);
for (const d of [sticks100, sticks200, straps100, straps200]) {
  const problems = checkDrawing(d, COMB_ROOM);
  if (problems.length > 0) throw new Error(`bench drawing is invalid: ${problems[0]?.message}`);
}
console.log(`plusminus 200 segments + ${straps200.items.length} items → ${JSON.stringify(saved200).length.toLocaleString('en-US')} bytes of space JSON`);

const bench = new Bench({ name: 'domain-drawing', time: 1000, warmupTime: 200 });
let sink = 0;

bench
  .add('checkDrawing, sticks, 100 segments', () => {
    sink += checkDrawing(sticks100, COMB_ROOM).length;
  })
  .add('checkDrawing, sticks, 200 segments', () => {
    sink += checkDrawing(sticks200, COMB_ROOM).length;
  })
  .add('checkDrawing, plusminus, 100 segments + 60 items', () => {
    sink += checkDrawing(straps100, COMB_ROOM).length;
  })
  .add('checkDrawing, plusminus, 200 segments + 110 items', () => {
    sink += checkDrawing(straps200, COMB_ROOM).length;
  })
  .add('drawingToSpace, sticks, 100 segments', () => {
    sink += (drawingToSpace(sticks100, options).children as unknown[]).length;
  })
  .add('drawingToSpace, sticks, 200 segments', () => {
    sink += (drawingToSpace(sticks200, options).children as unknown[]).length;
  })
  .add('drawingToSpace, plusminus, 200 segments + 110 items', () => {
    sink += (drawingToSpace(straps200, options).children as unknown[]).length;
  })
  .add('server check: rebuildSpace + checkDrawingSpace, plusminus, 200 segments', () => {
    const { tree } = rebuildSpace(saved200, { family: PLUSMINUS_FAMILY, ctx: { articles: DRAWING_ARTICLES }, requireCluster: false });
    sink += checkDrawingSpace(tree, 'plusminus').length;
  });

await bench.run();

printBenchTable(bench);
if (sink === Number.NEGATIVE_INFINITY) console.log(sink);
