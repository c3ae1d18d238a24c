import type {
  AddProductsBody,
  Apiv2AddProductsBody,
  AssignThirdpartyBody,
  CreateProjectBody,
  CreationEvaluation,
  CreationExportFormat,
  CreationRevision,
  ImportResult,
  Lang,
  ProductDeleted,
  ProductsAdded,
  ProductUpdated,
  Project,
  ProjectDetailQuery,
  ProjectListItem,
  ProjectListPage,
  ProjectListQuery,
  ProjectProduct,
  ProjectProductPrice,
  ProjectProductsQuery,
  ProjectSummary,
  ProjectTypeFilter,
  ProjectVersion,
  RequestProjectSnapshot,
  UpdateProductBody,
  UpdateProjectBody,
} from '@lumen/contracts';
import { DEFAULT_LANG, LANGS, PROJECT_LIST_V3_LIMIT } from '@lumen/contracts';
import { type CatalogId, copyNameOf, drawingFamilyOf, emailSchema, projectTitleSchema, sumDecimals, toMoney, versionTitleSchema } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, RateLimitedError } from '../../errors';
import { compositionImage, compositionImageEtag } from '../images/images.renders';
import type { Principal } from '../../http/access-guard';
import { recordIdempotentResource } from '../../http/idempotency';
import { createRateLimiter, type RateCheck } from '../../http/rate-limits';
import type { FlagsService } from '../flags/flags.service';
import type { ProductsService } from '../products/products.service';
import { VERSION_MAILS_PER_RECIPIENT, VERSION_MAILS_PER_USER, versionMail } from './projects.mail';
import { has, isManager, notYours, originFor, permissionsOf, projectNotFound, readOnly, scopeOf } from './projects.access';
import {
  contextOfArticle,
  creationCodeOf,
  creationData,
  creationPriceOf,
  evaluatedCreation,
  linePriceOf,
  lineDataOf,
  type LineAttribute,
  migratedSpace,
  type ModelCatalogue,
  modelCatalogue,
  type NewLine,
  type ParsedProductInput,
  pendantHeightFault,
  pendantHeightOfLine,
  prepareLines,
  productOf,
  unitGrossAtHeight,
} from './projects.products';
import { createAnswerMemo, createProjectReads, renderedLines } from './projects.read-cache';
import { auditWho, recordAudit, recordAudits } from '../../lib/audit';
import {
  advanceCreationCounter,
  countProducts,
  deleteProduct,
  enqueueOutbox,
  findImport,
  findProduct,
  findUserByEmail,
  findVisibleCreationLine,
  findVisibleProject,
  insertVersionMail,
  insertProducts,
  insertRevision,
  insertProject,
  listProducts,
  listProjectNames,
  listRevisions,
  listVersionChain,
  lockFamily,
  lockProject,
  maxVersionNumber,
  nextPosition,
  type ProductRow,
  type ProjectRow,
  type ProjectWithOwner,
  setVersionMailOutcome,
  touchProject,
  touchProjects,
  updateProduct,
  visibleNamesStartingWith,
} from './projects.repository';
import { MAX_PRODUCTS_PER_PROJECT } from '@lumen/contracts';
import { randomUUID } from 'node:crypto';

type ListQuery = z.output<typeof ProjectListQuery>;
type DetailQuery = z.output<typeof ProjectDetailQuery>;
type ProductsQuery = z.output<typeof ProjectProductsQuery>;
type CreateBody = z.output<typeof CreateProjectBody>;
type AddBody = z.output<typeof AddProductsBody>;
type Apiv2AddBody = z.output<typeof Apiv2AddProductsBody>;
type UpdateBody = z.output<typeof UpdateProductBody>;
type RenameBody = z.output<typeof UpdateProjectBody>;

/** The CRM event of spec §4: a change of a project's products upserts its version in D365. */
export const VERSION_UPSERT_TOPIC = 'project.version.upsert';
const TYPE_LABELS: Readonly<Record<ProjectTypeFilter, Readonly<Record<Lang, string>>>> = {
  ALL: { en: 'All projects', us: 'All projects', es: 'Todos los proyectos', fr: 'Tous les projets', de: 'Alle Projekte', it: 'Tutti i progetti' },
  OWN: { en: 'My projects', us: 'My projects', es: 'Mis proyectos', fr: 'Mes projets', de: 'Meine Projekte', it: 'I miei progetti' },
  COMPANY: { en: 'Company projects', us: 'Company projects', es: 'Proyectos de la empresa', fr: "Projets de l'entreprise", de: 'Firmenprojekte', it: "Progetti dell'azienda" },
  IMPORTER: { en: 'Importer projects', us: 'Importer projects', es: 'Proyectos de importador', fr: "Projets d'importateur", de: 'Importeur-Projekte', it: 'Progetti importatore' },
  THIRDPARTY: { en: 'Third-party projects', us: 'Third-party projects', es: 'Proyectos de terceros', fr: 'Projets de tiers', de: 'Projekte Dritter', it: 'Progetti di terzi' },
  ASSIGNED: { en: 'Assigned projects', us: 'Assigned projects', es: 'Proyectos asignados', fr: 'Projets attribués', de: 'Zugewiesene Projekte', it: 'Progetti assegnati' },
};

function badField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path, message }]);
}

/** Parses a name with a domain schema; a fault is a 400 with the field. */
function checkedName(schema: typeof projectTitleSchema | typeof versionTitleSchema, value: unknown, path: string): string {
  const result = schema.safeParse(value);
  if (!result.success) throw badField(path, result.error.issues[0]?.message ?? 'invalid');
  return result.data;
}

function langFor(principal: Principal, ...asked: Array<Lang | undefined>): Lang {
  for (const lang of asked) if (lang) return lang;
  return (LANGS as readonly string[]).includes(principal.lang) ? (principal.lang as Lang) : DEFAULT_LANG;
}

function currencyOf(catalogId: number): 'EUR' | 'USD' {
  return catalogId === 21 ? 'USD' : 'EUR';
}

function catalogIdOf(value: number): CatalogId {
  return value === 21 ? 21 : 16;
}

function summaryOf(principal: Principal, row: ProjectWithOwner): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    catalogId: catalogIdOf(row.catalogId),
    currency: currencyOf(row.catalogId),
    status: row.status === 0 ? 0 : row.status === 2 ? 2 : 1,
    origin: originFor(principal, row),
    isAssignedThirdparty: row.assigneeUserId !== null,
    owner: { id: row.ownerId, name: row.ownerName, email: row.ownerEmail },
    companyId: row.companyId,
    productsCount: row.productsCount,
    versionOf: row.versionOf ?? row.id,
    versionNumber: row.versionNumber,
    versionTitle: row.versionTitle,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: permissionsOf(principal, row),
  };
}

function versionOf(row: ProjectRow & { productsCount: number }, currentId: number): ProjectVersion {
  return {
    id: row.id,
    name: row.name,
    versionNumber: row.versionNumber,
    versionTitle: row.versionTitle,
    status: row.status === 2 ? 2 : 1,
    productsCount: row.productsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    current: row.id === currentId,
  };
}

/** "(copy)" in the caller's language (the i18n key projects.copyWord): a duplicate's default name is made by the server. */
const copyWordOf = (lang: Lang): string => translationsFor('fr-eproject', lang)['projects.copyWord'] ?? 'copy';

export type ProjectsService = ReturnType<typeof createProjectsService>;

export function createProjectsService(ctx: AppContext, deps: { products: ProductsService; flags: FlagsService }) {

  const limiter = createRateLimiter(ctx.db, ctx.clock);
  const reads = createProjectReads(ctx);
  const answers = createAnswerMemo();

  async function newCreationCode(prefix: string): Promise<{ code: string; number: number }> {
    const counter = await advanceCreationCounter(ctx.db, prefix);
    return creationCodeOf(counter, prefix);
  }

  async function visibleOr404(principal: Principal, id: number, db: AppContext['db'] | Tx = ctx.db): Promise<ProjectWithOwner> {
    const row = await findVisibleProject(db, scopeOf(principal), id);
    if (!row) throw projectNotFound(id);
    return row;
  }

  /**
   * Runs a change of one project in one transaction: visible (else 404), the caller's to change (else
   * 403), the row locked (concurrent writers of the project queue here), in EDITION (else 409).
   */
  async function change<T>(principal: Principal, id: number, work: (tx: Tx, project: ProjectRow) => Promise<T>): Promise<T> {
    return ctx.db.transaction(async (tx) => {
      const visible = await visibleOr404(principal, id, tx);
      if (!isManager(principal, visible)) throw notYours();
      const locked = await lockProject(tx, id);
      if (!locked || locked.status === 0) throw projectNotFound(id);
      if (locked.status !== 1) throw readOnly(locked.status);
      return work(tx, locked);
    });
  }

  /**
   * Whether the caller's product changes write a CRM version upsert (flag upsertVersionD365). Evaluated
   * before the change's transaction opens, so no flag evaluation waits inside it.
   */
  function versionUpsertOn(principal: Principal): Promise<boolean> {
    return deps.flags.forCaller(principal).isEnabled('upsertVersionD365');
  }

  /** Writes the CRM version upsert of a product change (spec §4) when `upsert` (see versionUpsertOn). */
  async function productsChanged(tx: Tx, project: ProjectRow, upsert: boolean): Promise<void> {
    if (!upsert) return;
    const lines = await listProducts(tx, project.id);
    await enqueueOutbox(tx, {
      topic: VERSION_UPSERT_TOPIC,
      idempotencyKey: `${VERSION_UPSERT_TOPIC}:${project.id}:r${project.revision}`,
      now: ctx.clock(),
      payload: {
        projectId: project.id,
        versionOf: project.versionOf ?? project.id,
        versionNumber: project.versionNumber,
        versionTitle: project.versionTitle,
        name: project.name,
        catalogId: project.catalogId,
        revision: project.revision,
        products: lines.map((line) => ({ _id: line.id, type: line.type, referenceCode: line.referenceCode, creationCode: line.creationCode, model: line.model, quantity: line.quantity })),
      },
    });
  }

  /** Names the lines one call added (project, first position, count) for its Idempotency-Key: `12-3-2`. */
  function linesToken(projectId: number, start: number, count: number): string {
    return `${projectId}-${start}-${count}`;
  }

  function rowsOf(projectId: number, start: number, lines: readonly NewLine[], now: Date) {
    return lines.map((line, index) => ({ ...line, id: randomUUID(), projectId, position: start + index, createdAt: now, updatedAt: now }));
  }

  function copyRows(projectId: number, source: readonly ProductRow[], now: Date) {
    return source.map((line, index) => ({
      id: randomUUID(),
      projectId,
      position: index,
      type: line.type,
      quantity: line.quantity,
      isPersonalized: line.isPersonalized,
      referenceCode: line.referenceCode,
      model: line.model,
      creationCode: line.creationCode,
      data: line.data,
      createdAt: now,
      updatedAt: now,
    }));
  }

  async function prices(principal: Principal, catalogId: CatalogId, lines: readonly ProductRow[], wanted: boolean): Promise<Map<string, ProjectProductPrice | null> | undefined> {
    if (!wanted) return undefined;
    const result = new Map<string, ProjectProductPrice | null>();
    if (!has(principal, 'price.view')) {
      for (const line of lines) result.set(line.id, null);
      return result;
    }
    const references = [...new Set(lines.map((line) => line.referenceCode).filter((ref): ref is string => ref !== null))];
    // One read of the catalogue and of the caller's price terms for every reference of the project.
    const articles = await deps.products.articlesByReference(principal, { catalogId, references });
    // A pendant's line is priced at its own height (only the delta above standard adds price).
    const catalogues = new Map<string, Promise<ModelCatalogue | undefined>>();
    const catalogueOf = (model: string) => {
      let hit = catalogues.get(model);
      if (!hit) {
        hit = modelCatalogue(deps.products, principal, catalogId, model).catch(() => undefined);
        catalogues.set(model, hit);
      }
      return hit;
    };
    const changePricesCalculation = await deps.flags.forCaller(principal).isEnabled('changePricesCalculation');
    for (const line of lines) {
      const article = line.referenceCode ? articles.get(line.referenceCode) : undefined;
      const height = pendantHeightOfLine(line);
      const standard = article?.attributes.pendantHeight?.standard;
      let unitGross: number | undefined;
      if (article?.price && height !== undefined && standard !== undefined && height !== standard) {
        const catalogue = await catalogueOf(article.model);
        if (catalogue) unitGross = unitGrossAtHeight(article, catalogue, height, catalogId, { changePricesCalculation });
      }
      result.set(line.id, line.referenceCode ? linePriceOf(article, line.quantity, unitGross) : await creationPriceOf(deps.products, principal, catalogId, line));
    }
    return result;
  }

  async function render(principal: Principal, row: ProjectWithOwner, lines: readonly ProductRow[], options: { lang: Lang; prices: boolean; parse: boolean }): Promise<Project> {
    const priced = await prices(principal, catalogIdOf(row.catalogId), lines, options.prices);
    const products = [...renderedLines(lines, { lang: options.lang, parse: options.parse, ...(priced ? { prices: priced } : {}) })];
    const totals = products.map((product) => product.price?.totalNet).filter((value): value is number => typeof value === 'number');
    return {
      ...summaryOf(principal, row),
      products,
      config: row.config,
      totalNet: priced && has(principal, 'price.view') ? toMoney(sumDecimals(totals)) : null,
    };
  }

  async function renderLines(principal: Principal, project: ProjectRow, lines: readonly ProductRow[], lang: Lang): Promise<ProjectProduct[]> {
    const priced = await prices(principal, catalogIdOf(project.catalogId), lines, has(principal, 'price.view'));
    return lines.map((line) => productOf(line, { lang, parse: true, ...(priced ? { price: priced.get(line.id) ?? null } : {}) }));
  }

  async function summaryById(principal: Principal, id: number): Promise<ProjectSummary> {
    return summaryOf(principal, await visibleOr404(principal, id));
  }

  function pathOf(prefix: string) {
    return (index: number) => `${prefix}.${index}`;
  }

  function lineDeps() {
    return { products: deps.products, newCreationCode };
  }

  /** What the audit trail keeps of a line (issue 17 §3): enough to say which product and how many. */
  function lineAudit(row: { type: string; referenceCode: string | null; model: string; quantity: number; isPersonalized: number }) {
    return { type: row.type, reference: row.referenceCode ?? row.model, quantity: row.quantity, personalised: row.isPersonalized === 1 };
  }

  /** One trail row per line of a project (issue 17 §3), in the change's transaction. */
  async function auditLines(tx: Tx, principal: Principal, project: ProjectRow, action: string, changes: ReadonlyArray<{ id: string; before?: ReturnType<typeof lineAudit>; after?: ReturnType<typeof lineAudit> }>) {
    const who = auditWho(principal);
    await recordAudits(
      tx,
      changes.map((change) => ({ ...who, entity: 'project_line' as const, entityId: change.id, action, before: change.before ?? null, after: change.after ?? null, projectId: project.id, companyId: project.companyId })),
    );
  }

  async function addLines(principal: Principal, projectId: number, inputs: readonly ParsedProductInput[], path: string, config?: Record<string, unknown>): Promise<ProductsAdded> {
    const current = await visibleOr404(principal, projectId);
    if (!isManager(principal, current)) throw notYours();
    const lines = await prepareLines(lineDeps(), principal, catalogIdOf(current.catalogId), inputs, pathOf(path));
    const upsert = await versionUpsertOn(principal);
    const { project, inserted } = await change(principal, projectId, async (tx, locked) => {
      const existing = await countProducts(tx, projectId);
      if (existing + lines.length > MAX_PRODUCTS_PER_PROJECT) throw badField(path, `A project holds at most ${MAX_PRODUCTS_PER_PROJECT} products`);
      const now = ctx.clock();
      const start = await nextPosition(tx, projectId);
      const inserted = await insertProducts(tx, rowsOf(projectId, start, lines, now));
      // The Idempotency-Key commits with the lines (issue 29 §6): a retry after a crash answers them (addedLines).
      await recordIdempotentResource(tx, { kind: 'project_lines', id: linesToken(projectId, start, inserted.length) });
      const project = await touchProject(tx, projectId, now, config ? { config: { ...locked.config, ...config } } : {});
      await productsChanged(tx, project, upsert);
      await auditLines(tx, principal, project, 'create', inserted.map((row) => ({ id: row.id, after: lineAudit(row) })));
      return { project, inserted };
    });
    return { projectId, revision: project.revision, products: await renderLines(principal, project, inserted, langFor(principal)) };
  }

  async function copyProject(
    tx: Tx,
    source: ProjectRow,
    values: { name: string; ownerId: number; companyId: number | null; origin: string; importedFromId?: number; versionOf?: number; versionNumber?: number; versionTitle?: string | null },
  ): Promise<ProjectRow> {
    const now = ctx.clock();
    const created = await insertProject(tx, {
      name: values.name,
      catalogId: source.catalogId,
      currency: source.currency,
      status: 1,
      ownerId: values.ownerId,
      companyId: values.companyId,
      origin: values.origin,
      importedFromId: values.importedFromId ?? null,
      versionOf: values.versionOf ?? null,
      versionNumber: values.versionNumber ?? 1,
      versionTitle: values.versionTitle ?? null,
      config: source.config,
      createdAt: now,
      updatedAt: now,
    });
    await insertProducts(tx, copyRows(created.id, await listProducts(tx, source.id), now));
    return created;
  }

  function originOfCreator(principal: Principal): string {
    return principal.roles.some((role) => role.name === 'importer') ? 'IMPORTER' : 'OWN';
  }

  /**
   * A change of version `id` that may reach its family (rename, delete): the family's rows locked in
   * id order (writers of one family queue), the version there (else 404), the caller's to change
   * (else 403) and in EDITION (else 409).
   */
  async function changeInFamily(tx: Tx, principal: Principal, id: number, root: number): Promise<{ family: ProjectRow[]; locked: ProjectRow }> {
    const family = await lockFamily(tx, root);
    const locked = family.find((row) => row.id === id);
    if (!locked) throw projectNotFound(id);
    if (!isManager(principal, locked)) throw notYours();
    if (locked.status !== 1) throw readOnly(locked.status);
    return { family, locked };
  }

  /**
   * The other versions of a renamed version take its name: those in EDITION; an ordered version keeps
   * the name it was ordered under (README, "Version families").
   */
  async function renameSiblings(tx: Tx, family: readonly ProjectRow[], id: number, name: string, now: Date): Promise<void> {
    await touchProjects(tx, family.filter((row) => row.id !== id && row.status === 1 && row.name !== name).map((row) => row.id), now, { name });
  }

  /**
   * A duplicate's default name (issue 10 §8): "<name> (copy)" in the caller's language, then
   * "(copy 2)", "(copy 3)"… until no project the caller sees bears it, the name cut so that it
   * fits the 50 characters of a title (the domain's copyNameOf).
   */
  async function freeCopyName(principal: Principal, source: string): Promise<string> {
    const word = copyWordOf(langFor(principal));
    const shortest = copyNameOf(source, word, Number.MAX_SAFE_INTEGER);
    const stem = shortest.slice(0, shortest.lastIndexOf(' ('));
    const taken = new Set(await visibleNamesStartingWith(ctx.db, scopeOf(principal), stem));
    for (let n = 1; ; n += 1) {
      const candidate = copyNameOf(source, word, n);
      if (!taken.has(candidate)) return checkedName(projectTitleSchema, candidate, 'body.name');
    }
  }

  return {
    /**
     * The project as a request to the brand sends it (budget requests, project registration), read in
     * the caller's transaction `tx`: the caller must see the project (404 otherwise); `rename` renames
     * it in the same transaction (the caller's to change, in EDITION, a valid title at `renamePath`).
     */
    async snapshotForRequest(tx: Tx, principal: Principal, id: number, options: { lang: Lang; rename?: string; renamePath: string }): Promise<RequestProjectSnapshot> {
      const visible = await visibleOr404(principal, id, tx);
      let name = visible.name;
      if (options.rename !== undefined) {
        const renamed = checkedName(projectTitleSchema, options.rename, options.renamePath);
        if (!isManager(principal, visible)) throw notYours();
        const { family } = await changeInFamily(tx, principal, id, visible.versionOf ?? visible.id);
        const now = ctx.clock();
        await touchProject(tx, id, now, { name: renamed });
        await renameSiblings(tx, family, id, renamed, now);
        name = renamed;
      }
      const lines = (await listProducts(tx, id)).map((line) => productOf(line, { lang: options.lang, parse: true }));
      return {
        id,
        name,
        catalogId: catalogIdOf(visible.catalogId),
        lines: lines.map((line) => {
          const height = Number(line.attributes?.pendantHeight?.code);
          return {
            id: line._id,
            model: line.model,
            referenceCode: line.referenceCode,
            description: line.description ?? null,
            quantity: line.quantity,
            pendantHeightCm: Number.isFinite(height) && line.attributes?.pendantHeight ? height : null,
          };
        }),
      };
    },

    /**
     * Puts a project in status ORDER (2, no actions) inside the orders module's transaction `tx`
     * (issue 13): the caller must see it (404 otherwise), the row is locked, and only a project in
     * EDITION can be ordered (409 when it is ordered already, so a project is ordered at most once).
     */
    async markOrdered(tx: Tx, principal: Principal, id: number): Promise<{ name: string; catalogId: CatalogId; revision: number }> {
      await visibleOr404(principal, id, tx);
      const locked = await lockProject(tx, id);
      if (!locked || locked.status === 0) throw projectNotFound(id);
      if (locked.status === 2) throw new AppError('CONFLICT', `Project ${id} is ordered already`);
      if (locked.status !== 1) throw readOnly(locked.status);
      await touchProject(tx, id, ctx.clock(), { status: 2 });
      return { name: locked.name, catalogId: catalogIdOf(locked.catalogId), revision: locked.revision };
    },

    async list(principal: Principal, query: ListQuery, variant: 'v1' | 'v3' = 'v1'): Promise<ProjectListPage> {
      const itemsPerPage = variant === 'v3' ? PROJECT_LIST_V3_LIMIT : (query.itemsPerPage ?? query.limit ?? 10);
      const projectType = query.projectType ?? query.projectUserRole ?? 'ALL';
      const { families, total } = await reads.list(scopeOf(principal), {
        filter: projectType,
        ...(query.search ? { search: query.search } : {}),
        ...(query.catalogId !== undefined ? { catalogId: query.catalogId } : {}),
        sortBy: query.sortBy,
        limit: itemsPerPage,
        offset: (query.page - 1) * itemsPerPage,
      });
      return {
        items: families.map(({ head, versions }): ProjectListItem => ({ ...summaryOf(principal, head), versions: versions.map((version) => versionOf(version, head.id)) })),
        meta: { page: query.page, itemsPerPage, totalItems: total, totalPages: Math.ceil(total / itemsPerPage), sortBy: query.sortBy, projectType },
      };
    },

    /** The picker's projects; `editable`: only those the caller may add products to (permissionsOf's edit). */
    async names(principal: Principal, catalogId: number | undefined, editable = false) {
      if (editable && !has(principal, 'project.edit')) return [];
      const rows = await listProjectNames(ctx.db, scopeOf(principal), catalogId, editable);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        catalogId: catalogIdOf(row.catalogId),
        updatedAt: row.updatedAt.toISOString(),
        versionNumber: row.versionNumber,
        versionTitle: row.versionTitle,
      }));
    },

    types(principal: Principal, lang: Lang | undefined) {
      const language = langFor(principal, lang);
      const codes: ProjectTypeFilter[] = ['ALL', 'OWN'];
      if (has(principal, 'project.view.company') || has(principal, 'backoffice')) codes.push('COMPANY');
      codes.push('IMPORTER', 'THIRDPARTY', 'ASSIGNED');
      return codes.map((code) => ({ code, description: TYPE_LABELS[code][language] }));
    },

    async create(principal: Principal, body: CreateBody): Promise<Project> {
      const name = checkedName(projectTitleSchema, body.name, 'body.name');
      const catalogId: CatalogId = body.catalogId ?? (principal.catalogId === 21 ? 21 : 16);
      if (body.references && body.references.length > 0 && !has(principal, 'product.add.reference')) {
        throw new AppError('FORBIDDEN', 'Adding products by reference needs product.add.reference');
      }
      const inputs: ParsedProductInput[] = [
        ...body.products,
        ...(body.references ?? []).map((referenceCode): ParsedProductInput => ({ type: 'REGULAR', referenceCode, quantity: 1, addedBy: 'REFERENCE' })),
      ];
      const lines = await prepareLines(lineDeps(), principal, catalogId, inputs, (index) =>
        index < body.products.length ? `body.products.${index}` : `body.references.${index - body.products.length}`,
      );
      const upsert = await versionUpsertOn(principal);
      const id = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock();
        const project = await insertProject(tx, {
          name,
          catalogId,
          currency: currencyOf(catalogId),
          status: 1,
          ownerId: principal.userId,
          companyId: principal.companyId,
          origin: originOfCreator(principal),
          createdAt: now,
          updatedAt: now,
        });
        // The Idempotency-Key commits with the project (issue 29 §6): a retry after a crash answers this project.
        await recordIdempotentResource(tx, { kind: 'project', id: project.id });
        const inserted = await insertProducts(tx, rowsOf(project.id, 0, lines, now));
        if (lines.length > 0) await productsChanged(tx, project, upsert);
        await recordAudit(tx, { ...auditWho(principal), entity: 'project', entityId: project.id, action: 'create', before: null, after: { name, catalogId }, projectId: project.id, companyId: project.companyId });
        await auditLines(tx, principal, project, 'create', inserted.map((row) => ({ id: row.id, after: lineAudit(row) })));
        return project.id;
      });
      return this.detail(principal, id, {});
    },

    /** Where a creation code lives among the projects the caller sees: 404 when none (or not visible). */
    async creationLine(principal: Principal, creationCode: string): Promise<{ projectId: number; productId: string }> {
      const line = await findVisibleCreationLine(ctx.db, scopeOf(principal), creationCode);
      if (!line) throw new AppError('NOT_FOUND', 'No creation with this code in your projects');
      return line;
    },

    async detail(principal: Principal, id: number, query: DetailQuery): Promise<Project> {
      const row = await reads.visible(scopeOf(principal), id);
      if (!row) throw projectNotFound(id);
      const lines = await reads.lines(id);
      const options = { lang: langFor(principal, query.lang, query.language), prices: query.prices ?? false, parse: query.parseProducts ?? true };
      if (options.prices) return render(principal, row, lines, options);
      // Without prices, the answer is made of the kept reads and the caller's claims only: made once.
      const key = `${id}:${principal.userId}:${principal.generation}:${options.lang}:${+options.parse}`;
      return answers.get(key, row, lines, () => render(principal, row, lines, options));
    },

    async products(principal: Principal, id: number, query: ProductsQuery): Promise<ProjectProduct[]> {
      const row = await reads.visible(scopeOf(principal), id);
      if (!row) throw projectNotFound(id);
      const lines = query.isPersonalized === undefined ? await reads.lines(id) : await listProducts(ctx.db, id, query.isPersonalized);
      const priced = await prices(principal, catalogIdOf(row.catalogId), lines, query.prices ?? false);
      const lang = langFor(principal, query.lang);
      return lines.map((line) => productOf(line, { lang, parse: true, ...(priced ? { price: priced.get(line.id) ?? null } : {}) }));
    },

    async name(principal: Principal, id: number) {
      const row = await visibleOr404(principal, id);
      return { id: row.id, name: row.name };
    },

    /**
     * The project's lines at the catalogue's list price (issue 34 §1): the catalogue's default rate and no
     * purchase discount, whatever the caller's company terms are. A quote to a client starts from it;
     * the caller's own price (their rate and discounts) is their purchase price. Scope as `detail`.
     */
    async listPrices(principal: Principal, id: number): Promise<Map<string, ProjectProductPrice | null>> {
      const row = await visibleOr404(principal, id);
      const lines = await reads.lines(id);
      // Without a company, the products service prices at the catalogue's default rate with no discounts.
      const listPrincipal: Principal = { ...principal, companyId: null };
      return (await prices(listPrincipal, catalogIdOf(row.catalogId), lines, true)) ?? new Map();
    },

    /** What the project page's first view shows (http/first-view.ts), or null when the session may not see the project. */
    async heading(principal: Principal, id: number): Promise<{ name: string; versionNumber: number; versionTitle: string | null } | null> {
      const row = await findVisibleProject(ctx.db, scopeOf(principal), id);
      return row ? { name: row.name, versionNumber: row.versionNumber, versionTitle: row.versionTitle } : null;
    },

    async update(principal: Principal, id: number, body: RenameBody): Promise<ProjectSummary> {
      const name = body.name === undefined ? undefined : checkedName(projectTitleSchema, body.name, 'body.name');
      const visible = await visibleOr404(principal, id);
      if (!isManager(principal, visible)) throw notYours();
      await ctx.db.transaction(async (tx) => {
        const { family, locked } = await changeInFamily(tx, principal, id, visible.versionOf ?? visible.id);
        if (body.expectedRevision !== undefined && body.expectedRevision !== locked.revision) {
          throw new AppError('CONFLICT', `The project changed (revision ${locked.revision}); reload it`);
        }
        const now = ctx.clock();
        await touchProject(tx, id, now, { ...(name !== undefined ? { name } : {}), ...(body.config ? { config: { ...locked.config, ...body.config } } : {}) });
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'project',
          entityId: id,
          action: name !== undefined && name !== locked.name ? 'rename' : 'update',
          before: { name: locked.name, ...(body.config ? { config: locked.config } : {}) },
          after: { name: name ?? locked.name, ...(body.config ? { config: { ...locked.config, ...body.config } } : {}) },
          projectId: id,
          companyId: locked.companyId,
        });
        // A name is the project's: it reaches every version (README, "Version families").
        if (name !== undefined) await renameSiblings(tx, family, id, name, now);
      });
      return summaryById(principal, id);
    },

    /** Deletes the project: every version of its family (README, "Version families"). */
    async remove(principal: Principal, id: number) {
      const visible = await visibleOr404(principal, id);
      if (!isManager(principal, visible)) throw notYours();
      const deleted = await ctx.db.transaction(async (tx) => {
        const { family } = await changeInFamily(tx, principal, id, visible.versionOf ?? visible.id);
        if (family.some((row) => !isManager(principal, row))) throw notYours();
        const ordered = family.find((row) => row.status !== 1);
        if (ordered) throw new AppError('CONFLICT', `Version ${ordered.versionNumber} of this project is ordered and cannot be deleted; delete the other versions one by one`);
        const ids = family.map((row) => row.id);
        await touchProjects(tx, ids, ctx.clock(), { status: 0 });
        for (const row of family) {
          await recordAudit(tx, { ...auditWho(principal), entity: 'project', entityId: row.id, action: 'delete', before: { name: row.name, status: row.status }, after: { status: 0 }, projectId: row.id, companyId: row.companyId });
        }
        return ids;
      });
      return { id, status: 0 as const, deleted };
    },

    /** Deletes one version; the others stay together (numbers are not reused). */
    async removeVersion(principal: Principal, id: number) {
      await change(principal, id, async (tx, locked) => {
        await touchProject(tx, id, ctx.clock(), { status: 0 });
        await recordAudit(tx, { ...auditWho(principal), entity: 'project_version', entityId: id, action: 'delete', before: { version: locked.versionNumber, status: locked.status }, after: { status: 0 }, projectId: id, companyId: locked.companyId });
      });
      return { id, status: 0 as const, deleted: [id] };
    },

    async duplicate(principal: Principal, id: number, body: { name?: string } | null | undefined): Promise<ProjectSummary> {
      // hideCloneProjectButton hides the button from this caller; the api refuses the call alike.
      if (await deps.flags.forCaller(principal).isEnabled('hideCloneProjectButton')) throw new AppError('FORBIDDEN', 'Duplicating projects is switched off for you (feature flag hideCloneProjectButton)');
      const source = await visibleOr404(principal, id);
      const name = body?.name !== undefined ? checkedName(projectTitleSchema, body.name, 'body.name') : await freeCopyName(principal, source.name);
      const created = await ctx.db.transaction(async (tx) => {
        const copy = await copyProject(tx, source, { name, ownerId: principal.userId, companyId: principal.companyId, origin: originOfCreator(principal) });
        await recordIdempotentResource(tx, { kind: 'project', id: copy.id });
        return copy;
      });
      return summaryById(principal, created.id);
    },

    async version(principal: Principal, id: number, body: { title?: string; email?: string } | null | undefined): Promise<ProjectSummary> {
      const title = body?.title !== undefined ? checkedName(versionTitleSchema, body.title, 'body.title') : null;
      let email: string | undefined;
      if (body?.email !== undefined && body.email.trim() !== '') {
        const parsed = emailSchema.safeParse(body.email);
        if (!parsed.success) throw badField('body.email', parsed.error.issues[0]?.message ?? 'formError.email');
        email = parsed.data;
      }
      // The e-mail goes to an address the caller picks: limited per sender and per recipient, and
      // every request recorded (README, "Version e-mails"). A refused mail refuses the whole call.
      const mailChecks: RateCheck[] = email
        ? [
            { key: `version-mail:user:${principal.userId}`, policy: VERSION_MAILS_PER_USER },
            { key: `version-mail:to:${email}`, policy: VERSION_MAILS_PER_RECIPIENT },
          ]
        : [];
      if (email) {
        try {
          await limiter.hit(mailChecks);
        } catch (error) {
          if (error instanceof RateLimitedError) {
            await insertVersionMail(ctx.db, { projectId: id, versionId: null, senderId: principal.userId, recipient: email, outcome: 'rate_limited', at: ctx.clock() });
          }
          throw error;
        }
      }
      let mailId: number | undefined;
      let created: ProjectRow;
      try {
        created = await ctx.db.transaction(async (tx) => {
          const visible = await visibleOr404(principal, id, tx);
          const root = visible.versionOf ?? visible.id;
          // The family locked in id order before anything (not the source first): two versions saved
          // at once from two versions of the family queue, and get two numbers.
          const { locked } = await changeInFamily(tx, principal, id, root);
          const number = (await maxVersionNumber(tx, root)) + 1;
          const copy = await copyProject(tx, locked, {
            name: locked.name,
            ownerId: locked.ownerId,
            companyId: locked.companyId,
            origin: locked.origin,
            ...(locked.importedFromId !== null ? { importedFromId: locked.importedFromId } : {}),
            versionOf: root,
            versionNumber: number,
            versionTitle: title,
          });
          await recordIdempotentResource(tx, { kind: 'project', id: copy.id });
          await recordAudit(tx, { ...auditWho(principal), entity: 'project_version', entityId: copy.id, action: 'create', before: null, after: { version: number, title, from: id }, projectId: id, companyId: locked.companyId });
          if (email) mailId = await insertVersionMail(tx, { projectId: id, versionId: copy.id, senderId: principal.userId, recipient: email, outcome: 'queued', at: ctx.clock() });
          return copy;
        });
      } catch (error) {
        // Nothing was made (not found, not yours, read only): the attempt does not count.
        for (const { key } of mailChecks) await limiter.release(key);
        throw error;
      }
      if (email && mailId !== undefined) {
        const recordedId = mailId;
        const message = versionMail({
          to: email,
          lang: langFor(principal),
          sender: principal.name,
          project: created.name,
          projectId: created.id,
          version: created.versionNumber,
          title,
          linkOrigin: ctx.config.linkOrigin,
        });
        ctx.background.run('project-version-mail', async () => {
          try {
            await ctx.mailer.send(message);
          } catch (error) {
            await setVersionMailOutcome(ctx.db, recordedId, 'failed', ctx.clock());
            throw error;
          }
          await setVersionMailOutcome(ctx.db, recordedId, 'sent', ctx.clock());
        });
      }
      return summaryById(principal, created.id);
    },

    async versionUpdate(principal: Principal, id: number, body: { title?: string } | null | undefined): Promise<ProjectSummary> {
      const title = body?.title !== undefined ? checkedName(versionTitleSchema, body.title, 'body.title') : undefined;
      await change(principal, id, async (tx, locked) => {
        const project = await touchProject(tx, id, ctx.clock(), title !== undefined ? { versionTitle: title } : {});
        await recordAudit(tx, { ...auditWho(principal), entity: 'project_version', entityId: id, action: 'update', before: { title: locked.versionTitle }, after: { title: project.versionTitle }, projectId: id, companyId: locked.companyId });
        await productsChanged(tx, project, true);
      });
      return summaryById(principal, id);
    },

    async versions(principal: Principal, id: number): Promise<ProjectVersion[]> {
      const row = await visibleOr404(principal, id);
      const chain = await listVersionChain(ctx.db, scopeOf(principal), row.versionOf ?? row.id);
      return chain.map((version) => versionOf(version, id));
    },

    /** A project's summary, as duplicate and version answer it (a retry of their key after a crash, issue 29 §6). */
    async summary(principal: Principal, id: number): Promise<ProjectSummary> {
      return summaryById(principal, id);
    },

    /**
     * The answer of an add (or clone) of products whose lines committed without their answer (the
     * process died between; issue 29 §6): the lines it added, from their token (linesToken), as they
     * are now. A line deleted since is left out.
     */
    async addedLines(principal: Principal, token: string): Promise<ProductsAdded> {
      const [projectId, start, count] = token.split('-').map(Number);
      if (projectId === undefined || start === undefined || count === undefined) throw new Error(`Malformed lines token ${token}`);
      const project = await visibleOr404(principal, projectId);
      const lines = (await listProducts(ctx.db, projectId)).filter((line) => line.position >= start && line.position < start + count);
      return { projectId, revision: project.revision, products: await renderLines(principal, project, lines, langFor(principal)) };
    },

    async addProducts(principal: Principal, id: number, body: AddBody): Promise<ProductsAdded> {
      return addLines(principal, id, body, 'body');
    },

    async addProductsApiv2(principal: Principal, body: Apiv2AddBody): Promise<ProductsAdded> {
      return addLines(principal, body.projectId, body.products, 'body.products', body.config);
    },

    async cloneProduct(principal: Principal, id: number, productId: string): Promise<ProductsAdded> {
      const upsert = await versionUpsertOn(principal);
      const { project, inserted } = await change(principal, id, async (tx) => {
        const source = await findProduct(tx, id, productId);
        if (!source) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        if ((await countProducts(tx, id)) + 1 > MAX_PRODUCTS_PER_PROJECT) throw badField('params.productId', `A project holds at most ${MAX_PRODUCTS_PER_PROJECT} products`);
        const now = ctx.clock();
        const [copy] = copyRows(id, [source], now);
        if (!copy) throw new Error('copy failed');
        const position = await nextPosition(tx, id);
        const inserted = await insertProducts(tx, [{ ...copy, position }]);
        await recordIdempotentResource(tx, { kind: 'project_lines', id: linesToken(id, position, 1) });
        const project = await touchProject(tx, id, now);
        await productsChanged(tx, project, upsert);
        await auditLines(tx, principal, project, 'clone', inserted.map((row) => ({ id: row.id, after: lineAudit(row) })));
        return { project, inserted };
      });
      return { projectId: id, revision: project.revision, products: await renderLines(principal, project, inserted, langFor(principal)) };
    },

    async deleteProduct(principal: Principal, id: number, productId: string): Promise<z.infer<typeof ProductDeleted>> {
      const upsert = await versionUpsertOn(principal);
      const project = await change(principal, id, async (tx) => {
        const existing = await findProduct(tx, id, productId);
        if (!existing || !(await deleteProduct(tx, id, productId))) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        const project = await touchProject(tx, id, ctx.clock());
        await productsChanged(tx, project, upsert);
        await auditLines(tx, principal, project, 'delete', [{ id: productId, before: lineAudit(existing) }]);
        return project;
      });
      return { projectId: id, revision: project.revision, productId };
    },

    async updateProduct(principal: Principal, id: number, productId: string, body: UpdateBody): Promise<ProductUpdated> {
      const upsert = await versionUpsertOn(principal);
      const current = await visibleOr404(principal, id);
      if (!isManager(principal, current)) throw notYours();
      const catalogId = catalogIdOf(current.catalogId);
      let replacement: NewLine | undefined;
      if (body.referenceCode !== undefined) {
        [replacement] = await prepareLines(
          lineDeps(),
          principal,
          catalogId,
          [{ type: 'REGULAR', referenceCode: body.referenceCode, quantity: body.quantity ?? 1, ...(body.pendantHeight !== undefined ? { pendantHeight: body.pendantHeight } : {}) }],
          () => 'body',
        );
      }
      // A new height for the line's own reference: checked against its model, then only the attribute changes.
      let height: { reference: string; attribute: LineAttribute } | undefined;
      if (body.pendantHeight !== undefined && !replacement) {
        const line = await findProduct(ctx.db, id, productId);
        if (!line) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        if (line.type !== 'REGULAR' || !line.referenceCode) throw badField('body.pendantHeight', 'Only a regular product takes a pendant height');
        const article = await deps.products.articleByReference(principal, { catalogId, reference: line.referenceCode }).catch((error: unknown) => {
          if (error instanceof AppError && error.status < 500) throw badField('body.pendantHeight', error.fields?.[0]?.message ?? error.message);
          throw error;
        });
        const fault = pendantHeightFault(article, await modelCatalogue(deps.products, principal, catalogId, article.model), body.pendantHeight);
        if (fault) throw badField('body.pendantHeight', fault);
        const attribute = contextOfArticle(article, body.pendantHeight).attributes?.pendantHeight;
        if (!attribute) throw badField('body.pendantHeight', `Model ${article.model} has no pendant height`);
        height = { reference: line.referenceCode, attribute };
      }
      // A creation's new space (issue 15 §4): rebuilt and priced now, stored as the line's next revision.
      let creation: CreationEvaluation | undefined;
      if (body.space !== undefined) {
        const line = await findProduct(ctx.db, id, productId);
        if (!line) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        if (line.type !== 'CREATION') throw badField('body.space', 'Only a creation takes a space');
        const subFamilyId = lineDataOf(line).subFamily?.id;
        creation = await evaluatedCreation(deps.products, principal, catalogId, { space: body.space, quantity: body.quantity ?? line.quantity, ...(subFamilyId !== undefined ? { subFamilyId } : {}) }, 'body.space');
      }
      const { project, row } = await change(principal, id, async (tx, locked) => {
        if (body.expectedRevision !== undefined && body.expectedRevision !== locked.revision) {
          throw new AppError('CONFLICT', `The project changed (revision ${locked.revision}); reload it`);
        }
        const existing = await findProduct(tx, id, productId);
        if (!existing) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        if (replacement && existing.type !== 'REGULAR') throw badField('body.referenceCode', 'Only a regular product takes a reference');
        if (height && existing.referenceCode !== height.reference) throw new AppError('CONFLICT', 'The product changed; reload it');
        const data = { ...lineDataOf(existing), ...(replacement ? replacement.data : {}) };
        if (height) data.context = { ...data.context, attributes: { ...data.context?.attributes, pendantHeight: height.attribute } };
        if (body.configId !== undefined) data.configId = body.configId;
        if (body.configuratorType !== undefined) data.configuratorType = body.configuratorType;
        if (creation && existing.type !== 'CREATION') throw new AppError('CONFLICT', 'The product changed; reload it');
        if (creation) Object.assign(data, creationData(creation, (lineDataOf(existing).revision ?? 1) + 1));
        else if (body.compositions !== undefined && existing.type !== 'CREATION') data.compositions = body.compositions;
        if (body.preconfigId !== undefined) data.preconfigId = body.preconfigId;
        if (body.productCode !== undefined) data.productCode = body.productCode;
        const now = ctx.clock();
        const row = await updateProduct(tx, id, productId, {
          ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
          ...(body.isPersonalized !== undefined ? { isPersonalized: body.isPersonalized } : {}),
          ...(replacement ? { referenceCode: replacement.referenceCode, model: replacement.model } : {}),
          data: data as unknown as Record<string, unknown>,
          updatedAt: now,
        });
        if (!row) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        if (creation) await insertRevision(tx, row, principal.userId);
        const project = await touchProject(tx, id, now);
        await productsChanged(tx, project, upsert);
        await auditLines(tx, principal, project, 'update', [{ id: productId, before: lineAudit(existing), after: lineAudit(row) }]);
        return { project, row };
      });
      const [product] = await renderLines(principal, project, [row], langFor(principal));
      if (!product) throw new Error('render failed');
      return { projectId: id, revision: project.revision, product };
    },

    async validateProduct(principal: Principal, id: number, productId: string) {
      const upsert = await versionUpsertOn(principal);
      const project = await change(principal, id, async (tx) => {
        const existing = await findProduct(tx, id, productId);
        if (!existing) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
        const now = ctx.clock();
        await updateProduct(tx, id, productId, {
          isPersonalized: 1,
          data: { ...lineDataOf(existing), validation: { status: 'VALIDATED' } } as unknown as Record<string, unknown>,
          updatedAt: now,
        });
        const project = await touchProject(tx, id, now);
        await productsChanged(tx, project, upsert);
        return project;
      });
      return { _id: productId, validation: { status: 'VALIDATED' }, revision: project.revision };
    },

    async techInfoActions(principal: Principal, id: number) {
      await visibleOr404(principal, id);
      const lines = await listProducts(ctx.db, id);
      const regular = lines.some((line) => line.type === 'REGULAR');
      const any = lines.length > 0;
      const download = has(principal, 'project.download');
      return {
        projectId: id,
        download,
        actions: [
          { code: 'specSheet' as const, enabled: download && any },
          { code: 'manual' as const, enabled: download && any },
          { code: 'energyLabel' as const, enabled: download && regular },
          { code: '2D_3D' as const, enabled: download && any },
          { code: 'imagesHD' as const, enabled: download && any },
          { code: 'photometry' as const, enabled: download && regular },
        ],
      };
    },

    async tooltipInfo(principal: Principal, id: number) {
      const row = await visibleOr404(principal, id);
      const lines = await listProducts(ctx.db, id);
      const chain = await listVersionChain(ctx.db, scopeOf(principal), row.versionOf ?? row.id);
      return {
        projectId: id,
        name: row.name,
        productsCount: lines.length,
        unitsCount: lines.reduce((sum, line) => sum + line.quantity, 0),
        personalizedCount: lines.filter((line) => line.isPersonalized === 1).length,
        versionsCount: chain.length,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** Every saved space of a creation line, newest first (issue 15 §4); 404 outside the caller's projects. */
    async revisions(principal: Principal, id: number, productId: string): Promise<CreationRevision[]> {
      await visibleOr404(principal, id);
      const line = await findProduct(ctx.db, id, productId);
      if (!line) throw new AppError('NOT_FOUND', `No product ${productId} in project ${id}`);
      const rows = await listRevisions(ctx.db, productId);
      return rows.map((row) => ({
        revision: row.revision,
        createdAt: row.createdAt.toISOString(),
        space: migratedSpace(row.space),
        quantity: row.quantity,
        totals: { lumens: 0, watts: 0, lights: 0, clusters: 0, pendants: 0, wireLength: 0, ...row.totals },
      }));
    },

    /**
     * A drawn line's 3D model or plan (issue 16 §4), made by the products service from the line's space
     * in the project's catalogue: the project's read scope (another company's project is a 404), and a
     * 404 for a line that is no drawing.
     */
    async exportProduct(principal: Principal, id: number, productId: string, format: CreationExportFormat) {
      const project = await visibleOr404(principal, id);
      const line = await findProduct(ctx.db, id, productId);
      const data = line ? lineDataOf(line) : undefined;
      if (!line || line.type !== 'CREATION' || !data?.space || !data.subFamily || drawingFamilyOf(data.subFamily.id) === null) {
        throw new AppError('NOT_FOUND', `No drawn product ${productId} in project ${id}`);
      }
      const catalogId: CatalogId = project.catalogId === 21 ? 21 : 16;
      return deps.products.exportCreation(principal, { space: data.space, subFamilyId: data.subFamily.id, catalogId, name: line.creationCode ?? productId }, format);
    },

    /**
     * A creation line's picture (issue 35 §2): its composition rendered from its saved space, in the
     * project's read scope (another company's project is a 404), a 404 for a line without a space.
     * The ETag is the hash of what it is made from, so a revalidation is answered without rendering.
     */
    async productPicture(principal: Principal, id: number, productId: string, ifNoneMatch: string | undefined): Promise<{ etag: string; image: Buffer | null }> {
      await visibleOr404(principal, id);
      const line = await findProduct(ctx.db, id, productId);
      const data = line ? lineDataOf(line) : undefined;
      if (!line || line.type !== 'CREATION' || !data?.space) throw new AppError('NOT_FOUND', `No composition ${productId} in project ${id}`);
      const subFamilyId = data.subFamily?.id ?? 0;
      const etag = compositionImageEtag(data.space, subFamilyId);
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return { etag, image: null };
      // A crea composition draws each luminaire with its own model's geometry and finish, as its documents do.
      const image = await compositionImage(data.space, subFamilyId, {}, async (model, finish) => (await deps.products.pictureOf('model', model, finish)) ?? null);
      if (!image) throw new AppError('NOT_FOUND', `Composition ${productId} has nothing to draw`);
      return { etag, image: image.data };
    },

    async generateCreationCode(prefix: string) {
      const { code, number } = await newCreationCode(prefix);
      return { creationCode: code, creationNumber: number };
    },

    /** Imports a project assigned to the caller as a copy the caller owns (origin THIRDPARTY). */
    async importThirdparty(principal: Principal, id: number): Promise<ImportResult> {
      const source = await findVisibleProject(ctx.db, scopeOf(principal), id);
      if (!source || source.assigneeUserId !== principal.userId) return { success: false, status: 404 };
      if (source.ownerId === principal.userId || (await findImport(ctx.db, principal.userId, id))) return { success: false, status: 400 };
      const created = await ctx.db.transaction(async (tx) => {
        const locked = await lockProject(tx, id);
        if (!locked || locked.status === 0) return undefined;
        if (await findImport(tx, principal.userId, id)) return null;
        return copyProject(tx, locked, { name: locked.name, ownerId: principal.userId, companyId: principal.companyId, origin: 'THIRDPARTY', importedFromId: id });
      });
      if (created === undefined) return { success: false, status: 404 };
      if (created === null) return { success: false, status: 400 };
      return { success: true, status: 200, project: await summaryById(principal, created.id) };
    },

    async assignThirdparty(principal: Principal, id: number, body: z.infer<typeof AssignThirdpartyBody>) {
      const parsed = emailSchema.safeParse(body.email);
      if (!parsed.success) throw badField('body.email', parsed.error.issues[0]?.message ?? 'formError.email');
      const assignee = await findUserByEmail(ctx.db, parsed.data);
      if (!assignee) throw badField('body.email', 'projects.assign.unknown');
      await change(principal, id, async (tx, locked) => {
        if (assignee.id === locked.ownerId) throw badField('body.email', 'projects.assign.owner');
        await touchProject(tx, id, ctx.clock(), { assigneeUserId: assignee.id });
      });
      return { projectId: id, isAssignedThirdparty: true as const, assignee: { email: assignee.email, name: assignee.name } };
    },
  };
}
