// Builds the web app and the api, and records when (a stamp in node_modules/.cache). With --if-stale
// (what `npm start` runs) it builds only when a source, a package manifest or the lockfile changed
// since the last complete build, or an output is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads, relative to the repository root (directories are walked). */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/api/src',
  'apps/api/tsup.config.ts',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'packages',
];

/** What the build makes; a missing one means building. */
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/api/dist/main.js'];

export const STAMP_FILE = 'node_modules/.cache/lumen-pro/build-stamp.json';

// Tests, build outputs and dependencies do not change what the build makes.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', '__tests__', 'coverage']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The newest modification time (ms) among the build inputs under root; 0 when there are none. */
export function newestInputMtime(root, inputs = BUILD_INPUTS) {
  let newest = 0;
  const visit = (path) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return; // an optional input (e.g. no public/ folder)
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (!SKIPPED_DIRS.has(entry)) visit(join(path, entry));
      }
    } else if (!TEST_FILE.test(path)) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const input of inputs) visit(join(root, input));
  return newest;
}

/** Why a build is needed, or null when the last complete build is current. */
export function staleReason(root) {
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
  } catch {
    return 'no record of a complete build';
  }
  if (typeof stamp?.startedAt !== 'number') return 'no record of a complete build';
  if (newestInputMtime(root) > stamp.startedAt) return 'sources changed since the last build';
  return null;
}

function run(root, args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds web then api; the stamp is written only when both succeed. */
export function build(root) {
  // Taken before building: an edit made during the build leaves the result stale.
  const startedAt = Date.now();
  run(root, ['run', 'build', '--silent', '-w', '@lumen/web']);
  run(root, ['run', 'build', '--silent', '-w', '@lumen/api']);
  mkdirSync(dirname(join(root, STAMP_FILE)), { recursive: true });
  writeFileSync(join(root, STAMP_FILE), `${JSON.stringify({ startedAt })}\n`);
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--if-stale')) {
    const reason = staleReason(root);
    if (reason === null) process.exit(0);
    process.stdout.write(`Building Lumen Pro (${reason})…\n`);
  }
  build(root);
}
