import type { Lang, OrderDraft, OrderDraftLine } from '@lumen/contracts';
import { Badge, Button, Card, DatePicker, PageHeader, Stat, StatList, TextArea, TextField } from '@lumen/ui';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api';
import { useFormat } from '../../i18n/use-format';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { AvailabilityBadge, configurationOf, useDay } from './order-parts';
import { bodyOf, checkOrder, COMMENTS_MAX, deliveryAddressOf, editOf, INTERNAL_ORDER_NUMBER_MAX, lineTotalOf, orderable, orderFiguresOf, refusalsOf, type OrderEdit } from './order-form';
import { loadOrderDraft, processOrder } from './orders-calls';
import { resetCompleted, resetError, selectOrders } from './orders-slice';
import { useAttemptKey } from '../../shared/use-attempt-key';
import './orders.css';

/**
 * /project/{projectId}/new-order (spec §2 `order.add`, §4 order generated, edited, processed): the
 * project's lines valid for ordering, each with its quantity (MOQ per reference checked as the user
 * types), availability, lead time and a shipping date not before today plus it; comments, internal
 * number, delivery together or separately; the order's lead time; then process once. A 403 while
 * generating goes to /error-403 (the client does it).
 */
export function NewOrderScreen({ projectId, quoteId }: { projectId: number; quoteId?: number }) {
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [draft, reload] = useRemote<OrderDraft>(`${projectId}|${quoteId ?? ''}|${lang}`, () => dispatch(loadOrderDraft({ projectId, lang, ...(quoteId !== undefined ? { quoteId } : {}) })).unwrap());
  // Leaving the page resets a finished or failed processing (spec §4 reset-completed, reset-error).
  useEffect(
    () => () => {
      dispatch(resetCompleted());
      dispatch(resetError());
    },
    [dispatch],
  );
  if (draft.status === 'loading') return <LoadingState />;
  if (draft.status === 'failed') return <DraftFailure projectId={projectId} httpStatus={draft.httpStatus} onRetry={reload} />;
  return <OrderForm key={draft.data.projectId} draft={draft.data} onReload={reload} />;
}

function DraftFailure({ projectId, httpStatus, onRetry }: { projectId: number; httpStatus: number; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow" aria-labelledby="order-title">
      <PageHeader titleId="order-title" title={t('orders.new.title')} />
      <Card role="alert">
        <p>{t(httpStatus === 404 ? 'orders.load.notFound' : httpStatus === 400 ? 'orders.load.quote' : 'orders.load.failed')}</p>
        <div className="order-actions">
          {httpStatus !== 404 && (
            <Button variant="secondary" onPress={onRetry}>
              {t('orders.retry')}
            </Button>
          )}
          <Link className="text-link" to={`/project/${projectId}`}>
            {t('orders.toProject')}
          </Link>
        </div>
      </Card>
    </section>
  );
}

/** A press on the confirmation sooner than this after the review opened is the review's own double click, not a confirmation. */
const CONFIRM_AFTER_MS = 600;

const FAULT_KEYS: Record<string, string> = {
  discontinued: 'orders.fault.discontinued',
  expired: 'orders.fault.expired',
  noReference: 'orders.fault.noReference',
  quantity: 'orders.fault.quantity',
};

function OrderForm({ draft, onReload }: { draft: OrderDraft; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const lang = useAppSelector((state) => state.preferences.lang);
  const processing = useAppSelector((state) => selectOrders(state).process);
  const [edit, setEdit] = useState<OrderEdit>(() => editOf(draft));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [others, setOthers] = useState<string[]>([]);
  const [showChecks, setShowChecks] = useState(false);
  // The review step (issue 34 §4): everything the order will say, then an explicit confirmation.
  const [reviewing, setReviewing] = useState(false);
  const reviewRef = useRef<HTMLElement>(null);
  const reviewOpenedAt = useRef(0);
  const attempt = useAttemptKey();
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);
  const check = useMemo(() => checkOrder(draft, edit), [draft, edit]);
  const ordered = draft.lines.filter((line) => edit.lines[line._id]);
  const kept = draft.lines.filter((line) => !orderable(line));
  const money = (amount: number, currency: string) => format.money(amount, currency);
  const message = (key: string) => t(i18n.exists(key) ? key : 'formError.invalid');

  useEffect(() => {
    if (processing.status === 'completed' || processing.status === 'failed') outcomeRef.current?.focus();
  }, [processing.status]);
  useEffect(() => {
    if (reviewing) reviewRef.current?.focus();
  }, [reviewing]);

  const setLine = (id: string, field: 'quantity' | 'shippingDate', value: string) => {
    setEdit((previous) => ({ ...previous, lines: { ...previous.lines, [id]: { ...(previous.lines[id] ?? { quantity: '', shippingDate: '' }), [field]: value } } }));
    setServerErrors(({ [`${id}.${field}`]: _dropped, ...rest }) => rest);
    if (processing.status === 'failed') dispatch(resetError());
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A second press while the first is on its way (a double click) is the same attempt: ignored.
    if (submitting.current) return;
    setShowChecks(true);
    if (!check.valid) {
      setReviewing(false);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.lm-field[data-invalid] :is(input, textarea), [aria-invalid="true"]')?.focus());
      return;
    }
    // First the review; the order goes only on the review's confirmation.
    if (!reviewing) {
      reviewOpenedAt.current = Date.now();
      setReviewing(true);
      return;
    }
    // The confirmation takes its own press: a double click on "Review" does not place the order.
    if (Date.now() - reviewOpenedAt.current < CONFIRM_AFTER_MS) return;
    const body = bodyOf(draft, edit, lang);
    submitting.current = true;
    const result = await dispatch(processOrder({ body, idempotencyKey: attempt.keyFor(body) })).finally(() => {
      submitting.current = false;
    });
    if (processOrder.fulfilled.match(result)) {
      if (result.payload.processOrderSuccess) attempt.done();
      return;
    }
    const error = result.payload?.error;
    if (error && isApiError(error) && error.ErrorCode === 400) {
      const { byField, rest } = refusalsOf(error.fields, body);
      setServerErrors(byField);
      setOthers(rest);
      // A field to change: back to the form, where the refusal shows beside it.
      if (Object.keys(byField).length > 0) setReviewing(false);
    } else setOthers([]);
  }

  if (draft.existingOrderId !== null || (processing.status === 'completed' && processing.result?.orderId)) {
    const orderId = processing.result?.orderId ?? draft.existingOrderId;
    const justNow = processing.status === 'completed';
    return (
      <section className="page page--narrow" aria-labelledby="order-title">
        <PageHeader titleId="order-title" title={t('orders.new.title')} />
        <Card className="order-outcome" role="status" tabIndex={-1} ref={outcomeRef}>
          <p className="order-outcome__lead">{t(justNow ? 'orders.new.processed' : 'orders.new.alreadyOrdered', { id: orderId, project: draft.projectName })}</p>
          {justNow && processing.result?.order?.delivery === 'skipped' && <p>{t('orders.delivery.skipped')}</p>}
          <div className="order-actions">
            <Link className="button-link" to={`/order/${orderId}`}>
              {t('orders.new.openOrder', { id: orderId })}
            </Link>
            <Link className="text-link" to="/orders">
              {t('orders.list.title')}
            </Link>
          </div>
        </Card>
      </section>
    );
  }

  const failure = processing.status === 'failed' ? (processing.result?.status === 403 ? 'orders.process.forbidden' : processing.result?.status === 200 ? 'orders.process.noClientCode' : processing.errorStatus === 409 ? 'orders.process.conflict' : processing.errorStatus === 400 ? 'orders.process.refused' : 'orders.process.failed') : null;

  return (
    <form ref={formRef} className="page order-page" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="order-title">
      <PageHeader
        className="order-page__header"
        titleId="order-title"
        eyebrow={
          <Link className="text-link" to={`/project/${draft.projectId}`}>
            {t('orders.toProject')}
          </Link>
        }
        title={t('orders.new.title')}
        lead={t(draft.quoteId !== null ? 'orders.new.leadQuote' : 'orders.new.lead', { project: draft.projectName, quote: draft.quoteId ?? '' })}
      >
        <StatList className="order-facts">
          <Stat label={t('orders.field.clientCode')} value={draft.clientCode ?? t('orders.new.noClientCode')} />
          <Stat label={t('orders.field.leadTime')} value={<span data-testid="order-lead-time">{t('orders.weeks', { count: check.leadTimeWeeks })}</span>} />
          <Stat label={t('orders.field.lines')} value={t('orders.new.linesCount', { count: ordered.length, total: draft.lines.length })} />
        </StatList>
        {draft.clientCode === null && <p className="order-note">{t('orders.new.noClientCodeNote')}</p>}
      </PageHeader>

      <Card title={t('orders.new.linesTitle')} titleId="order-lines-title">
        {ordered.length === 0 ? (
          <p>{t('orders.new.nothingToOrder')}</p>
        ) : (
          <ol className="order-lines">
            {ordered.map((line, index) => (
              <OrderLineEditor
                key={line._id}
                line={line}
                index={index}
                edit={edit.lines[line._id] ?? { quantity: '', shippingDate: '' }}
                check={check.lines[line._id]}
                showChecks={showChecks}
                serverErrors={serverErrors}
                currency={draft.currency}
                money={money}
                message={message}
                onChange={setLine}
                lang={lang}
              />
            ))}
          </ol>
        )}
        {kept.length > 0 && (
          <div className="order-kept">
            <h3>{t('orders.new.keptOut', { count: kept.length })}</h3>
            <ul>
              {kept.map((line) => (
                <li key={line._id}>
                  <strong>{line.referenceCode ?? line.model}</strong> {line.description} — {line.faults.filter((fault) => fault !== 'moq').map((fault) => t(FAULT_KEYS[fault] ?? 'orders.fault.quantity')).join(' · ')}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>

      <Card className="order-details" title={t('orders.new.detailsTitle')} titleId="order-details-title">
        <TextField
          label={t('orders.field.internalOrderNumber')}
          description={t('orders.field.internalOrderNumberHint', { max: INTERNAL_ORDER_NUMBER_MAX })}
          value={edit.internalOrderNumber}
          onChange={(value) => {
            setEdit((previous) => ({ ...previous, internalOrderNumber: value }));
            setServerErrors(({ internalOrderNumber: _dropped, ...rest }) => rest);
          }}
          isInvalid={Boolean(check.internalNumberError ?? serverErrors.internalOrderNumber)}
          errorMessage={message(check.internalNumberError ?? serverErrors.internalOrderNumber ?? '')}
        />
        <TextArea
          label={t('orders.field.comments')}
          value={edit.comments}
          maxLength={COMMENTS_MAX}
          onChange={(value) => {
            setEdit((previous) => ({ ...previous, comments: value }));
            setServerErrors(({ comments: _dropped, ...rest }) => rest);
          }}
          isInvalid={Boolean(check.commentsError ?? serverErrors.comments)}
          errorMessage={message(check.commentsError ?? serverErrors.comments ?? '')}
        />
        <fieldset className="order-delivery">
          <legend>{t('orders.field.delivery')}</legend>
          {([true, false] as const).map((together) => (
            <label key={String(together)} className="order-delivery__option">
              <input type="radio" name="sendTogether" checked={edit.sendTogether === together} onChange={() => setEdit((previous) => ({ ...previous, sendTogether: together }))} />
              <span>
                <strong>{t(together ? 'orders.delivery.together' : 'orders.delivery.separately')}</strong>
                <small>{t(together ? 'orders.delivery.togetherHint' : 'orders.delivery.separatelyHint')}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <DeliveryAddressPicker
          draft={draft}
          edit={edit}
          error={showChecks || edit.address.choice === 'other' ? (check.deliveryAddressError ?? serverErrors.deliveryAddress ?? null) : (serverErrors.deliveryAddress ?? null)}
          showError={showChecks || Boolean(serverErrors.deliveryAddress)}
          message={message}
          onChange={(address) => {
            setEdit((previous) => ({ ...previous, address }));
            setServerErrors(({ deliveryAddress: _dropped, ...rest }) => rest);
          }}
        />
      </Card>

      {reviewing && check.valid && (
        <OrderReview
          draft={draft}
          edit={edit}
          leadTimeWeeks={check.leadTimeWeeks}
          reviewRef={reviewRef}
          // The review pushes the page down: a double click on "Review" may land its second press here; it is not a request to change.
          onEdit={() => {
            if (Date.now() - reviewOpenedAt.current >= CONFIRM_AFTER_MS) setReviewing(false);
          }}
        />
      )}

      <div className="order-submit" aria-live="polite">
        {failure && (
          <div className="order-failure" role="alert" tabIndex={-1} ref={outcomeRef}>
            <p>{t(failure)}</p>
            {others.map((key) => (
              <p key={key}>{message(key)}</p>
            ))}
            {processing.errorStatus === 409 && (
              <Button variant="secondary" onPress={onReload}>
                {t('orders.retry')}
              </Button>
            )}
          </div>
        )}
        {showChecks && !check.valid && !failure && <p className="order-failure">{t('orders.new.fixLines')}</p>}
        <Button type="submit" isDisabled={ordered.length === 0 || processing.status === 'pending'}>
          {processing.status === 'pending' ? t('orders.new.processing') : reviewing && check.valid ? t('orders.review.confirm') : t('orders.review.open')}
        </Button>
      </div>
    </form>
  );
}

interface AddressPickerProps {
  draft: OrderDraft;
  edit: OrderEdit;
  error: string | null;
  showError: boolean;
  message: (key: string) => string;
  onChange: (address: OrderEdit['address']) => void;
}

/** Where the order goes (issue 34 §4): one of the company's addresses (billing first, then earlier deliveries) or another one typed. */
function DeliveryAddressPicker({ draft, edit, error, showError, message, onChange }: AddressPickerProps) {
  const { t } = useTranslation();
  const addresses = draft.deliveryAddresses ?? [];
  return (
    <fieldset className="order-delivery order-address">
      <legend>{t('orders.address.legend')}</legend>
      {addresses.map((lines, index) => (
        <label key={lines.join('|')} className="order-delivery__option">
          <input type="radio" name="deliveryAddress" checked={edit.address.choice === index} onChange={() => onChange({ ...edit.address, choice: index })} />
          <span>
            <strong>{t(index === 0 && draft.buyer ? 'orders.address.billing' : 'orders.address.earlier')}</strong>
            <small className="order-address__lines">{lines.join(', ')}</small>
          </span>
        </label>
      ))}
      <label className="order-delivery__option">
        <input type="radio" name="deliveryAddress" checked={edit.address.choice === 'other'} onChange={() => onChange({ ...edit.address, choice: 'other' })} />
        <span>
          <strong>{t('orders.address.other')}</strong>
        </span>
      </label>
      {edit.address.choice === 'other' && (
        <TextArea
          label={t('orders.address.otherLabel')}
          description={t('orders.address.otherHint')}
          value={edit.address.other}
          maxLength={6 * 121}
          onChange={(value) => onChange({ ...edit.address, other: value })}
          isInvalid={showError && Boolean(error)}
          errorMessage={showError && error ? message(error) : undefined}
        />
      )}
      {edit.address.choice !== 'other' && showError && error && (
        <p className="order-failure" role="alert">
          {message(error)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The review before the order goes (issue 34 §4): each line with its configuration, quantity, unit
 * and line net and requested date; the net, the tax at its rate and the total with tax; the delivery
 * and billing addresses, the delivery mode (together: one planned date, the latest line's) and the
 * notes. The order is placed only by the confirmation under it.
 */
function OrderReview({ draft, edit, leadTimeWeeks, reviewRef, onEdit }: { draft: OrderDraft; edit: OrderEdit; leadTimeWeeks: number; reviewRef: React.RefObject<HTMLElement | null>; onEdit: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const day = useDay();
  const lang = useAppSelector((state) => state.preferences.lang);
  const money = (amount: number) => format.money(amount, draft.currency);
  const percent = (value: number) => format.number(value / 100, { style: 'percent', maximumFractionDigits: 3 });
  const figures = orderFiguresOf(draft, edit);
  const lines = draft.lines.filter((line) => edit.lines[line._id]);
  const dates = lines.map((line) => edit.lines[line._id]?.shippingDate ?? '').filter(Boolean).sort();
  const latest = dates[dates.length - 1] ?? null;
  const catalogId = draft.currency === 'USD' ? 21 : 16;
  return (
    <Card className="order-review" title={t('orders.review.title')} titleId="order-review-title" tabIndex={-1} ref={reviewRef}>
      <p>{t('orders.review.lead')}</p>
      <table className="order-review__lines">
        <caption className="lm-visually-hidden">{t('orders.review.linesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.review.product')}</th>
            <th scope="col" className="order-review__num">
              {t('orders.review.quantity')}
            </th>
            <th scope="col" className="order-review__num">
              {t('orders.review.unitNet')}
            </th>
            <th scope="col" className="order-review__num">
              {t('orders.review.lineNet')}
            </th>
            <th scope="col">{t('orders.review.date')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const lineEdit = edit.lines[line._id];
            const configuration = configurationOf(line, catalogId, lang);
            const total = figures.lines[line._id];
            return (
              <tr key={line._id}>
                <th scope="row">
                  <span className="order-review__name">{line.description}</span>
                  <span className="order-review__code">{line.referenceCode ?? line.model}</span>
                  {configuration && <span className="order-review__configuration">{configuration}</span>}
                </th>
                <td className="order-review__num" data-label={t('orders.review.quantity')}>
                  {format.number(Number(lineEdit?.quantity ?? 0))}
                </td>
                <td className="order-review__num" data-label={t('orders.review.unitNet')}>
                  {line.price ? money(line.price.unitNet) : '—'}
                </td>
                <td className="order-review__num" data-label={t('orders.review.lineNet')}>
                  {total === null || total === undefined ? '—' : money(total)}
                </td>
                <td data-label={t('orders.review.date')}>{edit.sendTogether ? day(latest) : day(lineEdit?.shippingDate ?? null)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {figures.summary && (
        <dl className="quote-totals order-review__totals">
          <div className="quote-totals__before-tax">
            <dt>{t('orders.review.net')}</dt>
            <dd>{money(figures.summary.net)}</dd>
          </div>
          {figures.summary.taxes.map((tax) => (
            <div key={tax.rate}>
              <dt>{t('orders.review.tax', { percent: percent(tax.rate), base: money(tax.base) })}</dt>
              <dd>{money(tax.amount)}</dd>
            </div>
          ))}
          <div className="quote-totals__net">
            <dt>{t('orders.review.total')}</dt>
            <dd>{money(figures.summary.total)}</dd>
          </div>
        </dl>
      )}
      <dl className="order-review__facts">
        <div>
          <dt>{t('orders.address.delivery')}</dt>
          <dd className="order-review__address">
            {deliveryAddressOf(draft, edit).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('orders.address.billingTitle')}</dt>
          <dd className="order-review__address">
            {draft.buyer ? [draft.buyer.name, ...draft.buyer.billingAddress, ...(draft.buyer.vatId ? [t('orders.address.vatId', { id: draft.buyer.vatId })] : [])].map((line) => <span key={line}>{line}</span>) : t('orders.address.noBilling')}
          </dd>
        </div>
        <div>
          <dt>{t('orders.field.delivery')}</dt>
          <dd>{edit.sendTogether ? t('orders.review.together', { date: day(latest, 'long') }) : t('orders.review.separately')}</dd>
        </div>
        <div>
          <dt>{t('orders.field.leadTime')}</dt>
          <dd>{t('orders.weeks', { count: leadTimeWeeks })}</dd>
        </div>
        {edit.internalOrderNumber.trim() && (
          <div>
            <dt>{t('orders.field.internalOrderNumber')}</dt>
            <dd>{edit.internalOrderNumber.trim()}</dd>
          </div>
        )}
        {edit.comments.trim() && (
          <div>
            <dt>{t('orders.field.comments')}</dt>
            <dd className="order-review__comments">{edit.comments}</dd>
          </div>
        )}
      </dl>
      <Button variant="secondary" onPress={onEdit}>
        {t('orders.review.edit')}
      </Button>
    </Card>
  );
}

interface LineEditorProps {
  line: OrderDraftLine;
  index: number;
  edit: { quantity: string; shippingDate: string };
  check: ReturnType<typeof checkOrder>['lines'][string] | undefined;
  showChecks: boolean;
  serverErrors: Record<string, string>;
  currency: 'EUR' | 'USD';
  money: (amount: number, currency: string) => string;
  message: (key: string) => string;
  onChange: (id: string, field: 'quantity' | 'shippingDate', value: string) => void;
  lang: Lang;
}

function OrderLineEditor({ line, index, edit, check, showChecks, serverErrors, currency, money, message, onChange, lang }: LineEditorProps) {
  const { t } = useTranslation();
  const name = line.description || (line.referenceCode ?? line.model);
  const code = line.referenceCode ?? line.model;
  // The MOQ message shows as soon as the quantity is below it (the user sees what to change at once).
  const quantityError = serverErrors[`${line._id}.quantity`] ?? (check?.quantityError === 'formError.belowMoq' || showChecks ? check?.quantityError : null) ?? null;
  const shippingError = serverErrors[`${line._id}.shippingDate`] ?? (showChecks ? check?.shippingError : null) ?? null;
  const valid = check ? !check.quantityError && !check.shippingError : line.valid;
  const unitNet = line.price ? line.price.unitNet : null;
  const lineTotal = check?.quantity != null ? lineTotalOf(line, check.quantity) : null;
  return (
    <li className="order-line" data-valid={valid ? 'true' : 'false'} aria-label={t('orders.new.lineLabel', { index: index + 1, name })}>
      <div className="order-line__what">
        <p className="order-line__description">{name}</p>
        {code !== name && <p className="order-line__reference">{code}</p>}
        {configurationOf(line, currency === 'USD' ? 21 : 16, lang) && <p className="order-line__configuration">{configurationOf(line, currency === 'USD' ? 21 : 16, lang)}</p>}
        <AvailabilityBadge availability={line.availability} />
        <Badge tone={valid ? 'success' : 'danger'}>{t(valid ? 'orders.validation.valid' : 'orders.validation.toFix')}</Badge>
      </div>
      <div className="order-line__moq">
        {Object.entries(check?.references ?? line.references).map(([reference, ref]) => (
          <p key={reference} className={ref.valid ? '' : 'order-line__moq--short'}>
            {t(ref.valid ? 'orders.moq.ok' : 'orders.moq.short', { reference, moq: ref.moq, quantity: ref.quantity })}
          </p>
        ))}
        {check?.quantityError === 'formError.belowMoq' && <p className="order-line__hint">{t('orders.moq.change', { quantity: line.minimumQuantity })}</p>}
      </div>
      <div className="order-line__inputs">
        <TextField
          label={t('orders.field.quantityOf', { name })}
          className="order-line__quantity"
          value={edit.quantity}
          onChange={(value) => onChange(line._id, 'quantity', value)}
          isInvalid={Boolean(quantityError)}
          errorMessage={quantityError ? message(quantityError) : undefined}
        />
        <DatePicker
          label={t('orders.field.shippingDateOf', { name })}
          // A line that waits for nothing (in stock, issue 34 §4) has no lead time to announce beside its availability.
          description={(check?.leadTimeWeeks ?? line.leadTimeWeeks) === 0 ? t('orders.field.shippingDateNoWait') : t('orders.field.shippingDateHint', { count: check?.leadTimeWeeks ?? line.leadTimeWeeks })}
          value={edit.shippingDate || null}
          minValue={check?.earliestShippingDate ?? line.earliestShippingDate}
          onChange={(value) => onChange(line._id, 'shippingDate', value ?? '')}
          isInvalid={Boolean(shippingError)}
          errorMessage={shippingError ? message(shippingError) : undefined}
          lang={lang}
        />
      </div>
      <div className="order-line__price">
        {unitNet !== null ? <span>{t('orders.field.unitNet', { price: money(unitNet, currency) })}</span> : null}
        {lineTotal !== null ? <strong className="order-line__total">{t('orders.field.lineNet', { price: money(lineTotal, currency) })}</strong> : null}
      </div>
    </li>
  );
}
