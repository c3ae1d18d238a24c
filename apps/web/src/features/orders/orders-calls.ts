import type { InvoiceListPage, Lang, Order, OrderDraft, OrderListPage, OrderSummary, ProcessOrderBody, ProcessOrderResult, ReorderResult } from '@lumen/contracts';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import type { FlagsClient } from '../../shared/flags';
import { saveFile } from '../../shared/save-file';

/*
 * The calls of orders, availability and invoices (spec §7; apps/api README "Orders"). Screens show
 * their failures in place (showError false), except the downloads (the error dialog). A 403 while
 * generating or loading an order goes to /error-403 (the client does it, spec §2).
 */

/**
 * The order by id (spec §7): v3 /orders/{id} with unifiedCodeVersion (unified article codes), v2 with
 * accessoryPriceInOrderView (accessory prices), else v1.
 */
export function orderByIdPath(flags: Pick<FlagsClient, 'isEnabled'>, orderId: number): string {
  if (flags.isEnabled('unifiedCodeVersion')) return `/v3/orders/${orderId}`;
  if (flags.isEnabled('accessoryPriceInOrderView')) return `/v2/orders/${orderId}`;
  return `/v1/orders/${orderId}`;
}

/** GET orders /v2/orders/new/{projectId}: the order the project (or its accepted quote) makes, line by line. */
export const loadOrderDraft = createAsyncAction<OrderDraft, { projectId: number; lang: Lang; quoteId?: number }>(
  'generateOrder',
  ({ projectId, lang, quoteId }, { extra }) => extra.api.get<OrderDraft>('orders', `/v2/orders/new/${projectId}`, { lang, ...(quoteId !== undefined ? { quoteId } : {}) }),
  { showError: false },
);

/**
 * POST orders /v2/orders/process/ (spec §4): success is processOrderSuccess true. A 403 resolves as
 * { processOrderSuccess: false, status: 403 }; a 400 NO_CLIENT_CODE as { processOrderSuccess: false,
 * status: 200 }. The slice still counts both as a failed processing (they "still reject afterwards").
 */
export const processOrder = createAsyncAction<ProcessOrderResult, { body: ProcessOrderBody; idempotencyKey: string }>(
  'processOrder',
  async ({ body, idempotencyKey }, { extra }) => {
    try {
      return await extra.api.request<ProcessOrderResult>('orders', '/v2/orders/process/', { method: 'POST', body, idempotencyKey, forbidden: 'caller' });
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 403) return { processOrderSuccess: false, status: 403, orderId: null, order: null };
      if (isApiError(error) && error.ErrorCode === 400 && error.code === 'NO_CLIENT_CODE') return { processOrderSuccess: false, status: 200, orderId: null, order: null };
      throw error;
    }
  },
  { showError: false },
);

/** GET orders /v3/orders (the list; v1 /orders/filter takes the same query). */
/** The list query the screen sends (spec §3 orders list query). */
export interface OrdersQuery {
  limit: number;
  page: number;
  lang: Lang;
  search?: string;
  status?: number;
  completed?: 'true' | 'false';
}

/** The invoice list query (spec §3). */
export interface InvoicesQuery {
  page: number;
  limit: number;
  sortBy: string;
  search?: string;
}

export const loadOrders = createAsyncAction<OrderListPage, OrdersQuery>('loadOrders', (query, { extra }) => extra.api.get<OrderListPage>('orders', '/v3/orders', { ...query }), { showError: false });

/** The order by id, at the path the flags choose. */
export const loadOrder = createAsyncAction<Order, { orderId: number; lang: Lang }>(
  'loadOrder',
  ({ orderId, lang }, { extra }) => extra.api.get<Order>('orders', orderByIdPath(extra.flags, orderId), { lang }),
  { showError: false },
);

/** GET orders /v2/orders/by-project/{projectId}. */
export const loadProjectOrders = createAsyncAction<OrderSummary[], { projectId: number }>(
  'loadProjectOrders',
  ({ projectId }, { extra }) => extra.api.get<OrderSummary[]>('orders', `/v2/orders/by-project/${projectId}`),
  { showError: false },
);

/** POST orders /v2/orders/{id}/reorder: the lines into a new project (or projectId), re-checked today. */
export const reorder = createAsyncAction<ReorderResult, { orderId: number; body: { projectId?: number; name?: string }; idempotencyKey: string }>(
  'reorder',
  ({ orderId, body, idempotencyKey }, { extra }) => extra.api.request<ReorderResult>('orders', `/v2/orders/${orderId}/reorder`, { method: 'POST', body, idempotencyKey }),
  { showError: false },
);

/** GET sr-erp /v1/invoices/{clientCode}. */
export const loadInvoices = createAsyncAction<InvoiceListPage, { clientCode: string; query: InvoicesQuery }>(
  'loadInvoices',
  ({ clientCode, query }, { extra }) => extra.api.get<InvoiceListPage>('sr-erp', `/v1/invoices/${encodeURIComponent(clientCode)}`, { ...query }),
  { showError: false },
);

/** The invoice's PDF (sr-erp …/invoices/{code}/{number}/pdf) in the interface language, saved as a file. */
export const downloadInvoice = createAsyncAction<void, { clientCode: string; number: string; lang: Lang }>('downloadInvoice', async ({ clientCode, number, lang }, { extra }) => {
  const blob = await extra.api.request<Blob>('sr-erp', `/v1/invoices/${encodeURIComponent(clientCode)}/${number}/pdf`, { query: { lang }, responseType: 'blob' });
  saveFile(blob, `${number}.pdf`);
});
