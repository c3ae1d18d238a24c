// A vitest reporter that repeats every failure at the very end of the run, on stdout. The default
// reporter writes failures to stderr, in the middle of a long log: a CI page that keeps only the tail
// of stdout then says "1 failed" without saying which test, or why.
import { stripVTControlCharacters } from 'node:util';

const MESSAGE_LINES = 8;

/** The first lines of an error, and the first frame of its stack that is ours (not node_modules). */
function describe(error) {
  const message = stripVTControlCharacters(String(error?.message ?? error)).split('\n').slice(0, MESSAGE_LINES);
  const frame = String(error?.stack ?? '')
    .split('\n')
    .find((line) => line.trim().startsWith('at ') && !line.includes('node_modules'));
  return [...message, ...(frame ? [frame.trim()] : [])].map((line) => `    ${line}`);
}

export default class FailuresLastReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const lines = [];
    for (const module of testModules) {
      const where = `${module.project.name} ${module.relativeModuleId}`;
      for (const error of module.errors()) lines.push(`✗ ${where} (the file itself)`, ...describe(error));
      for (const test of module.children.allTests('failed')) {
        lines.push(`✗ ${where} › ${test.fullName}`);
        for (const error of test.result().errors ?? []) lines.push(...describe(error));
      }
    }
    for (const error of unhandledErrors) lines.push('✗ an error outside any test', ...describe(error));
    if (lines.length === 0) return;
    process.stdout.write(`\nFailures, repeated at the end:\n${lines.join('\n')}\n\n`);
  }
}
