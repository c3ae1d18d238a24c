import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, AppDeps, Background } from './context';
import { createDataChanges } from './db/data-changes';
import { loadPrincipal, registerAccessGuard } from './http/access-guard';
import { registerCompression } from './http/compression';
import { registerDocs } from './http/docs';
import { registerErrorHandler, sendError, toAppError } from './http/error-handler';
import { AppError } from './errors';
import { registerHealth } from './http/health';
import { createRevocations } from './http/revocations';
import { registerJsonBodyParser } from './http/json-body';
import { registerIdempotency } from './http/idempotency';
import { createRateLimiter } from './http/rate-limits';
import { AccessTokens, decorateSecureCookies } from './http/sessions';
import { registerOriginGuard } from './http/origin-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSecurityTxt } from './http/security-txt';
import { responseSerializerCompiler } from './http/serializer';
import { registerSpa } from './http/spa';
import { systemClock } from './lib/clock';
import { createMetrics, type Metrics, registerHttpMetrics } from './lib/observability/metrics';
import { createTracing, registerHttpTracing, type Tracing } from './lib/observability/tracing';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes';
import { createConfiguredStorage } from './lib/file-storage';
import { createJobQueue, HOUSEKEEPING_EVERY_MS, JOB_CONCURRENCY, type JobQueue, pruneJobs, releaseRunningJobs } from './lib/jobs';
import { type Mailer, outboxMailer, smtpMailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { socialRoutes } from './modules/auth/social/social.routes';
import { createSocialService } from './modules/auth/social/social.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { createDocumentsService } from './modules/documents/documents.service';
import { createDocumentsSocket } from './modules/documents/documents.socket';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { flagsRoutes } from './modules/flags/flags.routes';
import { createFlagsService } from './modules/flags/flags.service';
import { mastersRoutes } from './modules/masters/masters.routes';
import { createMastersService } from './modules/masters/masters.service';
import { imageRendersRoutes } from './modules/images/images.renders.routes';
import { createImageRenders } from './modules/images/images.renders';
import { imagesRoutes } from './modules/images/images.routes';
import { createImagesService } from './modules/images/images.service';
import { productsRoutes } from './modules/products/products.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { createPlatformService } from './modules/platform/platform.service';
import { projectsRoutes } from './modules/projects/projects.routes';
import { createProjectsService } from './modules/projects/projects.service';
import { createProductsService, type PreconfigOutputs } from './modules/products/products.service';
import { budgetsRoutes } from './modules/budgets/budgets.routes';
import { createBudgetsService } from './modules/budgets/budgets.service';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { usersOptionsRoutes, usersRoutes } from './modules/users/users.routes';
import { companyRoutes } from './modules/company/company.routes';
import { clientCodeOfCompany, createCompanyService } from './modules/company/company.service';
import { createBuiltinErp } from './modules/erp/erp.builtin';
import { erpRoutes } from './modules/erp/erp.routes';
import { createErpService } from './modules/erp/erp.service';
import { svgThumbnail } from './modules/erp/erp.thumbnails';
import { ordersRoutes } from './modules/orders/orders.routes';
import { recordingCrmAdapter, registerCrmOutbox } from './modules/projects/projects.outbox';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The api's one job queue (lib/jobs): every background kind, started on ready unless NODE_ROLE=http or startWorkers is false (tests drain it). */
    jobs: JobQueue;
    /** Prometheus metrics of this process; `address` is the operator listener's once ready (METRICS_PORT). */
    metrics: { registry: Metrics['registry']; address: AddressInfo | undefined };
    /** OpenTelemetry (src/lib/observability/tracing.ts): a no-op unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
    tracing: Tracing;
    /** Set by a graceful stop: /ready answers 503 while the node drains. */
    lifecycle: { draining: boolean };
  }
}
import { createUsersService } from './modules/users/users.service';
import { actingRoutes } from './modules/acting/acting.routes';
import { actingCheck, createActingService } from './modules/acting/acting.service';
import { createDraftPreviewSource, registerDraftPreview } from './modules/product-admin/product-admin.preview';
import { productAdminRoutes } from './modules/product-admin/product-admin.routes';
import { createToolBatches, PRECONFIG_BATCH_LANG } from './modules/tools/tools.batches';
import { createPreconfigResults } from './modules/tools/tools.preconfig-results';
import { createComposePreview } from './modules/tools/tools.compose-preview';
import { createCompositor } from './modules/tools/tools.compositor';
import { createProductSheets } from './modules/tools/tools.product-sheet';
import { toolsRoutes } from './modules/tools/tools.routes';
import { renderedStudioRenderer } from './modules/studio/studio.render';
import { studioRoutes } from './modules/studio/studio.routes';
import { createStudioService, type StudioService } from './modules/studio/studio.service';
import { createProductAdminService } from './modules/product-admin/product-admin.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function createBackground(log: () => FastifyInstance['log']): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => log().error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      await Promise.allSettled([...pending]);
    },
  };
}

function loggerOptions(deps: AppDeps): FastifyServerOptions['logger'] {
  if (deps.logger !== undefined) return deps.logger;
  const { config } = deps;
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  };
}

/** The Fastify app. main.ts and the tests build it the same way; the caller owns the database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(deps),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A request already on its way when a graceful stop closes the server is answered, not refused with
    // 503: the drain (SHUTDOWN_DRAIN_MS) has taken the node out of the balancer; what still arrives is late, not new.
    return503OnClosing: false,
    // Errors raised by the router itself (bad URL, over-long parameter) take the same shape.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, toAppError(error));
    },
  }).withTypeProvider<ZodTypeProvider>();

  const mailer: Mailer = deps.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config.mailOutboxDir, config.mailFrom));
  const clock = deps.clock ?? systemClock;
  const revocations = createRevocations({
    database: deps.database,
    clock,
    onError: (error, what) => app.log.error({ err: error }, what),
  });
  const ctx: AppContext = {
    config,
    database: deps.database,
    db: deps.database.db,
    clock,
    mailer,
    background: createBackground(() => app.log),
    revocations,
    changes: createDataChanges(deps.database),
  };
  const tokens = new AccessTokens(config.jwtSecret, ctx.clock);
  // Loaded before the first request: a token revoked before this start must already be refused.
  app.decorate('revocations', revocations);
  app.addHook('onReady', () => revocations.start());
  app.addHook('onClose', () => revocations.close());

  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  // Tests also serialize every response the zod way and compare, so the fast path is proven on each.
  app.setSerializerCompiler(
    responseSerializerCompiler({
      crossCheck: deps.crossCheckResponses ?? false,
      onFallback: (route, reason) => app.log.debug({ route, reason: String(reason) }, 'response schema kept on the zod serializer'),
    }),
  );
  registerErrorHandler(app);
  // Operator metrics (src/lib/observability): the sockets are counted once the socket server exists.
  const sockets = { count: () => 0 };
  const metrics = createMetrics({ database: deps.database, listener: config.metrics, sockets: () => sockets.count() });
  const metricsState: FastifyInstance['metrics'] = { registry: metrics.registry, address: undefined };
  app.decorate('metrics', metricsState);
  registerHttpMetrics(app, metrics.registry);
  app.addHook('onReady', async () => {
    metricsState.address = await metrics.listen();
  });
  app.addHook('onClose', () => metrics.close());
  // Traces (OpenTelemetry, OTLP when configured; off by default): a span per request and per job run.
  const tracing = await createTracing({ otlpTracesUrl: config.otlpTracesUrl });
  app.decorate('tracing', tracing);
  registerHttpTracing(app, tracing);
  deps.database.observeQueries(tracing.queryObserver);
  app.addHook('onClose', async () => {
    deps.database.observeQueries(undefined);
    await tracing.shutdown();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A request that may have written makes every read kept in memory stale before its answer
    // leaves, so its client reads its own write (other processes learn it from the notification).
    if (!SAFE_METHODS.has(request.method)) ctx.changes.touchAll();
  });
  app.addHook('onReady', () => ctx.changes.start());
  app.addHook('onClose', () => ctx.changes.close());
  // The one job queue of every background kind (src/lib/jobs; concurrency per kind in kinds.ts), shared
  // by every process on the database. Recurring housekeeping is a job per period (`every`), run once
  // whichever process claims it.
  const jobs = createJobQueue({
    database: deps.database,
    log: app.log,
    clock,
    leaseMs: config.jobLeaseMs,
    concurrency: JOB_CONCURRENCY,
    observe: (event) => metrics.observeJob(event),
    wrap: (queue, run) => tracing.inSpan(`job ${queue}`, { 'job.queue': queue }, run),
  });
  app.decorate('jobs', jobs);
  // Housekeeping: forget rate-limit windows that ended.
  const rateLimits = createRateLimiter(ctx.db, ctx.clock);
  jobs.every('housekeeping.rate-limits', HOUSEKEEPING_EVERY_MS['housekeeping.rate-limits'], () => rateLimits.prune());
  app.addHook('onClose', async () => {
    await ctx.background.idle();
  });

  await app.register(cookie);
  decorateSecureCookies(app, config.publicUrl);
  registerSecurityHeaders(app, config);
  registerOriginGuard(app, config);
  // Before every route: the plugin adds its hook to routes declared after it (route hooks run after the
  // app's, so the idempotency plugin keeps the plain answer).
  await registerCompression(app);
  await registerDocs(app);
  registerAccessGuard(app, tokens, revocations, config);
  registerIdempotency(app, ctx);
  registerHealth(app, ctx);
  registerSecurityTxt(app, config, ctx.clock);
  // Graceful stop (main.ts, SHUTDOWN_DRAIN_MS): /ready answers 503 first, so the load balancer sends
  // nothing new before the process closes; requests in flight finish.
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onRequest', async (request, reply) => {
    if (!lifecycle.draining) return;
    // No connection to a draining node is kept for another request: the balancer opens its next one elsewhere.
    reply.header('connection', 'close');
    if (request.url.split('?')[0] === '/ready') return sendError(reply, new AppError('UNAVAILABLE', 'This node is shutting down'));
  });
  if (config.nodeRole === 'worker') {
    // A worker node answers its health checks only; requests are the http nodes' (README "Several processes").
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      if (path !== '/health' && path !== '/ready') return sendError(reply, new AppError('NOT_FOUND', 'This node runs jobs only (NODE_ROLE=worker)'));
    });
  }

  const flags = createFlagsService(ctx);
  const users = createUsersService(ctx, { flags });
  const auth = createAuthService(ctx, tokens, actingCheck);
  // The flag table is in memory before the first request; every process reloads it when a flag changes.
  app.addHook('onReady', () => flags.start((error) => app.log.error({ err: error }, 'reloading the feature flags failed')));
  app.addHook('onClose', () => flags.close());
  const masters = createMastersService({ flagRollouts: () => flags.rolloutTables() });
  await app.register(authRoutes, { prefix: '/api/users', auth, users });
  // Acting as a customer (issue 17 §3): who may act for whom, the acted sessions.
  await app.register(actingRoutes, { prefix: '/api/users', acting: createActingService(ctx, { auth, flags }) });
  // Social sign-up (issue 17 §4): flows past their time are forgotten by any process (idempotent).
  const social = createSocialService(ctx, auth);
  await app.register(socialRoutes, { prefix: '/api/users', social });
  jobs.every('housekeeping.social-logins', HOUSEKEEPING_EVERY_MS['housekeeping.social-logins'], () => social.prune());
  await app.register(usersRoutes, { prefix: '/api/users', users, reissueAccessToken: auth.reissueAccessToken });
  await app.register(mastersRoutes, { prefix: '/api/masters', masters });
  // The web's error reports (spec §8, issue 33 §4): the path the web posts to (apps/web error-reporting.ts).
  await app.register(errorReportsRoutes, { prefix: '/api/masters', db: ctx.db, clock, counted: () => metrics.webError() });
  await app.register(flagsRoutes, { prefix: '/api/masters', flags });
  await app.register(platformRoutes, { platform: createPlatformService(config, flags) });
  await app.register(companyRoutes, { prefix: '/api/users', company: createCompanyService(ctx, { flags, users }) });
  await app.register(usersOptionsRoutes, { prefix: '/api/apiv2', users });
  // The tools' batch results per preconfiguration (issue 32 §3) are built below, once the file storage is.
  const preconfigOutputsRef: { value?: PreconfigOutputs } = {};
  const products = createProductsService(ctx, () => app.log, { flags, preview: createDraftPreviewSource(ctx), preconfigOutputs: () => preconfigOutputsRef.value });
  // The catalogue's routes in a scope where a product manager may preview the draft (issue 31 §2).
  await app.register(async (catalogue) => {
    registerDraftPreview(catalogue, config, (request) => loadPrincipal(tokens, revocations, request));
    await catalogue.register(productsRoutes, { products });
  });
  // Product administration (issue 31): a publication drops this process's catalogue caches at once (others learn it from catalogue_versions' notification).
  const productAdmin = createProductAdminService(ctx, { onPublished: () => products.invalidate() });
  await app.register(productAdminRoutes, { productAdmin });
  const projects = createProjectsService(ctx, { products, flags });
  await app.register(projectsRoutes, { projects });
  // A published studio image (issue 32 §1) wins over the drawn picture; the studio is built below, once the storage is.
  const studioRef: { service?: StudioService } = {};
  const images = createImagesService({
    products,
    published: {
      publishedImage: async (model, finish) => (studioRef.service ? studioRef.service.publishedImage(model, finish) : null),
      publishedKeys: async (model) => (studioRef.service ? studioRef.service.publishedKeys(model) : []),
    },
  });
  await app.register(imagesRoutes, { prefix: '/api/images', images });
  // Product images rendered from the one luminaire geometry (issue 35 §2).
  const imageRenders = createImageRenders({ products, images });
  await app.register(imageRendersRoutes, { prefix: '/api/images', renders: imageRenders });
  // The local disk under DATA_DIR/files, or the S3-compatible bucket of STORAGE_URL (several processes).
  const storage = await createConfiguredStorage(config);
  const files = createFilesService(ctx, { storage });
  await app.register(filesRoutes, { prefix: '/api/images', files });
  jobs.every('housekeeping.temporary-uploads', HOUSEKEEPING_EVERY_MS['housekeeping.temporary-uploads'], () => files.pruneExpired());
  await app.register(supportRoutes, { support: createSupportService(ctx, { files, projects }) });
  const budgets = createBudgetsService(ctx, {
    projects,
    products,
    users,
    flags,
    geo: masters.geo,
    // Quote lines print the catalogue's picture of their model in its finish, as invoice lines do (issue 34 §3).
    thumbnail: async (model, finish) => svgThumbnail((await images.catalogueImage('model', model, finish)).svg),
  });
  await app.register(budgetsRoutes, { budgets });

  // Orders (issue 13): the outbox and the built-in ERP's schedule run on the job queue.
  const orderJobs = jobs;
  // The ERP tells the orders service of its steps, and the orders service needs the ERP: the listener is
  // looked up when the ERP first calls it, once both exist.
  const built: { orders?: OrdersService } = {};
  const erp = createBuiltinErp({
    database: deps.database,
    jobs: orderJobs,
    clock,
    stepMs: config.erpStepMs,
    vatPercent: config.erpVatPercent,
    seller: config.invoiceSeller,
    listener: () => {
      if (!built.orders) throw new Error('orders service not built');
      return built.orders.listener;
    },
  });
  const erpService = createErpService(ctx, {
    erp,
    products,
    clientCodeOf: (companyId) => clientCodeOfCompany(ctx.db, companyId),
    // Invoice lines print the catalogue's picture of their model in its finish (issue 34 §3).
    thumbnail: async (model, finish) => svgThumbnail((await images.catalogueImage('model', model, finish)).svg),
  });
  const ordersService = createOrdersService(ctx, { projects, products, flags, budgets, erp, jobs: orderJobs, invoiceOf: (orderId) => erpService.invoiceOfOrder(orderId) });
  built.orders = ordersService;
  erp.registerWorkers();
  ordersService.registerWorkers();
  await app.register(ordersRoutes, { orders: ordersService });
  await app.register(erpRoutes, { erp: erpService });
  // CRM events (projects' outbox rows) are delivered by crm.deliver jobs.
  const crmOutbox = registerCrmOutbox(jobs, { db: ctx.db, crm: deps.crm ?? recordingCrmAdapter(ctx.db, app.log, clock), log: app.log, clock });

  // Documents (jobs of documents.make) and the audit trail's purge.
  const documents = createDocumentsService(ctx, { projects, products, images, storage, jobs, ...(deps.makeDocuments ? { make: deps.makeDocuments } : {}) });
  documents.registerWorker();
  // The internal tools (issue 32): technical information, product sheets (the spec sheet maker's PDF) and their batches on the shared queue.
  const toolSheets = createProductSheets({ products, images });
  const preconfigResults = createPreconfigResults(ctx, { storage });
  const toolBatches = createToolBatches(ctx, { jobs, storage, products, images, sheets: toolSheets, results: preconfigResults });
  preconfigOutputsRef.value = { results: preconfigResults, batchLang: PRECONFIG_BATCH_LANG, makeSheet: toolBatches.preconfigSheet };
  toolBatches.registerWorker();
  await app.register(toolsRoutes, { products, sheets: toolSheets, batches: toolBatches, compose: createComposePreview({ products, images }), compositor: createCompositor({ products, productAdmin, flags }), flags });
  // The image studio (issue 32 §1): HD renders on the shared queue, reviewed into product administration's draft.
  const studio = createStudioService(ctx, { jobs, storage, products, productAdmin, render: renderedStudioRenderer });
  studio.registerWorker();
  studioRef.service = studio;
  await app.register(studioRoutes, { studio });
  // The audit trail's reads and its retention purge (issue 17 §3; a job per UTC day, asked for at start and hourly).
  const audit = createAuditService(ctx, { projectVisible: (principal, id) => projects.name(principal, id), jobs });
  audit.registerWorker();
  await app.register(auditRoutes, { audit });
  jobs.every('housekeeping.audit-schedule', HOUSEKEEPING_EVERY_MS['housekeeping.audit-schedule'], () => audit.schedulePurge());
  const documentsSocket = createDocumentsSocket({ server: app.server, database: deps.database, tokens, revocations, documents, log: app.log, publicUrl: config.publicUrl, clock, tracing });
  sockets.count = () => documentsSocket.connections();
  app.decorate('documentsSocket', documentsSocket);
  await app.register(documentsRoutes, { documents, socket: documentsSocket, tokens, revocations });
  jobs.every('housekeeping.settled-jobs', HOUSEKEEPING_EVERY_MS['housekeeping.settled-jobs'], () => pruneJobs(ctx.db, new Date(ctx.clock().getTime() - 7 * 24 * 3600 * 1000)));
  // NODE_ROLE (README "Several processes"): http nodes serve requests and sockets, worker nodes run
  // the queue; `all` both. Tests start the queue unless they drain it by hand (startWorkers: false).
  const servesHttp = config.nodeRole !== 'worker';
  const runsJobs = config.nodeRole !== 'http' && deps.startWorkers !== false;
  if (runsJobs) {
    // Before the queue starts: a job a killed process left running runs again now, not once its lease ends.
    if (deps.ownsDatabase) {
      app.addHook('onReady', async () => {
        const released = await releaseRunningJobs(deps.database.db);
        if (released > 0) app.log.warn({ released }, 'jobs left running by a stopped process are queued again');
      });
    }
    app.addHook('onReady', async () => {
      const added = await crmOutbox.enqueuePending();
      if (added > 0) app.log.info({ added }, 'pending crm events given their delivery jobs');
    });
  }
  app.addHook('onReady', async () => {
    if (servesHttp) await documentsSocket.start();
    if (runsJobs) await jobs.start();
  });
  // On close: no new socket, the running jobs go back to the queue for another process or the next start.
  app.addHook('preClose', async () => {
    if (servesHttp) await documentsSocket.close();
    await jobs.stop();
  });

  await registerSpa(app, config.webDistDir, {
    tokens,
    revocations,
    project: (principal, id) => projects.heading(principal, id),
    configurator: (principal, place, lang) => products.configuratorHeading(principal, { ...place, lang }),
  });
  return app;
}
