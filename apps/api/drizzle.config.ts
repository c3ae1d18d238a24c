import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @lumen/api` writes a new versioned SQL migration into ./drizzle after a
// change in src/db/schema. Migrations are applied at start (src/db/migrate.ts), on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
