import type { OrderListPage } from '@lumen/contracts';
import { Button, Pager, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { LoadingState } from '../../shared/loading-state';
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
      <h1 id="orders-title">{t('orders.list.title')}</h1>
      <p className="order-page__lead">{t('orders.list.lead')}</p>
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
      {list.status === 'loading' && <LoadingState />}
      {list.status === 'failed' && (
        <div className="card" role="alert">
          <p>{t('orders.load.failed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('orders.retry')}
          </Button>
        </div>
      )}
      {list.status === 'ready' && (
        <>
          <p className="orders-count" aria-live="polite">
            {t('orders.list.count', { count: list.data.meta.totalItems })}
          </p>
          {list.data.items.length === 0 ? (
            <p className="card">{t(search || status !== 'any' || completed !== 'all' ? 'orders.list.noMatch' : 'orders.list.empty')}</p>
          ) : (
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col">{t('orders.field.order')}</th>
                  <th scope="col">{t('orders.field.project')}</th>
                  <th scope="col">{t('orders.field.internalOrderNumber')}</th>
                  <th scope="col">{t('orders.field.processedAt')}</th>
                  <th scope="col">{t('orders.field.status')}</th>
                  <th scope="col">{t('orders.field.plannedShipping')}</th>
                  <th scope="col" className="orders-table__num">
                    {t('orders.field.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <tr key={item.orderId}>
                    <th scope="row" data-label={t('orders.field.order')}>
                      <Link className="text-link" to={`/order/${item.orderId}`}>
                        {t('orders.number', { id: item.orderId })}
                      </Link>
                    </th>
                    <td data-label={t('orders.field.project')}>{item.projectName}</td>
                    <td data-label={t('orders.field.internalOrderNumber')}>{item.internalOrderNumber || '—'}</td>
                    <td data-label={t('orders.field.processedAt')}>{day(item.processedAt)}</td>
                    <td data-label={t('orders.field.status')}>
                      <StatusBadge status={item.status} />
                    </td>
                    <td data-label={t('orders.field.plannedShipping')}>{day(item.plannedShippingDate)}</td>
                    <td className="orders-table__num" data-label={t('orders.field.total')}>
                      {item.netTotal === null ? '—' : format.money(item.netTotal, item.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} pageCount={list.data.meta.totalPages} onPageChange={setPage} aria-label={t('orders.list.pages')} />
        </>
      )}
    </section>
  );
}
