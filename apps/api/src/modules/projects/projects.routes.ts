import {
  AddProductsBody,
  Apiv2AddProductsBody,
  AssignThirdpartyBody,
  AssignThirdpartyResult,
  CreateProjectBody,
  CreationCode,
  CreationCodeBody,
  CreationRevisionList,
  DuplicateProjectBody,
  ImportResult,
  ProductDeleted,
  ProductsAdded,
  ProductUpdated,
  ProductValidation,
  Project,
  ProjectDeleted,
  ProjectDetailQuery,
  ProjectIdParam,
  ProjectListPage,
  ProjectListQuery,
  ProjectName,
  ProjectNameBody,
  ProjectPickerList,
  ProjectPickerQuery,
  ProjectProductList,
  ProjectProductExportParams,
  ProjectProductParams,
  ProjectProductsQuery,
  ProjectSummary,
  ProjectTypeList,
  ProjectTypesQuery,
  ProjectVersionList,
  TechInfoActions,
  TooltipInfo,
  UpdateProductBody,
  UpdateProjectBody,
  VersionBody,
  VersionUpdateBody,
} from '@lumen/contracts';
import type { Privilege } from '@lumen/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../http/access-guard';
import { committedResource, committedToken } from '../../http/idempotency';
import { hidePricesWithoutPriceView } from '../../http/price-view';
import { VIEW_PRIVILEGES } from './projects.access';
import type { ProjectsService } from './projects.service';
import { attachmentDisposition } from '../../http/attachment';

export interface ProjectsRoutesOptions {
  projects: ProjectsService;
}

const need = (...privileges: Privilege[]) => ({ access: { privileges } });
const view = { access: { privileges: VIEW_PRIVILEGES } };

/**
 * The project calls of spec §7 under /api/projects/… and /api/apiv2/…. An operation the spec lists at
 * several paths (v1, v2, v3, apiv2) is implemented once and served at each. The guard checks the
 * privilege; the service checks the scope (own, company, assigned) and the status of each project.
 * Every POST that creates (project, copy, version, products) takes an Idempotency-Key (`idempotent`).
 */
export const projectsRoutes: FastifyPluginAsyncZod<ProjectsRoutesOptions> = async (app, { projects }) => {
  const tags = ['projects'];
  // Project lines carry catalogue data: no price field for a caller without price.view (issue 9 §5 finding 4).
  hidePricesWithoutPriceView(app);

  for (const [url, variant] of [
    ['/api/projects/v1/projects/filter', 'v1'],
    ['/api/apiv2/projects/filter', 'v1'],
    ['/api/projects/v3/projects', 'v3'],
    ['/api/projects/v3/projects/withOutCRM', 'v3'],
  ] as const) {
    app.get(
      url,
      {
        config: view,
        schema: {
          tags,
          summary: variant === 'v3' ? 'Project list, 5 per page (v3)' : 'Project list: paging, search, sort, origin filter',
          querystring: ProjectListQuery,
          response: { 200: ProjectListPage },
        },
      },
      async (request) => projects.list(requirePrincipal(request), request.query, variant),
    );
  }

  app.get(
    '/api/projects/v1/projects',
    { config: view, schema: { tags, summary: 'Every visible project, id and name (type=LIST)', querystring: ProjectPickerQuery, response: { 200: ProjectPickerList } } },
    async (request) => projects.names(requirePrincipal(request), request.query.catalogId, request.query.editable === true),
  );

  app.get(
    '/api/projects/v1/projects/types',
    { config: view, schema: { tags, summary: 'The list filters (project types) the caller may use', querystring: ProjectTypesQuery, response: { 200: ProjectTypeList } } },
    async (request) => projects.types(requirePrincipal(request), request.query.lang),
  );

  for (const url of ['/api/projects/v1/projects', '/api/projects/v2/projects']) {
    app.post(
      url,
      { config: { ...need('project.add'), idempotent: true }, schema: { tags, summary: 'Create a project {name, catalogId, products, references}', body: CreateProjectBody, response: { 201: Project } } },
      async (request, reply) => {
        // A retry of a key whose project committed without its answer answers that project (issue 29 §6).
        const committed = committedResource(request, 'project');
        const principal = requirePrincipal(request);
        const project = committed !== null ? await projects.detail(principal, committed, {}) : await projects.create(principal, request.body);
        return reply.code(201).send(project);
      },
    );
  }

  for (const url of ['/api/projects/v1/projects/:projectId', '/api/projects/v2/projects/:projectId', '/api/apiv2/project/:projectId']) {
    app.get(
      url,
      { config: view, schema: { tags, summary: 'A project with its products (lang, prices, parseProducts)', params: ProjectIdParam, querystring: ProjectDetailQuery, response: { 200: Project } } },
      async (request) => projects.detail(requirePrincipal(request), request.params.projectId, request.query),
    );
  }

  app.put(
    '/api/projects/v1/projects/:projectId',
    { config: need('project.edit'), schema: { tags, summary: 'Rename a project (or change its config)', params: ProjectIdParam, body: UpdateProjectBody, response: { 200: ProjectSummary } } },
    async (request) => projects.update(requirePrincipal(request), request.params.projectId, request.body),
  );

  app.put(
    '/api/apiv2/project/:projectId/projectName',
    { config: need('project.edit'), schema: { tags, summary: 'Rename a project', params: ProjectIdParam, body: ProjectNameBody, response: { 200: ProjectSummary } } },
    async (request) => projects.update(requirePrincipal(request), request.params.projectId, { name: request.body.name }),
  );

  app.get(
    '/api/apiv2/project/:projectId/projectName',
    { config: view, schema: { tags, summary: 'The name of a project', params: ProjectIdParam, response: { 200: ProjectName } } },
    async (request) => projects.name(requirePrincipal(request), request.params.projectId),
  );

  app.delete(
    '/api/projects/v1/projects/:projectId',
    { config: need('project.delete'), schema: { tags, summary: 'Delete a project: every version of it (status 0 DELETED)', params: ProjectIdParam, response: { 200: ProjectDeleted } } },
    async (request) => projects.remove(requirePrincipal(request), request.params.projectId),
  );

  app.delete(
    '/api/apiv2/project/:projectId/version',
    { config: need('project.delete'), schema: { tags, summary: 'Delete one version of a project (the other versions stay)', params: ProjectIdParam, response: { 200: ProjectDeleted } } },
    async (request) => projects.removeVersion(requirePrincipal(request), request.params.projectId),
  );

  for (const url of ['/api/projects/v1/projects/:projectId/clone', '/api/projects/v3/projects/:projectId/clone']) {
    app.post(
      url,
      { config: { ...need('project.clone'), idempotent: true }, schema: { tags, summary: 'Duplicate a project into a new one of the caller', params: ProjectIdParam, body: DuplicateProjectBody, response: { 201: ProjectSummary } } },
      async (request, reply) => {
        const committed = committedResource(request, 'project');
        const principal = requirePrincipal(request);
        return reply.code(201).send(committed !== null ? await projects.summary(principal, committed) : await projects.duplicate(principal, request.params.projectId, request.body));
      },
    );
  }

  app.post(
    '/api/apiv2/project/:projectId/version',
    { config: { ...need('project.edit'), idempotent: true }, schema: { tags, summary: 'Save a new version (optional title ≤ 30, optional e-mail)', params: ProjectIdParam, body: VersionBody, response: { 201: ProjectSummary } } },
    async (request, reply) => {
      const committed = committedResource(request, 'project');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await projects.summary(principal, committed) : await projects.version(principal, request.params.projectId, request.body));
    },
  );

  app.post(
    '/api/apiv2/project/:projectId/version/update',
    { config: need('project.edit'), schema: { tags, summary: 'Update a version (title) and upsert it in the CRM', params: ProjectIdParam, body: VersionUpdateBody, response: { 200: ProjectSummary } } },
    async (request) => projects.versionUpdate(requirePrincipal(request), request.params.projectId, request.body),
  );

  app.get(
    '/api/apiv2/project/:projectId/versions',
    { config: view, schema: { tags, summary: 'The versions of a project', params: ProjectIdParam, response: { 200: ProjectVersionList } } },
    async (request) => projects.versions(requirePrincipal(request), request.params.projectId),
  );

  app.post(
    '/api/projects/v1/projects/:projectId/products',
    { config: { ...need('project.edit'), idempotent: true }, schema: { tags, summary: 'Add products (an array), all or none', params: ProjectIdParam, body: AddProductsBody, response: { 201: ProductsAdded } } },
    async (request, reply) => {
      const committed = committedToken(request, 'project_lines');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await projects.addedLines(principal, committed) : await projects.addProducts(principal, request.params.projectId, request.body));
    },
  );

  app.post(
    '/api/apiv2/project',
    { config: { ...need('project.edit'), idempotent: true }, schema: { tags, summary: 'Add products to a project {projectId, products, config}', body: Apiv2AddProductsBody, response: { 201: ProductsAdded } } },
    async (request, reply) => {
      const committed = committedToken(request, 'project_lines');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await projects.addedLines(principal, committed) : await projects.addProductsApiv2(principal, request.body));
    },
  );

  for (const url of ['/api/projects/v1/projects/:projectId/products', '/api/apiv2/project/:projectId/products']) {
    app.get(
      url,
      { config: view, schema: { tags, summary: 'The products of a project (isPersonalized filter)', params: ProjectIdParam, querystring: ProjectProductsQuery, response: { 200: ProjectProductList } } },
      async (request) => projects.products(requirePrincipal(request), request.params.projectId, request.query),
    );
  }

  app.post(
    '/api/apiv2/projects/:projectId/products/:productId/clone',
    { config: { ...need('project.edit'), idempotent: true }, schema: { tags, summary: 'Clone a product of a project', params: ProjectProductParams, response: { 201: ProductsAdded } } },
    async (request, reply) => {
      const committed = committedToken(request, 'project_lines');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await projects.addedLines(principal, committed) : await projects.cloneProduct(principal, request.params.projectId, request.params.productId));
    },
  );

  app.delete(
    '/api/projects/v1/projects/:projectId/products/:productId',
    { config: need('project.edit'), schema: { tags, summary: 'Delete a product of a project', params: ProjectProductParams, response: { 200: ProductDeleted } } },
    async (request) => projects.deleteProduct(requirePrincipal(request), request.params.projectId, request.params.productId),
  );

  app.put(
    '/api/projects/v1/projects/:projectId/products/:productId',
    { config: need('project.edit'), schema: { tags, summary: 'Update a product (quantity, configuration)', params: ProjectProductParams, body: UpdateProductBody, response: { 200: ProductUpdated } } },
    async (request) => projects.updateProduct(requirePrincipal(request), request.params.projectId, request.params.productId, request.body),
  );

  app.get(
    '/api/projects/v1/projects/:projectId/products/:productId/revisions',
    { config: view, schema: { tags, summary: 'Every saved space of a creation line, newest first (issue 15)', params: ProjectProductParams, response: { 200: CreationRevisionList } } },
    async (request) => projects.revisions(requirePrincipal(request), request.params.projectId, request.params.productId),
  );

  app.get(
    '/api/projects/v1/projects/:projectId/products/:productId/picture.webp',
    {
      config: view,
      schema: { tags, summary: 'A creation line’s picture (issue 35 §2): its composition rendered from its saved space, 480 × 360 WebP; ETag (304)', params: ProjectProductParams },
    },
    async (request, reply) => {
      const match = request.headers['if-none-match'];
      const picture = await projects.productPicture(requirePrincipal(request), request.params.projectId, request.params.productId, typeof match === 'string' ? match : undefined);
      reply.header('cache-control', 'private, no-cache').header('etag', picture.etag).header('content-security-policy', "default-src 'none'");
      if (!picture.image) return reply.code(304).send();
      return reply.type('image/webp').send(picture.image);
    },
  );

  app.get(
    '/api/projects/v1/projects/:projectId/products/:productId/export/:format',
    {
      // A download, as the spec's other download routes (§2: project.download); the service checks the project's read scope.
      config: need('project.download'),
      schema: {
        tags,
        summary: 'A drawn line as a file (issue 16 §4): 3D model (glb, obj, stl) or plan (dxf, svg), as an attachment',
        params: ProjectProductExportParams,
        response: { 200: z.unknown().describe('The file: model/gltf-binary, application/zip (the OBJ with its MTL), model/stl, image/vnd.dxf or image/svg+xml') },
      },
    },
    async (request, reply) => {
      const file = await projects.exportProduct(requirePrincipal(request), request.params.projectId, request.params.productId, request.params.format);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.body);
    },
  );

  app.put(
    '/api/apiv2/project/:projectId/product/:productId/validate',
    { config: need('project.edit'), schema: { tags, summary: 'Validate a product (configurator validation)', params: ProjectProductParams, response: { 200: ProductValidation } } },
    async (request) => projects.validateProduct(requirePrincipal(request), request.params.projectId, request.params.productId),
  );

  app.get(
    '/api/projects/v1/projects/:projectId/tech-info-actions',
    { config: view, schema: { tags, summary: 'Technical document actions the project allows', params: ProjectIdParam, response: { 200: TechInfoActions } } },
    async (request) => projects.techInfoActions(requirePrincipal(request), request.params.projectId),
  );

  app.get(
    '/api/projects/v1/projects/:projectId/tooltip-info',
    { config: view, schema: { tags, summary: 'Short facts for the project tooltip', params: ProjectIdParam, response: { 200: TooltipInfo } } },
    async (request) => projects.tooltipInfo(requirePrincipal(request), request.params.projectId),
  );

  app.post(
    '/api/projects/v1/projects/products/generate-creation-code',
    {
      config: { ...need('project.add', 'project.edit'), idempotent: true },
      schema: { tags, summary: 'The next creation code (CR + counter + 1, 9 digits); never twice (a retry with the same Idempotency-Key gets the same code)', body: CreationCodeBody, response: { 200: CreationCode } },
    },
    async (request) => projects.generateCreationCode(request.body?.prefixCode ?? 'CR'),
  );

  app.put(
    '/api/projects/v1/projects/:projectId/import',
    { config: need('project.add'), schema: { tags, summary: 'Import a project assigned to the caller; a failed import answers 200 with success false', params: ProjectIdParam, response: { 200: ImportResult } } },
    async (request) => projects.importThirdparty(requirePrincipal(request), request.params.projectId),
  );

  for (const url of ['/api/projects/v1/projects/:projectId/assign-thirdparty', '/api/apiv2/projects/:projectId/assign-thirdparty']) {
    app.post(
      url,
      { config: need('project.asigment.thirdparty'), schema: { tags, summary: 'Assign a project to a third party by e-mail', params: ProjectIdParam, body: AssignThirdpartyBody, response: { 200: AssignThirdpartyResult } } },
      async (request) => projects.assignThirdparty(requirePrincipal(request), request.params.projectId, request.body),
    );
  }
};
