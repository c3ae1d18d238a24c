/**
 * Prints the results of a tinybench run as one table: ops/s, mean and p99 latency, samples.
 * A task that did not complete shows its state instead.
 */
import type { Bench } from 'tinybench';

export function printBenchTable(bench: Bench): void {
  const rows = bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== 'completed') return { task: task.name, state: result.state };
    return {
      task: task.name,
      'ops/s': Math.round(result.throughput.mean).toLocaleString('en-US'),
      'mean (ms)': result.latency.mean.toFixed(4),
      'p99 (ms)': result.latency.p99.toFixed(4),
      samples: result.latency.samplesCount,
    };
  });
  console.table(rows);
}
