import type { Order, ReorderResult } from '@lumen/contracts';
import { Button, TextField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { AvailabilityBadge, configurationOf, StatusBadge, useDay } from './order-parts';
import { downloadInvoice, loadOrder, reorder } from './orders-calls';
import { useAttemptKey } from '../../shared/use-attempt-key';
import './orders.css';

/**
 * /order/{orderId} (spec §2 `order.view`): status timeline with dates, lines with quantity,
 * availability and shipping date (accessory prices and unified codes as the flags' paths give them),
 * the invoice once finished, and order again. A 403 goes to /error-403 (the client does it).
 */
export function OrderScreen({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [order, reload] = useRemote<Order>(`${orderId}|${lang}`, () => dispatch(loadOrder({ orderId, lang })).unwrap());
  if (order.status === 'loading') return <LoadingState />;
  if (order.status === 'failed')
    return (
      <section className="page page--narrow" aria-labelledby="order-title">
        <h1 id="order-title">{t('orders.number', { id: orderId })}</h1>
        <div className="card" role="alert">
          <p>{t(order.httpStatus === 404 ? 'orders.load.orderNotFound' : 'orders.load.failed')}</p>
          <div className="order-actions">
            {order.httpStatus !== 404 && (
              <Button variant="secondary" onPress={reload}>
                {t('orders.retry')}
              </Button>
            )}
            <Link className="text-link" to="/orders">
              {t('orders.list.title')}
            </Link>
          </div>
        </div>
      </section>
    );
  return <OrderView order={order.data} onReload={reload} />;
}

function OrderView({ order, onReload }: { order: Order; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const day = useDay();
  const lang = useAppSelector((state) => state.preferences.lang);
  const money = (amount: number) => format.money(amount, order.currency);
  const lines = order.products.flatMap((id) => (order.productsById[id] ? [order.productsById[id]] : []));
  const current = order.timeline.filter((entry) => entry.at !== null).length;
  return (
    <section className="page order-page" aria-labelledby="order-title">
      <header className="order-page__header">
        <p className="order-page__eyebrow">
          <Link className="text-link" to="/orders">
            {t('orders.list.title')}
          </Link>
        </p>
        <h1 id="order-title">
          {t('orders.number', { id: order.orderId })} <StatusBadge status={order.status} />
        </h1>
        <p className="order-page__lead">{order.projectName}</p>
        <dl className="order-facts">
          <div>
            <dt>{t('orders.field.internalOrderNumber')}</dt>
            <dd>{order.internalOrderNumber || '—'}</dd>
          </div>
          <div>
            <dt>{t('orders.field.clientCode')}</dt>
            <dd>{order.clientCode}</dd>
          </div>
          <div>
            <dt>{t('orders.field.delivery')}</dt>
            <dd>{t(order.sendTogether ? 'orders.delivery.together' : 'orders.delivery.separately')}</dd>
          </div>
          <div>
            <dt>{t('orders.field.leadTime')}</dt>
            <dd>{t('orders.weeks', { count: order.leadTimeWeeks })}</dd>
          </div>
          <div>
            <dt>{t('orders.field.plannedShipping')}</dt>
            <dd>{day(order.plannedShippingDate, 'long')}</dd>
          </div>
          <div>
            <dt>{t('orders.field.sent')}</dt>
            <dd>{order.delivery === 'sent' ? t('orders.delivery.sent', { reference: order.erpReference ?? '' }) : t(order.delivery === 'skipped' ? 'orders.delivery.skipped' : 'orders.delivery.pending')}</dd>
          </div>
        </dl>
      </header>

      <section className="card" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">{t('orders.timeline.title')}</h2>
        <ol className="order-timeline">
          {order.timeline.map((entry) => (
            <li key={entry.status} className="order-timeline__step" data-state={entry.at ? (entry.status === current ? 'current' : 'done') : 'todo'} aria-current={entry.status === current ? 'step' : undefined}>
              <span className="order-timeline__name">{t(`orders.status.${entry.status}`)}</span>
              <span className="order-timeline__date">{entry.at ? format.date(entry.at, { dateStyle: 'medium', timeStyle: 'short' }) : t('orders.timeline.pending')}</span>
            </li>
          ))}
        </ol>
        <Button variant="ghost" size="sm" onPress={onReload}>
          {t('orders.timeline.refresh')}
        </Button>
      </section>

      {order.invoice && (
        <section className="card order-invoice" aria-labelledby="order-invoice-title">
          <h2 id="order-invoice-title">{t('orders.invoice.title')}</h2>
          <p>{t('orders.invoice.ready', { number: order.invoice.number })}</p>
          <Button onPress={() => void dispatch(downloadInvoice({ clientCode: order.clientCode, number: order.invoice?.number ?? '', lang }))}>{t('orders.invoice.download')}</Button>
        </section>
      )}

      <section className="card" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">{t('orders.order.linesTitle', { count: lines.length })}</h2>
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('orders.field.reference')}</th>
              <th scope="col">{t('orders.field.description')}</th>
              <th scope="col" className="orders-table__num">
                {t('orders.field.quantity')}
              </th>
              <th scope="col">{t('orders.field.availability')}</th>
              <th scope="col">{t('orders.field.shippingDate')}</th>
              <th scope="col" className="orders-table__num">
                {t('orders.field.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line._id}>
                <th scope="row" data-label={t('orders.field.reference')}>
                  {line.unifiedCode ? (
                    <>
                      {line.unifiedCode}
                      <small className="order-muted"> {line.referenceCode}</small>
                    </>
                  ) : (
                    (line.referenceCode ?? line.model)
                  )}
                </th>
                <td data-label={t('orders.field.description')}>
                  {line.description}
                  {configurationOf(line, order.catalogId, i18n.language) && <small className="order-line__configuration">{configurationOf(line, order.catalogId, i18n.language)}</small>}
                  {line.accessories.length > 0 && (
                    <ul className="order-accessories">
                      {line.accessories.map((accessory) => (
                        <li key={accessory.reference}>
                          {accessory.quantity} × {accessory.description} ({accessory.reference}){accessory.unitPrice !== null ? ` · ${money(accessory.unitPrice)}` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="orders-table__num" data-label={t('orders.field.quantity')}>
                  {format.number(line.quantity)}
                </td>
                <td data-label={t('orders.field.availability')}>
                  <AvailabilityBadge availability={line.availability} />
                </td>
                <td data-label={t('orders.field.shippingDate')}>{day(line.shippingDate)}</td>
                <td className="orders-table__num" data-label={t('orders.field.total')}>
                  {line.price ? money(line.price.totalNet) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
          {order.netTotal !== null && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={5}>
                  {t('orders.field.netTotal')}
                </th>
                <td className="orders-table__num">{money(order.netTotal)}</td>
              </tr>
            </tfoot>
          )}
        </table>
        {order.comments && (
          <p className="order-comments">
            <strong>{t('orders.field.comments')}:</strong> {order.comments}
          </p>
        )}
      </section>

      <Reorder order={order} />
    </section>
  );
}

/** Order again (issue 13 §4): the same lines into a new project, re-priced and re-checked today; what changed is listed. */
function Reorder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [name, setName] = useState(() => t('orders.reorder.defaultName', { project: order.projectName }).slice(0, 50));
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const attempt = useAttemptKey();
  const nameError = name.trim() === '' ? 'formError.required' : name.trim().length > 50 ? 'formError.maxLength' : null;
  async function submit() {
    if (nameError) return;
    const body = { name: name.trim() };
    setPending(true);
    const answer = await dispatch(reorder({ orderId: order.orderId, body, idempotencyKey: attempt.keyFor(body) }));
    setPending(false);
    if (reorder.fulfilled.match(answer)) {
      attempt.done();
      setResult(answer.payload);
      setFailed(false);
    } else setFailed(true);
  }
  return (
    <section className="card order-reorder" aria-labelledby="order-reorder-title">
      <h2 id="order-reorder-title">{t('orders.reorder.title')}</h2>
      {result ? (
        <div role="status">
          <p>{t('orders.reorder.done', { count: result.added })}</p>
          <ul className="order-changes">
            {result.changes.map((change, index) => (
              <li key={`${change.referenceCode ?? change.model}-${index}`} data-change={change.change}>
                <strong>{change.referenceCode ?? change.model}</strong> × {change.quantity} —{' '}
                {t(`orders.reorder.change.${change.change}`, {
                  before: change.previousUnitNet === null ? '' : format.money(change.previousUnitNet, order.currency),
                  now: change.unitNet === null ? '' : format.money(change.unitNet, order.currency),
                })}
                {change.changedAttributes.length > 0 && (
                  <>
                    {' · '}
                    {t('orders.reorder.configurationChanged', { attributes: change.changedAttributes.map((key) => t(`projects.grid.${key}`)).join(', ') })}
                  </>
                )}
              </li>
            ))}
          </ul>
          <Link className="button-link" to={`/project/${result.projectId}`}>
            {t('orders.reorder.open')}
          </Link>
        </div>
      ) : (
        <form
          className="order-reorder__form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p>{t('orders.reorder.lead')}</p>
          <TextField label={t('orders.reorder.name')} value={name} onChange={setName} isInvalid={Boolean(nameError)} errorMessage={nameError ? t(nameError) : undefined} />
          {failed && (
            <p className="order-failure" role="alert">
              {t('orders.reorder.failed')}
            </p>
          )}
          <Button type="submit" variant="secondary" isDisabled={pending}>
            {t('orders.reorder.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
