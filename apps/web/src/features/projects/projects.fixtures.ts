import type { Account, Project, ProjectProduct, ProjectSummary, ProjectVersion } from '@lumen/contracts';
import { createFakeApi, failure, json, makeAccount, type FakeCall } from '../../../test/fake-api';

/** Test data and an in-memory projects service for the projects screens' tests. */

let uuidCounter = 0;
export function uuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${String(uuidCounter).padStart(12, '0')}`;
}

const PERMISSIONS = { view: true, edit: true, delete: true, clone: true, download: true, addByReference: true, assignThirdparty: false };

export function makeSummary(id: number, overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id,
    name: `Project ${id}`,
    catalogId: 16,
    currency: 'EUR',
    status: 1,
    origin: 'OWN',
    isAssignedThirdparty: false,
    owner: { id: 7, name: 'Ann Example', email: 'ann@example.com' },
    companyId: null,
    productsCount: 0,
    versionOf: id,
    versionNumber: 1,
    versionTitle: null,
    revision: 0,
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: `2026-03-${String(10 + (id % 18)).padStart(2, '0')}T10:00:00Z`,
    permissions: { ...PERMISSIONS },
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<ProjectProduct> = {}): ProjectProduct {
  return {
    _id: uuid(),
    type: 'REGULAR',
    isPersonalized: 1,
    familyId: 3,
    subFamily: { id: 302, description: 'North' },
    applicationLocation: { id: 2 },
    model: '0270',
    referenceCode: '027001/03_10',
    creationCode: null,
    creationNumber: null,
    quantity: 2,
    sublevel: 3,
    configuratorType: { id: 4 },
    configId: null,
    category: null,
    compositions: [],
    validation: { status: null },
    preconfigId: null,
    productCode: null,
    description: 'North wall',
    attributes: {
      finish: { code: '01', description: 'White' },
      ledColourTemp: { code: '3', description: '3000 K warm white' },
      control: { code: '0', description: 'On/off' },
      installation: { code: '10', description: 'Surface' },
    },
    lumensLed: 1200,
    watts: 12,
    price: { currency: 'EUR', unitGross: 100, discountPercent: 25, unitNet: 75, totalNet: 150 },
    ...overrides,
  };
}

export function makeProject(id: number, overrides: Partial<Project> = {}): Project {
  const products = overrides.products ?? [makeProduct()];
  return { ...makeSummary(id), products, config: {}, totalNet: 150, productsCount: products.length, ...overrides };
}

function toSummary(project: Project): ProjectSummary {
  const { products, config, totalNet, ...summary } = project;
  void config;
  void totalNet;
  return { ...summary, productsCount: products.length };
}

export interface ProjectsApiOptions {
  /** Default a distributor; null: a visitor. */
  account?: Account | null;
  projects?: Project[];
  /** Answer this call first (undefined: the in-memory service answers). */
  before?: (call: FakeCall) => Response | undefined | Promise<Response | undefined>;
  /** References the catalogue has (GET products /v1/articles/references). */
  references?: string[];
}

/** The fake api plus an in-memory projects service with list, detail and the project actions. */
/** The api's search folding (lumen_search_fold): case and accents ignored. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function versionOf(item: Project, currentId: number): ProjectVersion {
  return {
    id: item.id,
    name: item.name,
    versionNumber: item.versionNumber,
    versionTitle: item.versionTitle,
    status: item.status,
    productsCount: item.products.length,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    current: item.id === currentId,
  };
}

export function projectsApi(options: ProjectsApiOptions = {}) {
  const account = options.account === undefined ? makeAccount({ role: 'distributor' }) : options.account;
  const api = createFakeApi({ account });
  const projects = new Map<number, Project>((options.projects ?? []).map((project) => [project.id, project]));
  let nextId = 1000;
  const references = new Set(options.references ?? ['027001/03_10', '5520NE/MC_32', '5520-NE/MC_32']);
  const before = options.before;
  // The fake api awaits each answer and falls through on undefined, async ones included.
  if (before) api.handle((call) => before(call) as Response | Promise<Response> | undefined);

  api.handle((call) => {
    const { method, path, query } = call;
    if (method === 'GET' && path === '/api/projects/v1/projects/filter') {
      const search = fold(query.get('search') ?? '');
      if (search.length > 100) {
        return json(400, { ErrorCode: 400, ErrorDescription: 'The request is not valid', code: 'VALIDATION_FAILED', fields: [{ path: 'querystring.search', message: 'formError.maxLength' }] });
      }
      const type = query.get('projectType');
      const sortBy = query.get('sortBy') ?? 'UPDATED_RECENT';
      const perPage = Number(query.get('itemsPerPage') ?? 10);
      const page = Number(query.get('page') ?? 1);
      const live = [...projects.values()].filter((project) => project.status !== 0).filter((project) => !type || project.origin === type);
      // One item per version family, as the api answers: the version changed last, every version under it.
      const families = new Map<number, Project[]>();
      for (const project of live) families.set(project.versionOf, [...(families.get(project.versionOf) ?? []), project]);
      const items = [...families.values()]
        .filter((family) => family.some((project) => fold(project.name).includes(search) || fold(project.versionTitle ?? '').includes(search)))
        .map((family) => {
          const versions = [...family].sort((a, b) => a.versionNumber - b.versionNumber);
          const head = [...versions].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.versionNumber - a.versionNumber)[0] as Project;
          return { ...toSummary(head), versions: versions.map((version) => versionOf(version, head.id)) };
        })
        .sort((a, b) => {
          if (sortBy === 'NAME_ASC') return a.name.localeCompare(b.name);
          if (sortBy === 'NAME_DESC') return b.name.localeCompare(a.name);
          if (sortBy === 'UPDATED_OLDER') return a.updatedAt.localeCompare(b.updatedAt);
          return b.updatedAt.localeCompare(a.updatedAt);
        });
      const totalPages = Math.max(1, Math.ceil(items.length / perPage));
      return json(200, {
        items: items.slice((page - 1) * perPage, page * perPage),
        meta: { page, itemsPerPage: perPage, totalItems: items.length, totalPages, sortBy, projectType: type ?? 'ALL' },
      });
    }
    if (method === 'GET' && path === '/api/projects/v1/projects/types') {
      return json(200, ['ALL', 'OWN', 'COMPANY', 'IMPORTER', 'THIRDPARTY', 'ASSIGNED'].map((code) => ({ code, description: code })));
    }
    if (method === 'GET' && path === '/api/projects/v1/projects') {
      return json(200, [...projects.values()].map(({ id, name, catalogId, updatedAt, versionNumber, versionTitle }) => ({ id, name, catalogId, updatedAt, versionNumber, versionTitle })));
    }
    if (method === 'POST' && path === '/api/projects/v1/projects') {
      const body = call.body as { name: string; catalogId: 16 | 21; products: { referenceCode: string; quantity: number }[] };
      nextId += 1;
      const project = makeProject(nextId, {
        name: body.name,
        catalogId: body.catalogId,
        products: body.products.map((item) => makeProduct({ referenceCode: item.referenceCode, quantity: item.quantity })),
        updatedAt: '2026-04-01T10:00:00Z',
      });
      projects.set(project.id, project);
      return json(201, project);
    }
    const one = /^\/api\/projects\/v1\/projects\/(\d+)$/.exec(path);
    if (one) {
      const project = projects.get(Number(one[1]));
      if (!project || project.status === 0) return failure(404, 'NOT_FOUND');
      if (method === 'GET') {
        const prices = query.get('prices') === 'true';
        return json(200, prices ? project : { ...project, totalNet: null, products: project.products.map((item) => ({ ...item, price: null })) });
      }
      const family = [...projects.values()].filter((item) => item.versionOf === project.versionOf && item.status !== 0);
      if (method === 'PUT') {
        // A name is the project's: every version in progress takes it.
        const name = (call.body as { name: string }).name;
        for (const item of family) if (item.status === 1 && item.name !== name) Object.assign(item, { name, revision: item.revision + 1 });
        return json(200, toSummary(project));
      }
      if (method === 'DELETE') {
        for (const item of family) item.status = 0;
        return json(200, { id: project.id, status: 0, deleted: family.map((item) => item.id) });
      }
    }
    const clone = /^\/api\/projects\/v1\/projects\/(\d+)\/clone$/.exec(path);
    if (method === 'POST' && clone) {
      const source = projects.get(Number(clone[1]));
      if (!source) return failure(404, 'NOT_FOUND');
      nextId += 1;
      const copy = { ...source, id: nextId, name: `${source.name} (copy)`, updatedAt: '2026-04-02T10:00:00Z', versionOf: nextId };
      projects.set(copy.id, copy);
      return json(201, toSummary(copy));
    }
    const version = /^\/api\/apiv2\/project\/(\d+)\/version$/.exec(path);
    if (method === 'POST' && version) {
      const source = projects.get(Number(version[1]));
      if (!source) return failure(404, 'NOT_FOUND');
      nextId += 1;
      const chain = [...projects.values()].filter((item) => item.versionOf === source.versionOf);
      const made = { ...source, id: nextId, versionNumber: chain.length + 1, versionTitle: (call.body as { title?: string }).title ?? null, updatedAt: '2026-04-03T10:00:00Z' };
      projects.set(made.id, made);
      return json(201, toSummary(made));
    }
    const versions = /^\/api\/apiv2\/project\/(\d+)\/versions$/.exec(path);
    if (method === 'GET' && versions) {
      const source = projects.get(Number(versions[1]));
      if (!source) return failure(404, 'NOT_FOUND');
      const list: ProjectVersion[] = [...projects.values()]
        .filter((item) => item.versionOf === source.versionOf && item.status !== 0)
        .sort((a, b) => a.versionNumber - b.versionNumber)
        .map((item) => versionOf(item, source.id));
      return json(200, list);
    }
    const deleteVersion = /^\/api\/apiv2\/project\/(\d+)\/version$/.exec(path);
    if (method === 'DELETE' && deleteVersion) {
      const project = projects.get(Number(deleteVersion[1]));
      if (!project || project.status === 0) return failure(404, 'NOT_FOUND');
      project.status = 0;
      return json(200, { id: project.id, status: 0, deleted: [project.id] });
    }
    const productsPath = /^\/api\/projects\/v1\/projects\/(\d+)\/products$/.exec(path);
    if (method === 'POST' && productsPath) {
      const project = projects.get(Number(productsPath[1]));
      if (!project) return failure(404, 'NOT_FOUND');
      const added = (call.body as { referenceCode: string; quantity: number }[]).map((item) => makeProduct({ referenceCode: item.referenceCode, quantity: item.quantity }));
      project.products.push(...added);
      project.revision += 1;
      return json(201, { projectId: project.id, revision: project.revision, products: added });
    }
    const productPath = /^\/api\/projects\/v1\/projects\/(\d+)\/products\/([\w-]+)$/.exec(path);
    if (productPath) {
      const project = projects.get(Number(productPath[1]));
      const product = project?.products.find((item) => item._id === productPath[2]);
      if (!project || !product) return failure(404, 'NOT_FOUND');
      project.revision += 1;
      if (method === 'PUT') {
        product.quantity = (call.body as { quantity: number }).quantity;
        if (product.price) product.price = { ...product.price, totalNet: product.quantity * product.price.unitNet };
        return json(200, { projectId: project.id, revision: project.revision, product });
      }
      if (method === 'DELETE') {
        project.products = project.products.filter((item) => item !== product);
        return json(200, { projectId: project.id, revision: project.revision, productId: product._id });
      }
    }
    const productClone = /^\/api\/apiv2\/projects\/(\d+)\/products\/([\w-]+)\/clone$/.exec(path);
    if (method === 'POST' && productClone) {
      const project = projects.get(Number(productClone[1]));
      const product = project?.products.find((item) => item._id === productClone[2]);
      if (!project || !product) return failure(404, 'NOT_FOUND');
      const copy = { ...product, _id: uuid() };
      project.products.splice(project.products.indexOf(product) + 1, 0, copy);
      return json(201, { projectId: project.id, revision: project.revision, products: [copy] });
    }
    if (method === 'GET' && path === '/api/products/v1/articles/references') {
      const reference = query.get('reference') ?? '';
      return references.has(reference) ? json(200, { reference, model: reference.slice(0, 4) }) : failure(404, 'NOT_FOUND');
    }
    return undefined;
  });
  return { ...api, projects };
}

/** A promise the test resolves when it wants (to hold a call open). */
export function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
