import type { OrderListPage, OrderSummary } from '@lumen/contracts';
import { Button, DataTable, PageHeader, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { StatusBadge, useDay } from './order-parts';
import { loadOrders } from './orders-calls';
import './orders.css';

const PAGE_SIZE = 10;
type Completed = 'all' | 'open' | 'completed';
type StatusFilter = 'any' | '1' | '2' | '3' | '4';

/**
 * /orders (spec §2 `order.view`, §3 orders list query): the caller's orders (their company's), newest
 * first, 10 a page; search by order id, internal number, project name or reference; status and
 * completed (null, true, false) filters.
 */
export function OrdersListScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const format = useFormat();
  const day = useDay();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('any');
  const [completed, setCompleted] = useState<Completed>('all');
  const [page, setPage] = useState(1);
  const query = { limit: PAGE_SIZE, page, lang, ...(search ? { search } : {}), ...(status !== 'any' ? { status: Number(status) } : {}), ...(completed !== 'all' ? { completed: completed === 'completed' ? ('true' as const) : ('false' as const) } : {}) };
  const [list, reload] = useRemote<OrderListPage>(JSON.stringify(query), () => dispatch(loadOrders(query)).unwrap());
  const searchError = typed.trim().length > 100 ? 'formError.maxLength' : null;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchError) return;
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <section className="page orders-page" aria-labelledby="orders-title">
      <PageHeader titleId="orders-title" title={t('orders.list.title')} lead={t('orders.list.lead')} />
      <form className="orders-filters card" role="search" onSubmit={onSearch}>
        <TextField label={t('orders.list.search')} description={t('orders.list.searchHint')} value={typed} onChange={setTyped} isInvalid={Boolean(searchError)} errorMessage={searchError ? t(searchError) : undefined} />
        <Select<StatusFilter>
          label={t('orders.list.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[{ value: 'any', label: t('orders.list.anyStatus') }, ...(['1', '2', '3', '4'] as const).map((code) => ({ value: code, label: t(`orders.status.${code}`) }))]}
        />
        <Select<Completed>
          label={t('orders.list.completed')}
          value={completed}
          onChange={(value) => {
            setCompleted(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('orders.list.completedAll') },
            { value: 'open', label: t('orders.list.completedOpen') },
            { value: 'completed', label: t('orders.list.completedDone') },
          ]}
        />
        <Button type="submit" variant="secondary">
          {t('orders.list.searchButton')}
        </Button>
      </form>
      {list.status === 'ready' && (
        <p className="orders-count" aria-live="polite">
          {t('orders.list.count', { count: list.data.meta.totalItems })}
        </p>
      )}
      {/* The kit's data table (issue 35 §1): skeleton rows while loading, its error row with a retry, its empty row, the pager; stacked cards on phones. */}
      <DataTable<OrderSummary>
        aria-label={t('orders.list.title')}
        stacked
        columns={[
          {
            id: 'order',
            header: t('orders.field.order'),
            isRowHeader: true,
            cell: (item) => (
              <Link className="text-link" to={`/order/${item.orderId}`}>
                {t('orders.number', { id: item.orderId })}
              </Link>
            ),
          },
          { id: 'project', header: t('orders.field.project'), cell: (item) => item.projectName },
          { id: 'internal', header: t('orders.field.internalOrderNumber'), cell: (item) => item.internalOrderNumber || '—' },
          { id: 'processedAt', header: t('orders.field.processedAt'), cell: (item) => day(item.processedAt) },
          { id: 'status', header: t('orders.field.status'), cell: (item) => <StatusBadge status={item.status} /> },
          { id: 'plannedShipping', header: t('orders.field.plannedShipping'), cell: (item) => day(item.plannedShippingDate) },
          { id: 'total', header: t('orders.field.total'), align: 'end', cell: (item) => (item.netTotal === null ? '—' : format.money(item.netTotal, item.currency)) },
        ]}
        rows={list.status === 'ready' ? list.data.items : []}
        rowKey={(item) => item.orderId}
        status={list.status === 'loading' ? 'loading' : list.status === 'failed' ? 'error' : 'ready'}
        error={t('orders.load.failed')}
        onRetry={reload}
        empty={t(search || status !== 'any' || completed !== 'all' ? 'orders.list.noMatch' : 'orders.list.empty')}
        page={page}
        pageCount={list.status === 'ready' ? list.data.meta.totalPages : 1}
        onPageChange={setPage}
        skeletonRows={PAGE_SIZE / 2}
      />
    </section>
  );
}
