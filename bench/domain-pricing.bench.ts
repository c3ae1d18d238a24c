/**
 * packages/domain pricing-side benchmark: reference parsing, a 1,000-line budget, lead-time merge.
 * Run: npx tsx bench/domain-pricing.bench.ts
 */
import { Bench } from 'tinybench';
import { computeBudget, type BudgetProductInput } from '../packages/domain/src/budget';
import { mergeLeadTimes, orderLeadTime } from '../packages/domain/src/lead-time';
import { formatReference, parseReference } from '../packages/domain/src/reference';
import { printBenchTable } from './support/report';

// Deterministic inputs (a small LCG, no Math.random).
let seed = 42;
const next = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const alnum = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pick = (n: number): string => Array.from({ length: n }, () => alnum[Math.floor(next() * alnum.length)]).join('');

const references = Array.from({ length: 1000 }, (_, i) => {
  const form = i % 6;
  const base = `${String(1000 + (i % 9000)).padStart(4, '0')}${form >= 3 ? '-' : ''}${pick(2)}`;
  return form % 3 === 0 ? base : form % 3 === 1 ? `${base}/${pick(2)}` : `${base}/${pick(2)}_${pick(2)}`;
});

const budgetLines: BudgetProductInput[] = Array.from({ length: 1000 }, () => ({
  quantity: 1 + Math.floor(next() * 200),
  unitGross: (Math.floor(next() * 500_000) / 100).toFixed(2),
  discount: (Math.floor(next() * 5000) / 100).toString(),
  isPersonalized: 1,
}));

const leadTimeLists = Array.from({ length: 20 }, () =>
  Array.from({ length: 6 }, (_, k) => ({ from: k === 0 ? 1 : Math.floor(next() * 1000), weeks: 1 + Math.floor(next() * 20) })),
);

const bench = new Bench({ name: 'domain-pricing', time: 1000, warmupTime: 200 });
let sink = 0;

bench
  .add('reference parse + format (1,000 references)', () => {
    for (const ref of references) sink += formatReference(parseReference(ref)).length;
  })
  .add('reference parse (1 reference)', () => {
    sink += parseReference('5520-NE/MC_32').model.length;
  })
  .add('budget of 1,000 lines (lines + totals)', () => {
    sink += computeBudget(budgetLines, { discount: '5', surcharge: '2.5', iva: '21' }).totals.netTotal;
  })
  .add('lead-time merge (20 lists × 6 breakpoints)', () => {
    sink += mergeLeadTimes(...leadTimeLists).length;
  })
  .add('order lead time (1,000 references)', () => {
    sink += orderLeadTime(budgetLines.map((line, i) => ({ leadtime: leadTimeLists[i % 20], quantity: Number(line.quantity) })));
  });

await bench.run();

printBenchTable(bench);
if (sink === Number.NEGATIVE_INFINITY) console.log(sink);
