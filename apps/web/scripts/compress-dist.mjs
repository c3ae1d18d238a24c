// Post-build step: writes a brotli (.br) and a gzip (.gz) sibling next to every text asset of the
// build, so the api serves them pre-compressed (@fastify/static preCompressed) instead of compressing
// on every request. Usage: node scripts/compress-dist.mjs [distDir]  (default: apps/web/dist).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
// Below this size the encoding headers cost about what compression saves.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every eligible file under distDir; returns the totals in bytes. */
export async function compressDist(distDir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const jobs = [];
  for await (const path of files(distDir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(path);
        if (size < MIN_BYTES) return;
        const content = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
          gz(content, { level: 9 }),
        ]);
        // A sibling that is not smaller is useless: the server falls back to the original when it is absent.
        if (br.length < content.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < content.length) await writeFile(`${path}.gz`, gzipped);
        totals.files += 1;
        totals.raw += content.length;
        totals.br += Math.min(br.length, content.length);
        totals.gzip += Math.min(gzipped.length, content.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const distDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const totals = await compressDist(distDir);
  process.stdout.write(
    `compressed ${totals.files} files in ${relative(process.cwd(), distDir) || '.'}: ${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gzip)}\n`,
  );
}
