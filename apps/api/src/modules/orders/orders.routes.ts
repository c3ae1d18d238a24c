import {
  NewOrderParams,
  NewOrderQuery,
  Order,
  OrderByIdQuery,
  OrderDraft,
  OrderIdParams,
  OrderListPage,
  OrderListQuery,
  ProcessOrderBody,
  ProcessOrderResult,
  ProjectOrders,
  ProjectOrdersParams,
  ReorderBody,
  ReorderResult,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../http/access-guard';
import { committedResource, committedToken } from '../../http/idempotency';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  orders: OrdersService;
}

const TAGS = ['orders'];
const BASE = '/api/orders';
const ADD = { access: { privileges: ['order.add'] } } as const;
const VIEW = { access: { privileges: ['order.view'] } } as const;

/**
 * Orders (issue 13; spec §7): generate from a project (or its accepted quote), process once, read by
 * id at the v1, v2 (accessory prices) and v3 (unified codes) paths, list (v1 filter and v3), by
 * project, and order again.
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { orders }) => {
  app.get(
    `${BASE}/v2/orders/new/:projectId`,
    {
      config: ADD,
      schema: {
        tags: TAGS,
        summary: 'The order a project (or its accepted quote, quoteId) makes: lines valid for ordering, quantity and MOQ per reference, availability, lead time, earliest shipping dates',
        params: NewOrderParams,
        querystring: NewOrderQuery,
        response: { 200: OrderDraft },
      },
    },
    async (request) => orders.draft(requirePrincipal(request), request.params.projectId, request.query),
  );

  app.post(
    `${BASE}/v2/orders/process`,
    {
      config: { ...ADD, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Process an order (products as an array): once per project; 400 NO_CLIENT_CODE without a client code, 403 for a project you may not order',
        body: ProcessOrderBody,
        response: { 200: ProcessOrderResult },
      },
    },
    async (request) => {
      const committed = committedResource(request, 'order');
      return committed !== null ? orders.processed(requirePrincipal(request), committed) : orders.process(requirePrincipal(request), request.body);
    },
  );

  const byId = [
    { url: `${BASE}/v1/orders/:id`, variant: 'v1', summary: 'An order by id' },
    { url: `${BASE}/v2/orders/:id`, variant: 'v2', summary: 'An order by id, with accessory prices when accessoryPriceInOrderView is on' },
    { url: `${BASE}/v3/orders/:id`, variant: 'v3', summary: 'An order by id, with unified article codes when unifiedCodeVersion is on' },
  ] as const;
  for (const { url, variant, summary } of byId) {
    app.get(url, { config: VIEW, schema: { tags: TAGS, summary, params: OrderIdParams, querystring: OrderByIdQuery, response: { 200: Order } } }, async (request) =>
      orders.order(requirePrincipal(request), request.params.id, variant, request.query.lang),
    );
  }

  for (const url of [`${BASE}/v1/orders/filter`, `${BASE}/v3/orders`]) {
    app.get(
      url,
      { config: VIEW, schema: { tags: TAGS, summary: 'Orders list: limit or itemsPerPage, page, search, lang, status, completed (null, true, false)', querystring: OrderListQuery, response: { 200: OrderListPage } } },
      async (request) => orders.list(requirePrincipal(request), request.query),
    );
  }

  app.get(
    `${BASE}/v2/orders/by-project/:projectId`,
    { config: VIEW, schema: { tags: TAGS, summary: 'The orders of a project', params: ProjectOrdersParams, querystring: OrderByIdQuery, response: { 200: ProjectOrders } } },
    async (request) => orders.byProject(requirePrincipal(request), request.params.projectId),
  );

  app.post(
    `${BASE}/v2/orders/:id/reorder`,
    {
      config: { access: { privileges: ['order.view'] }, idempotent: true },
      schema: { tags: TAGS, summary: 'Order again: the order’s lines into a new project (or projectId), re-priced against today’s catalogue, with what changed', params: OrderIdParams, body: ReorderBody, response: { 201: ReorderResult } },
    },
    async (request, reply) => {
      // The projects service binds the key to the project it made, or to the lines it added (issue 29 §6):
      // a retry after a crash answers them instead of ordering again.
      const lines = committedToken(request, 'project_lines');
      const committed = committedResource(request, 'project') ?? (lines !== null ? Number(lines.split('-')[0]) : null);
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await orders.reordered(principal, request.params.id, committed) : await orders.reorder(principal, request.params.id, request.body));
    },
  );
};
