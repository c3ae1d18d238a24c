import { defineConfig } from 'tsup';

// One ESM bundle for node 20: the @lumen/* workspace packages (TypeScript sources) are bundled in,
// node_modules packages stay external. The SQL migrations stay in ./drizzle, found from dist at run time.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: [/^@lumen\//],
});
