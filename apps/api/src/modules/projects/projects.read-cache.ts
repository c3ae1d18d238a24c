import type { Lang, Project, ProjectProduct, ProjectProductPrice } from '@lumen/contracts';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import { type AnnouncedTable, createReadCache } from '../../db/data-changes';
import { productOf } from './projects.products';
import { findVisibleProject, listProducts, listProjects, type ProductRow, type ProjectScope, type ProjectWithOwner } from './projects.repository';

/** Every table a project read looks at: the project, its lines (count), its owner, the sales assignments (scope). */
const PROJECT_TABLES: readonly AnnouncedTable[] = ['projects', 'project_products', 'users', 'sales_company_assignments'];
/** Lines of all kept projects together (a line is about 1 KB of JSON). */
const MAX_KEPT_LINES = 50_000;

type ListQuery = Parameters<typeof listProjects>[2];

/**
 * The reads behind the projects GET answers (list, project, lines), kept in memory until a table they
 * read changes in any process (src/db/data-changes.ts): a repeated list or project costs no database
 * round trip, and the next read after any change goes to the database. Keyed by everything the SQL
 * takes (the caller's scope, the query), so what a caller sees is what the query would answer. Only
 * for answers: a change reads its project inside its own transaction.
 */
export function createProjectReads(ctx: Pick<AppContext, 'db' | 'changes'>) {
  const lists = createReadCache<Awaited<ReturnType<typeof listProjects>>>(ctx.changes, PROJECT_TABLES, { max: 2_000 });
  const visible = createReadCache<{ row: ProjectWithOwner | undefined }>(ctx.changes, PROJECT_TABLES, { max: 10_000 });
  const lines = createReadCache<readonly ProductRow[]>(ctx.changes, ['project_products'], { max: 2_000, maxSize: MAX_KEPT_LINES, sizeOf: (rows) => rows.length });
  const scopeKey = (scope: ProjectScope): string => `${scope.userId}:${scope.companyId}:${+scope.all}${+scope.own}${+scope.company}${+scope.assignedCompanies}`;
  return {
    list: (scope: ProjectScope, query: ListQuery) => lists.get(`${scopeKey(scope)}|${JSON.stringify(query)}`, () => listProjects(ctx.db, scope, query)),
    async visible(scope: ProjectScope, id: number): Promise<ProjectWithOwner | undefined> {
      return (await visible.get(`${scopeKey(scope)}|${id}`, async () => ({ row: await findVisibleProject(ctx.db, scope, id) }))).row;
    },
    /** Every line of a project (not the isPersonalized filter: that asks the database). */
    lines: (projectId: number) => lines.get(String(projectId), () => listProducts(ctx.db, projectId)),
  };
}

/** Lines as an answer writes them, per lines array (the kept ones live as long as they are kept) and language. */
const rendered = new WeakMap<readonly ProductRow[], Map<string, readonly ProjectProduct[]>>();

/**
 * The lines of a project as answers write them: made once per kept lines and language, then shared
 * (answers are only read after this: copied without prices, serialized); with `prices`, each line is
 * a copy with its price.
 */
export function renderedLines(lines: readonly ProductRow[], options: { lang: Lang; parse: boolean; prices?: Map<string, ProjectProductPrice | null> }): readonly ProjectProduct[] {
  let byOptions = rendered.get(lines);
  if (!byOptions) rendered.set(lines, (byOptions = new Map()));
  const key = `${options.lang}:${+options.parse}`;
  let products = byOptions.get(key);
  if (!products) byOptions.set(key, (products = lines.map((line) => productOf(line, { lang: options.lang, parse: options.parse }))));
  const { prices } = options;
  if (!prices) return products;
  return products.map((product, index) => ({ ...product, price: prices.get(lines[index]?.id ?? '') ?? null }));
}

/**
 * Answers made from kept reads, frozen, so the serializer writes each once (src/http/serializer.ts):
 * an answer is reused while the reads it was made of are the kept ones (same objects), for the same
 * key (project, caller and what the caller asked). A caller's claims change only with their token
 * generation, so the key names the user and generation. At most MAX_KEPT_LINES lines' worth.
 */
export function createAnswerMemo() {
  type Entry = { row: ProjectWithOwner; lines: readonly ProductRow[]; answer: Readonly<Project> };
  const answers = new LRUCache<string, Entry>({ max: 1_000, maxSize: MAX_KEPT_LINES, sizeCalculation: (entry) => Math.max(1, entry.lines.length) });
  return {
    async get(key: string, row: ProjectWithOwner, lines: readonly ProductRow[], make: () => Promise<Project>): Promise<Readonly<Project>> {
      const known = answers.get(key);
      if (known && known.row === row && known.lines === lines) return known.answer;
      const answer = Object.freeze(await make());
      answers.set(key, { row, lines, answer });
      return answer;
    },
  };
}
