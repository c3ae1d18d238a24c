import type { Order, ReorderResult } from '@lumen/contracts';
import { Button, Card, PageHeader, Stat, StatList, TextField } from '@lumen/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taxSummaryOfLines } from '@lumen/domain';
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
        <PageHeader titleId="order-title" title={t('orders.number', { id: orderId })} />
        <Card role="alert">
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
        </Card>
      </section>
    );
  return <FollowedOrder key={`${orderId}|${lang}`} first={order.data} onReload={reload} />;
}

/** The order as it moves (issue 34 §4): read again on a backoff while it is not finished; a failed read keeps what is shown and waits longer. */
function FollowedOrder({ first, onReload }: { first: Order; onReload: () => void }) {
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [order, setOrder] = useState(first);
  useEffect(() => setOrder(first), [first]);
  useFollowOrder(order, () => {
    void dispatch(loadOrder({ orderId: first.orderId, lang }))
      .unwrap()
      .then(setOrder, () => setOrder((shown) => ({ ...shown })));
  });
  return <OrderView order={order} onReload={onReload} />;
}

/** First wait between two reads of an order that is still moving, then doubled after each read with no change, up to the cap (tests shorten them). */
export const followTiming = { firstMs: 15_000, maxMs: 120_000 };

/**
 * Reads the order again while it is not finished (issue 34 §4): 15 s after an answer, the wait
 * doubling after each answer that brings the same status (up to 2 min) and back to 15 s when it
 * moves; not while the tab is hidden (the read comes when it shows again). A finished order is not
 * read again. `answer` is the last answer (a new object per read: it arms the next read).
 */
export function useFollowOrder(answer: Pick<Order, 'status'> | null, read: () => void) {
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  const wait = useRef(followTiming.firstMs);
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (answer === null || answer.status === 4) return;
    wait.current = last.current === answer.status ? Math.min(wait.current * 2, followTiming.maxMs) : followTiming.firstMs;
    last.current = answer.status;
    let stopWaitingForShow = () => {};
    const fire = () => {
      if (document.visibilityState !== 'hidden') return readRef.current();
      const onVisible = () => {
        if (document.visibilityState === 'hidden') return;
        document.removeEventListener('visibilitychange', onVisible);
        readRef.current();
      };
      document.addEventListener('visibilitychange', onVisible);
      stopWaitingForShow = () => document.removeEventListener('visibilitychange', onVisible);
    };
    const timer = setTimeout(fire, wait.current);
    return () => {
      clearTimeout(timer);
      stopWaitingForShow();
    };
  }, [answer]);
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
  const nets = lines.map((line) => line.price?.totalNet ?? null);
  const summary = order.vatPercent != null && nets.length > 0 && nets.every((net) => net !== null) ? taxSummaryOfLines(nets.map((net) => ({ net: net ?? 0, rate: order.vatPercent ?? 0 }))) : null;
  // Delivered together (issue 34 §4): one planned date for every line, the latest line's (the ERP's once it has planned it).
  const together = order.sendTogether ? (order.plannedShippingDate ?? lines.reduce<string | null>((latest, line) => (latest === null || line.shippingDate > latest ? line.shippingDate : latest), null)) : null;
  return (
    <section className="page order-page" aria-labelledby="order-title">
      <PageHeader
        className="order-page__header"
        titleId="order-title"
        eyebrow={
          <Link className="text-link" to="/orders">
            {t('orders.list.title')}
          </Link>
        }
        title={
          <>
            {t('orders.number', { id: order.orderId })} <StatusBadge status={order.status} />
          </>
        }
        lead={order.projectName}
      >
        {order.quoteId !== null && order.projectId !== null && (
          // Order and quote link to each other (issue 34 §2): the quote is on its project's budget page.
          <p className="order-page__quote">
            <Link className="text-link" to={`/project/${order.projectId}/generate-budget`}>
              {t('orders.order.fromQuote', { number: order.quoteNumber ?? `#${order.quoteId}` })}
            </Link>
          </p>
        )}
        <StatList className="order-facts">
          <Stat label={t('orders.field.internalOrderNumber')} value={order.internalOrderNumber || '—'} />
          <Stat label={t('orders.field.clientCode')} value={order.clientCode} />
          <Stat label={t('orders.field.delivery')} value={t(order.sendTogether ? 'orders.delivery.together' : 'orders.delivery.separately')} />
          <Stat label={t('orders.field.leadTime')} value={t('orders.weeks', { count: order.leadTimeWeeks })} />
          <Stat label={t('orders.field.plannedShipping')} value={day(together ?? order.plannedShippingDate, 'long')} />
          <Stat label={t('orders.field.sent')} value={order.delivery === 'sent' ? t('orders.delivery.sent', { reference: order.erpReference ?? '' }) : t(order.delivery === 'skipped' ? 'orders.delivery.skipped' : 'orders.delivery.pending')} />
        </StatList>
      </PageHeader>

      <Card title={t('orders.timeline.title')} titleId="order-timeline-title">
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
      </Card>

      {order.invoice && (
        <Card className="order-invoice" title={t('orders.invoice.title')} titleId="order-invoice-title">
          <p>{t('orders.invoice.ready', { number: order.invoice.number })}</p>
          <Button onPress={() => void dispatch(downloadInvoice({ clientCode: order.clientCode, number: order.invoice?.number ?? '', lang }))}>{t('orders.invoice.download')}</Button>
        </Card>
      )}

      <Card title={t('orders.order.linesTitle', { count: lines.length })} titleId="order-lines-title">
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
                <td data-label={t('orders.field.shippingDate')}>{day(together ?? line.shippingDate)}</td>
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
              {/* Net, tax and total as the review showed them (issue 34 §4), from the lines' nets. */}
              {summary?.taxes.map((tax) => (
                <tr key={tax.rate}>
                  <th scope="row" colSpan={5}>
                    {t('orders.review.tax', { percent: format.number(tax.rate / 100, { style: 'percent', maximumFractionDigits: 3 }), base: money(tax.base) })}
                  </th>
                  <td className="orders-table__num">{money(tax.amount)}</td>
                </tr>
              ))}
              {summary && (
                <tr className="orders-table__total">
                  <th scope="row" colSpan={5}>
                    {t('orders.review.total')}
                  </th>
                  <td className="orders-table__num">{money(summary.total)}</td>
                </tr>
              )}
            </tfoot>
          )}
        </table>
        {order.comments && (
          <p className="order-comments">
            <strong>{t('orders.field.comments')}:</strong> {order.comments}
          </p>
        )}
      </Card>

      {order.addresses && (
        <Card title={t('orders.address.title')} titleId="order-addresses-title">
          <dl className="order-review__facts">
            <div>
              <dt>{t('orders.address.delivery')}</dt>
              <dd className="order-review__address">
                {order.addresses.delivery.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </dd>
            </div>
            <div>
              <dt>{t('orders.address.billingTitle')}</dt>
              <dd className="order-review__address">
                {order.addresses.billing.length > 0 ? order.addresses.billing.map((line) => <span key={line}>{line}</span>) : t('orders.address.noBilling')}
              </dd>
            </div>
          </dl>
        </Card>
      )}

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
    <Card className="order-reorder" title={t('orders.reorder.title')} titleId="order-reorder-title">
      {result ? (
        <div role="status">
          <p>{t('orders.reorder.done', { count: result.added })}</p>
          <ul className="order-changes">
            {result.changes.map((change, index) => (
              <li key={`${change.referenceCode ?? change.model}-${index}`} data-change={change.change}>
                {/* By the name people use, its reference beside it (issue 34 §3). */}
                <strong>{change.description ?? change.referenceCode ?? change.model}</strong>
                {change.description && change.referenceCode ? ` (${change.referenceCode})` : ''} × {change.quantity} —{' '}
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
    </Card>
  );
}
