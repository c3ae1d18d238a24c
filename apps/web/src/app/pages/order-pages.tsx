import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../features/errors';
import { InvoicesScreen } from '../../features/orders/invoices-screen';
import { NewOrderScreen } from '../../features/orders/new-order-screen';
import { OrderScreen } from '../../features/orders/order-screen';
import { OrdersListScreen } from '../../features/orders/orders-list-screen';
import { parseProjectId } from '../../features/projects/project-target';

/*
 * The pages of orders and invoices (issue 13) at the routes of spec §2; the router guards them by
 * privilege (order.add, order.view) and the api enforces privileges and scopes.
 */

/** /project/{projectId}/new-order (`order.add`); `?quoteId=` starts from an accepted quote. */
export function NewOrderPage() {
  const projectId = parseProjectId(useParams().projectId);
  const quote = parseProjectId(useSearchParams()[0].get('quoteId') ?? undefined);
  if (projectId === null) return <NotFoundPage />;
  return <NewOrderScreen key={`${projectId}|${quote ?? ''}`} projectId={projectId} {...(quote !== null ? { quoteId: quote } : {})} />;
}

/** /orders (`order.view`). */
export function OrdersPage() {
  return <OrdersListScreen />;
}

/** /order/{orderId} (`order.view`). */
export function OrderPage() {
  const orderId = parseProjectId(useParams().orderId);
  if (orderId === null) return <NotFoundPage />;
  return <OrderScreen key={orderId} orderId={orderId} />;
}

/** /invoices (`order.view`). */
export function InvoicesPage() {
  return <InvoicesScreen />;
}
